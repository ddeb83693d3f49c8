/**
 * API keys (docs/service.md#api-keys): `vf_` + 32 random bytes in base62, shown once. Only the SHA-256 hash and
 * a short display prefix are stored; a presented key is hashed and compared in constant time.
 */
import crypto, { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PREFIX = 'vf_';
const RANDOM_BYTES = 32;
/** Base62 digits of 32 bytes (62^43 > 2^256), padded so that every key has the same length. */
const KEY_DIGITS = 43;
const KEY_LENGTH = KEY_PREFIX.length + KEY_DIGITS;
const KEY_SHAPE = /^vf_[0-9A-Za-z]{43}$/;
/** `vf_` and four characters: enough for a person to tell keys apart, far too little to guess one. */
const DISPLAY_PREFIX_LENGTH = KEY_PREFIX.length + 4;

function base62(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let out = '';
  while (value > 0n) {
    out = BASE62[Number(value % 62n)] + out;
    value /= 62n;
  }
  return out.padStart(KEY_DIGITS, '0');
}

/**
 * Whether `text` has the shape of a key (`vf_` and 43 base62 characters). Anything else cannot be
 * a key and is refused before it is hashed or looked up, so a malformed key costs no more than this.
 */
export function hasKeyShape(text: string): boolean {
  return text.length === KEY_LENGTH && KEY_SHAPE.test(text);
}

// crypto.hash (Node 20.12 and later) hashes in one call, about three times faster than a Hash
// object; every validation request hashes the key it presents.
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

/** SHA-256 of a key, lower-case hex: the only form in which a key is stored. */
export function hashApiKey(key: string): string {
  if (oneShotHash !== undefined) return oneShotHash('sha256', key, 'hex');
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A key as made: the key itself, its hash and its display prefix. */
export interface GeneratedKey {
  key: string;
  hash: string;
  displayPrefix: string;
}

/** A new random key, its hash and its display prefix. The key itself must be shown once, then forgotten. */
export function generateApiKey(): GeneratedKey {
  const key = KEY_PREFIX + base62(randomBytes(RANDOM_BYTES));
  return { key, hash: hashApiKey(key), displayPrefix: key.slice(0, DISPLAY_PREFIX_LENGTH) };
}

/** Constant-time comparison of two hex hashes of equal length. */
export function hashesMatch(expected: string, actual: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(actual, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

const DURATION = /^(\d{1,6})([hdwy])$/;
const HOURS_PER_UNIT = { h: 1, d: 24, w: 24 * 7, y: 24 * 365 } as const;
/**
 * The longest life a key may be given, 10 years: a longer one is a typo, or a wish for `never` that
 * the operator should say as such (999999y once made a key that silently never expired).
 */
export const MAX_KEY_LIFETIME_HOURS = 10 * HOURS_PER_UNIT.y;

/**
 * The expiry of a key created at `now` from a duration such as `12h`, `30d`, `8w`, `1y` (10 years at
 * most), or `never` (null). Throws a RangeError naming the accepted forms for anything else.
 */
export function expiryFrom(duration: string, now: Date): Date | null {
  if (duration === 'never') return null;
  const match = DURATION.exec(duration);
  if (!match || Number(match[1]) === 0) {
    throw new RangeError(`expiry "${duration}" is not a duration: use e.g. 12h, 30d, 8w, 1y or never`);
  }
  const hours = Number(match[1]) * HOURS_PER_UNIT[match[2] as keyof typeof HOURS_PER_UNIT];
  if (hours > MAX_KEY_LIFETIME_HOURS) {
    throw new RangeError(`expiry "${duration}" is longer than 10 years: use at most 10y (3650d, 521w), or never`);
  }
  return new Date(now.getTime() + hours * 3_600_000);
}
