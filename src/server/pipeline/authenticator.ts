/**
 * The service's one authenticator (every /api/v1 endpoint: validation, jobs, watches, evidence),
 * created once per runtime with one cache policy (`keyCacheMs`). The key, sent in the `X-API-KEY` header or as
 * `Authorization: Bearer <key>` (see {@link presentedKey}), is checked for the key shape (anything
 * else is refused without hashing it), hashed, looked up by hash (through the caches of
 * key-lookups.ts, so neither a hot key nor a repeated unknown one costs a store query), compared
 * in constant time, then checked for revocation, expiry, its account's suspension and scope
 * ({@link createAuthenticator}).
 */
import type { Clock } from '../../ports.js';
import type { ErrorCode } from '../../result.js';
import { ERROR_MESSAGES } from '../answers/errors.js';
import { admission } from './admission.js';
import { createKeyLookups, type FoundKey, type KeySource } from './key-lookups.js';
import { hasKeyShape, hashApiKey, hashesMatch } from '../admin/api-keys.js';
import type { Account, AccountRepository, ApiKeyRecord, Field, KeyRepository } from '../storage/types.js';

/**
 * How long a lookup is reused: a key revoked or created by another process (the admin CLI) takes
 * effect within this time.
 */
export const DEFAULT_KEY_CACHE_MS = 2_000;

export type AuthOutcome =
  | { ok: true; key: ApiKeyRecord; account: Account }
  /**
   * `account` is there when the key is good but lacks the scope (403): its quota state can be told.
   * `holder` is there whenever the key was found (revoked, expired, suspended, out of scope): the
   * refusal goes to its account's usage log.
   */
  | { ok: false; status: 401 | 403; code: ErrorCode; message: string; account?: Account; holder?: { key: ApiKeyRecord; account: Account } };

/** The key a request presents: one key (or none), or two different ones. */
export type PresentedKey = { ok: true; key: string | undefined } | { ok: false; status: 401; code: ErrorCode; message: string };

const BEARER = /^[ \t]*bearer[ \t]+(.*)$/i;

const CONFLICTING: PresentedKey = Object.freeze({
  ok: false,
  status: 401,
  code: 'CONFLICTING_API_KEYS',
  message: ERROR_MESSAGES.CONFLICTING_API_KEYS,
});

/** The token of an `Authorization: Bearer <token>` header (the scheme in any case); undefined for none or another scheme. */
export function bearerToken(authorization: string | null | undefined): string | undefined {
  const bearer = authorization === null || authorization === undefined ? null : BEARER.exec(authorization);
  const token = bearer === null ? '' : (bearer[1] as string).trim();
  return token === '' ? undefined : token;
}

/**
 * The API key of a request, from its `X-API-KEY` and `Authorization` headers (null when absent).
 * `Authorization: Bearer <key>` is read like `X-API-KEY` (the scheme in any case); another scheme
 * (Basic, say, added by a proxy) is not a key and is ignored. Both headers may carry the same key;
 * two different keys are refused rather than one of them picked, so that a client never spends
 * the quota of an account it did not mean.
 */
export function presentedKey(xApiKey: string | null, authorization: string | null): PresentedKey {
  const fromHeader = xApiKey === null || xApiKey.trim() === '' ? undefined : xApiKey.trim();
  const fromBearer = bearerToken(authorization);
  if (fromHeader !== undefined && fromBearer !== undefined && fromHeader !== fromBearer) return CONFLICTING;
  return { ok: true, key: fromHeader ?? fromBearer };
}

export interface Authenticator {
  /** Checks the presented key (see {@link presentedKey}; undefined when none) for a request to `field`. */
  authenticate(presented: string | undefined, field: Field): Promise<AuthOutcome>;
  /**
   * Whether the presented key is known, from the cache alone, to be good for `field` (not revoked,
   * expired or suspended, with the scope): no store query, and no hash for a key of the wrong shape.
   * A source over its budget of failures still gets through with such a key (validate.ts).
   */
  knownGood(presented: string | undefined, field: Field): boolean;
  /**
   * The key `keyId` of `accountId` and its account, as the cache holds them (null: no such key):
   * what a job line or a watch re-check is admitted with (admission.ts), with the key cache's age
   * cap, so that a key revoked or narrowed, or an account suspended, stops its background work when
   * it stops its requests.
   */
  holderOf(accountId: string, keyId: string): FoundKey | Promise<FoundKey>;
}

export interface AuthenticatorOptions {
  /** The store's keys (Store['keys'] fits). */
  store: { keys: KeySource };
  /** Where {@link Authenticator.holderOf} reads keys by id (a Store fits); none: it rejects (an authenticator of requests only). */
  byId?: HolderSource;
  /** Clock of the expiry check. */
  now: Clock;
  /** Milliseconds a lookup is reused; 0 turns the cache off. Default {@link DEFAULT_KEY_CACHE_MS}. */
  cacheMs?: number;
  /** Milliseconds of the cache's own clock (tests pass a fake); default performance.now. */
  cacheTicks?: () => number;
}

/** A 401 outcome, made once and shared by every request it answers. */
const unauthorized = (code: ErrorCode, message: string): AuthOutcome => Object.freeze({ ok: false, status: 401, code, message });

const MISSING = unauthorized('MISSING_API_KEY', ERROR_MESSAGES.MISSING_API_KEY);
const INVALID = unauthorized('INVALID_API_KEY', ERROR_MESSAGES.INVALID_API_KEY);

/** The store's keys and accounts as {@link Authenticator.holderOf} reads them. */
export interface HolderSource {
  keys: Pick<KeyRepository, 'list'>;
  accounts: Pick<AccountRepository, 'get'>;
}

/** The key of `keyId` and its account, read by id (background work knows the key that asked, not its secret). */
async function holderById(source: HolderSource | undefined, ref: string): Promise<FoundKey> {
  if (source === undefined) throw new Error('this authenticator reads no key by id');
  const { keys, accounts } = source;
  const [accountId = '', keyId] = ref.split(HOLDER_REF_SEPARATOR);
  const [account, list] = await Promise.all([accounts.get(accountId), keys.list(accountId)]);
  const key = list.find((listed) => listed.id === keyId);
  return account === null || key === undefined ? null : { key, account };
}

/** Between the account id and the key id of a holder's cache entry: neither id contains it. */
const HOLDER_REF_SEPARATOR = '\n';

/** An {@link Authenticator} over the store's keys. */
export function createAuthenticator(options: AuthenticatorOptions): Authenticator {
  const { store, now } = options;
  const cacheMs = options.cacheMs ?? DEFAULT_KEY_CACHE_MS;
  const ticks = options.cacheTicks === undefined ? {} : { ticks: options.cacheTicks };
  const lookups = cacheMs <= 0 ? null : createKeyLookups(store.keys, { maxAgeMs: cacheMs, ...ticks });
  const lookup: (hash: string) => FoundKey | Promise<FoundKey> = lookups === null ? (hash) => store.keys.findByHash(hash) : lookups.find;
  // Keys read by id, with the same age cap and the same drop on a new keys version as keys read by hash.
  const byId: KeySource = { findByHash: (ref) => holderById(options.byId, ref), ...(store.keys.version === undefined ? {} : { version: () => (store.keys.version as () => Promise<string>).call(store.keys) }) };
  const holders = cacheMs <= 0 ? null : createKeyLookups(byId, { maxAgeMs: cacheMs, ...ticks });

  /** The outcome of the key `found` for `hash` (null: no such key) on a request to `field`: admission.ts decides. */
  function outcome(found: FoundKey, hash: string, field: Field): AuthOutcome {
    if (found === null || !hashesMatch(found.key.hash, hash)) return INVALID;
    const refused = admission(found, field, now());
    if (refused === null) return { ok: true, key: found.key, account: found.account };
    const holder = { key: found.key, account: found.account };
    // A 403 names the account: the key is good, and its quota state can be told.
    return refused.status === 403
      ? { ok: false, status: 403, code: refused.code, message: refused.message, account: found.account, holder }
      : { ok: false, status: refused.status, code: refused.code, message: refused.message, holder };
  }

  return {
    async authenticate(presented, field) {
      if (presented === undefined || presented.trim() === '') return MISSING;
      const key = presented.trim();
      if (!hasKeyShape(key)) return INVALID;
      const hash = hashApiKey(key);
      return outcome(await lookup(hash), hash, field);
    },
    holderOf(accountId, keyId) {
      const ref = `${accountId}${HOLDER_REF_SEPARATOR}${keyId}`;
      return holders === null ? byId.findByHash(ref) : holders.find(ref);
    },
    knownGood(presented, field) {
      const key = presented?.trim();
      if (lookups === null || key === undefined || !hasKeyShape(key)) return false;
      const hash = hashApiKey(key);
      const found = lookups.cached(hash);
      return found !== undefined && outcome(found, hash, field).ok;
    },
  };
}

