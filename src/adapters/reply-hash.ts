/**
 * The proof an evidence record keeps that an answer is the registry's own: the SHA-256 of the
 * reply's bytes exactly as they arrived (VatRegistryAnswer.replySha256 in src/ports.ts).
 */
import { createHash } from 'node:crypto';

/** Statuses whose Response may not carry a body (the Fetch standard's "null body status"). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` for one call that reads the reply's bytes itself and hashes them before handing a copy
 * on: `Response.text()` drops a byte order mark and replaces bytes that are not UTF-8, so a hash of
 * the decoded text would not be the hash of what the registry sent. The body is read inside the
 * call, so the caller's time budget and signal still cover it. (A compressed reply is hashed as
 * decoded: fetch removes the transfer's Content-Encoding before anyone sees the body.)
 */
export function hashingFetch(fetchImpl: typeof fetch): { fetch: typeof fetch; sha256(): string | undefined } {
  let digest: string | undefined;
  const hashed: typeof fetch = async (input, init) => {
    const response = await fetchImpl(input, init);
    const bytes = new Uint8Array(await response.arrayBuffer());
    digest = createHash('sha256').update(bytes).digest('hex');
    return new Response(NULL_BODY_STATUSES.has(response.status) ? null : bytes, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return { fetch: hashed, sha256: () => digest };
}
