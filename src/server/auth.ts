/**
 * API key checks of the validation endpoints (SPEC.md 5, DESIGN.md 4): the `X-API-KEY` header is
 * hashed, looked up by hash (with a few seconds of in-memory cache, so a hot key costs no store
 * round trip), compared in constant time, then checked for revocation, expiry and scope.
 */
import type { Clock } from '../ports.js';
import type { ErrorCode } from '../result.js';
import { ERROR_MESSAGES, forbiddenMessage } from './errors.js';
import { hashApiKey, hashesMatch } from './keys.js';
import type { Account, ApiKeyRecord, Field, Store } from './store/types.js';

/** `vf_` and 43 base62 characters: anything else cannot be a key and is refused without a lookup. */
const KEY_SHAPE = /^vf_[0-9A-Za-z]{43}$/;
/** How long a lookup is reused: a revoked key stops working within this time. */
export const DEFAULT_KEY_CACHE_MS = 5_000;
/** Most lookups kept; random keys from a scanner must not grow the cache without bound. */
const MAX_CACHED_LOOKUPS = 10_000;

export type AuthOutcome =
  | { ok: true; key: ApiKeyRecord; account: Account }
  | { ok: false; status: 401 | 403; code: ErrorCode; message: string };

export interface Authenticator {
  /** Checks the presented key (the raw header, or undefined) for a request to `field`. */
  authenticate(presented: string | undefined, field: Field): Promise<AuthOutcome>;
}

export interface AuthenticatorOptions {
  store: Pick<Store, 'keys'>;
  /** Clock of the expiry check. */
  now: Clock;
  /** Milliseconds a lookup is reused; 0 turns the cache off. Default {@link DEFAULT_KEY_CACHE_MS}. */
  cacheMs?: number;
}

type Found = { key: ApiKeyRecord; account: Account } | null;

const MISSING: AuthOutcome = Object.freeze({
  ok: false,
  status: 401,
  code: 'MISSING_API_KEY',
  message: ERROR_MESSAGES.MISSING_API_KEY,
});
const INVALID: AuthOutcome = Object.freeze({
  ok: false,
  status: 401,
  code: 'INVALID_API_KEY',
  message: ERROR_MESSAGES.INVALID_API_KEY,
});
const EXPIRED: AuthOutcome = Object.freeze({
  ok: false,
  status: 401,
  code: 'EXPIRED_API_KEY',
  message: ERROR_MESSAGES.INVALID_API_KEY,
});

/** An {@link Authenticator} over the store's keys. */
export function createAuthenticator(options: AuthenticatorOptions): Authenticator {
  const { store, now } = options;
  const cacheMs = options.cacheMs ?? DEFAULT_KEY_CACHE_MS;
  // In-flight lookups are cached too, so a burst on one key asks the store once.
  const cache = new Map<string, { found: Promise<Found>; until: number }>();

  function lookup(hash: string): Promise<Found> {
    if (cacheMs <= 0) return store.keys.findByHash(hash);
    const time = Date.now();
    const cached = cache.get(hash);
    if (cached !== undefined && cached.until > time) return cached.found;
    if (cache.size >= MAX_CACHED_LOOKUPS) cache.clear();
    const found = store.keys.findByHash(hash);
    cache.set(hash, { found, until: time + cacheMs });
    // A failed lookup (store down) must not be remembered.
    found.catch(() => cache.delete(hash));
    return found;
  }

  return {
    async authenticate(presented, field) {
      if (presented === undefined || presented.trim() === '') return MISSING;
      const key = presented.trim();
      if (!KEY_SHAPE.test(key)) return INVALID;
      const hash = hashApiKey(key);
      const found = await lookup(hash);
      if (found === null || !hashesMatch(found.key.hash, hash)) return INVALID;
      if (found.key.revokedAt !== null) return INVALID;
      if (found.key.expiresAt !== null && found.key.expiresAt.getTime() <= now().getTime()) return EXPIRED;
      if (!found.key.scopes.includes(field)) {
        return { ok: false, status: 403, code: 'FORBIDDEN', message: forbiddenMessage(field) };
      }
      return { ok: true, key: found.key, account: found.account };
    },
  };
}
