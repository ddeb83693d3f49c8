/**
 * The `Verifield-Signature` header (docs/service.md#webhooks): `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "t.body" under the account's secret>`, the scheme receivers know from other
 * services' webhooks. The time inside the signed text lets a receiver refuse a replayed request.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The name of the header that carries the signature. */
export const SIGNATURE_HEADER = 'Verifield-Signature';

/** Seconds a receiver accepts between the signature's time and its clock, unless told otherwise. */
export const DEFAULT_TOLERANCE_S = 300;

function hmacHex(secret: string, t: number, body: string): string {
  return createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
}

/**
 * The header value that signs `body` at `t` (unix seconds) under `secret`.
 * @example
 * ```ts
 * signPayload('whsec_test', '{"id":"evt_1"}', 1767225600).startsWith('t=1767225600,v1='); // true
 * ```
 */
export function signPayload(secret: string, body: string, t: number): string {
  return `t=${t},v1=${hmacHex(secret, t, body)}`;
}

/**
 * Whether `header` signs `body` under `secret` within `toleranceS` seconds of `nowS` (unix seconds,
 * default the clock). Any `v1=` in the header may match (a sender may list several); the digests
 * are compared in constant time. Never throws: a malformed header is false.
 * @example
 * ```ts
 * const header = signPayload('whsec_test', 'body', 1767225600);
 * verifySignature(header, 'body', 'whsec_test', 300, 1767225700); // true
 * verifySignature(header, 'body!', 'whsec_test', 300, 1767225700); // false
 * // Signed 400 s before: older than the tolerance.
 * verifySignature(header, 'body', 'whsec_test', 300, 1767226000); // false
 * ```
 */
export function verifySignature(header: string | null | undefined, body: string, secret: string, toleranceS = DEFAULT_TOLERANCE_S, nowS = Math.floor(Date.now() / 1000)): boolean {
  if (typeof header !== 'string' || header.length > 4096) return false;
  let t: number | null = null;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === 't' && /^\d{1,12}$/.test(value)) t = Number(value);
    else if (name === 'v1' && /^[0-9a-f]{64}$/.test(value)) candidates.push(value);
  }
  if (t === null || candidates.length === 0 || Math.abs(nowS - t) > toleranceS) return false;
  const expected = Buffer.from(hmacHex(secret, t, body), 'hex');
  let matched = false;
  // Every candidate is compared, so the time taken says nothing of which one matched.
  for (const candidate of candidates) if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) matched = true;
  return matched;
}
