/**
 * Accounts and their API keys: the records, and the repositories the service reads and writes them
 * through (docs/architecture.md#stores).
 */
import { FIELD_NAMES, type FieldName } from '../../../fields/catalog.js';

/** The plans of docs/service.md#plans. */
export type Plan = 'FREE' | 'STARTER' | 'GROWTH' | 'PRO';

/** The validation endpoints, which are also the scopes a key can carry: the fields of src/fields/catalog.ts. */
export type Field = FieldName;

/** Every validation endpoint, in the order of docs/service.md#endpoints. */
export const FIELDS: readonly Field[] = FIELD_NAMES;

/** A customer account: one plan, one quota, its own keys. */
export interface Account {
  /** Stable identifier (a UUID). */
  id: string;
  /** Name people know the account by. */
  name: string;
  /** The plan that sets quota, concurrency, key maximum and email depth. */
  plan: Plan;
  /** Subscription start day (YYYY-MM-DD): anchors the billing periods. */
  subscriptionStart: string;
  /** The account's own VAT number (prefix included), sent to VIES as requester; null if none. */
  vatNumber: string | null;
  /** When the account was created. */
  createdAt: Date;
  /** When the operator suspended the account (its keys then answer 401 ACCOUNT_SUSPENDED); null while active. */
  suspendedAt: Date | null;
  /** How often the account's VAT watches are re-checked, in milliseconds; null: the service's default (`watchIntervalMs`). */
  watchIntervalMs: number | null;
}

/** What `accounts.update` may change; absent members stay as they are. */
export interface AccountChange {
  /** Name people know the account by. */
  name?: string;
  /** The plan. */
  plan?: Plan;
  /** The account's own VAT number (prefix included), or null. */
  vatNumber?: string | null;
  /** true: suspend (keeps the first suspension time if already suspended); false: resume. */
  suspended?: boolean;
  /** The account's watch interval in milliseconds (a positive integer), or null for the service's default. */
  watchIntervalMs?: number | null;
}

/** What `accounts.create` needs. */
export interface NewAccount {
  /** Name people know the account by. */
  name: string;
  /** The plan. */
  plan: Plan;
  /** Subscription start day (YYYY-MM-DD). */
  subscriptionStart: string;
  /** The account's own VAT number (prefix included), or null. */
  vatNumber: string | null;
}

/** An API key as stored: never the key itself, only its SHA-256 hash and a display prefix. */
export interface ApiKeyRecord {
  /** Stable identifier, used to list and revoke the key. */
  id: string;
  /** The account the key belongs to. */
  accountId: string;
  /** Name given at creation (e.g. "web shop"). */
  name: string;
  /** First characters of the key, for people to recognise it (e.g. "vf_3kP9"). */
  displayPrefix: string;
  /** SHA-256 of the whole key, lower-case hex. */
  hash: string;
  /** The endpoints the key may call: with `allFields`, every field of the running build. */
  scopes: Field[];
  /**
   * true: the key's scope is "all fields", which covers fields added after it was created; absent
   * or false: `scopes` is the list chosen at creation, kept as it is (docs/service.md#api-keys).
   */
  allFields?: boolean;
  /** null: never expires. */
  expiresAt: Date | null;
  /** null: not revoked. */
  revokedAt: Date | null;
  /** When the key was created. */
  createdAt: Date;
}

/**
 * What `keys.create` stores: the hash, never the key; the fields mean what they mean in
 * {@link ApiKeyRecord} (with `allFields`, `scopes` is not read: the key covers every field).
 */
export type NewApiKey = Pick<ApiKeyRecord, 'accountId' | 'name' | 'displayPrefix' | 'hash' | 'scopes' | 'allFields' | 'expiresAt'>;

/** Thrown by `keys.create` when the plan's maximum of live keys is reached. */
export class KeyLimitError extends Error {
  /** Always `KeyLimitError`. */
  override readonly name = 'KeyLimitError';
  constructor(
    /** The plan's maximum of live keys. */
    readonly maxKeys: number,
  ) {
    super(`This plan allows at most ${maxKeys} live API key${maxKeys === 1 ? '' : 's'}; revoke one first`);
  }
}

/** How much of a key's hash {@link KeyRepository.hashPrefixes} gives: 64 bits, no false "present" in practice. */
export const KEY_HASH_PREFIX_CHARS = 16;

/** Customer accounts. */
export interface AccountRepository {
  create(account: NewAccount): Promise<Account>;
  get(id: string): Promise<Account | null>;
  list(): Promise<Account[]>;
  /**
   * Changes an account; null when there is no such account. Rejects with RangeError for an
   * unknown plan, like `create`. Moves the keys' version mark in the same transaction, so every
   * process's cache of `keys.findByHash` answers drops the account it holds: a plan change or a
   * suspension applies at once everywhere.
   */
  update(id: string, change: AccountChange, now: Date): Promise<Account | null>;
}

/** API keys, stored as hashes. */
export interface KeyRepository {
  /** Inserts a key; rejects with KeyLimitError when the account has `maxLiveKeys` live keys already. */
  create(key: NewApiKey, maxLiveKeys: number, now: Date): Promise<ApiKeyRecord>;
  list(accountId: string): Promise<ApiKeyRecord[]>;
  /** Marks the key revoked; false when no such key. */
  revoke(keyId: string, now: Date): Promise<boolean>;
  /** The key with this hash and its account, revoked or expired ones included (the caller decides). */
  findByHash(hash: string): Promise<{ key: ApiKeyRecord; account: Account } | null>;
  /**
   * A mark of the keys' state that changes whenever any process creates or revokes a key or
   * changes an account (`accounts.update`: the account is part of every `findByHash` answer): a
   * cache of `findByHash` answers that sees a new mark forgets them (docs/service.md#api-keys).
   * One small read. Optional: a store without it is re-read when cached answers expire.
   */
  version?(): Promise<string>;
  /**
   * The first {@link KEY_HASH_PREFIX_CHARS} characters of every key's hash (revoked and expired
   * keys included), at most `limit` of them; null when there are more. Lets the authenticator
   * refuse a key no one has without a lookup per guess (docs/service.md#api-keys). Optional.
   */
  hashPrefixes?(limit: number): Promise<string[] | null>;
}

/** The store's accounts and keys. */
export interface AccountsAndKeys {
  /** Customer accounts. */
  accounts: AccountRepository;
  /** API keys, stored as hashes. */
  keys: KeyRepository;
}
