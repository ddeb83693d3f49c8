/**
 * The proof an adapter keeps with an answer: the SHA-256 of the registry's reply body, byte for
 * byte as received (`VatRegistryAnswer.replySha256`). Shared by every registry adapter (VIES, HMRC,
 * the Swiss UID register, Brønnøysund), so that each hashes the same way.
 */
import { createHash } from 'node:crypto';

/** Statuses whose Response may not carry a body (the Fetch standard's "null body status"). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** A `fetch` that remembers the hash of the last reply it read. */
export interface HashingFetch {
  /** Use in place of the wrapped `fetch`. */
  fetch: typeof fetch;
  /** Hex SHA-256 of the last reply body read; undefined before any reply. */
  sha256(): string | undefined;
}

/**
 * A `fetch` for one call that reads the reply's bytes itself and hashes them before handing a copy
 * on: `Response.text()` drops a byte order mark and replaces bytes that are not UTF-8, so a hash of
 * the decoded text would not be the hash of what the registry sent. The body is read inside the
 * call, so the caller's time budget and signal still cover it. (A compressed reply is hashed as
 * decoded: fetch removes the transfer's Content-Encoding before anyone sees the body.)
 */
export function hashingFetch(fetchImpl: typeof fetch): HashingFetch {
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
