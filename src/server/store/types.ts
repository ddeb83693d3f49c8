/**
 * What the service keeps, as one interface over the embedded store (PGlite) and PostgreSQL. The
 * HTTP layer, the CLI and the jobs speak only to this; src/server/store/sql-store.ts implements it
 * once in SQL for both engines (one schema, one query layer).
 */
import type { CircuitBreakerStore, VatAnswerCache, VatRates, ViesStatusSnapshot } from '../../ports.js';

/** The plans of SPEC.md 8. */
export type Plan = 'FREE' | 'STARTER' | 'GROWTH' | 'PRO';

/** The validation endpoints, which are also the scopes a key can carry. */
export type Field = 'vat' | 'iban' | 'email' | 'phone' | 'nif' | 'nas' | 'ssn';

export interface Account {
  id: string;
  name: string;
  plan: Plan;
  /** Subscription start day (YYYY-MM-DD): anchors the billing periods. */
  subscriptionStart: string;
  /** The account's own VAT number (prefix included), sent to VIES as requester; null if none. */
  vatNumber: string | null;
  createdAt: Date;
}

export interface NewAccount {
  name: string;
  plan: Plan;
  subscriptionStart: string;
  vatNumber: string | null;
}

/** An API key as stored: never the key itself, only its SHA-256 hash and a display prefix. */
export interface ApiKeyRecord {
  id: string;
  accountId: string;
  name: string;
  /** First characters of the key, for people to recognise it (e.g. "vf_3kP9"). */
  displayPrefix: string;
  /** SHA-256 of the whole key, lower-case hex. */
  hash: string;
  scopes: Field[];
  /** null: never expires. */
  expiresAt: Date | null;
  /** null: not revoked. */
  revokedAt: Date | null;
  createdAt: Date;
}

export interface NewApiKey {
  accountId: string;
  name: string;
  displayPrefix: string;
  hash: string;
  scopes: Field[];
  expiresAt: Date | null;
}

/** Thrown by `keys.create` when the plan's maximum of live keys is reached. */
export class KeyLimitError extends Error {
  override readonly name = 'KeyLimitError';
  constructor(readonly maxKeys: number) {
    super(`This plan allows at most ${maxKeys} live API key${maxKeys === 1 ? '' : 's'}; revoke one first`);
  }
}

/** One performed validation, as the usage log keeps it (DESIGN.md 4). */
export interface UsageEntry {
  /** Unique per request: a retry of the same id is counted once. */
  requestId: string;
  accountId: string;
  keyId: string;
  /** Billing period start (YYYY-MM-DD) the request counts in. */
  periodStart: string;
  endpoint: Field;
  /** The value as it may be stored: NIF, SIN and SSN already replaced by `***` by the caller. */
  value: string;
  valid: boolean;
  status: number;
  latencyMs: number;
  /** X-Service-SDK header when valid, else null. */
  sdk: string | null;
  at: Date;
}

/** How the meter answered one request. */
export interface MeterDecision {
  /** The request was counted (false: over a blocking quota, or a duplicate request id). */
  counted: boolean;
  /** Over the quota of a plan that blocks (FREE): answer 429, nothing counted. */
  blocked: boolean;
  /** Validations used in the period after this request. */
  used: number;
}

export interface Store {
  accounts: {
    create(account: NewAccount): Promise<Account>;
    get(id: string): Promise<Account | null>;
    list(): Promise<Account[]>;
  };
  keys: {
    /** Inserts a key; rejects with KeyLimitError when the account has `maxLiveKeys` live keys already. */
    create(key: NewApiKey, maxLiveKeys: number, now: Date): Promise<ApiKeyRecord>;
    list(accountId: string): Promise<ApiKeyRecord[]>;
    /** Marks the key revoked; false when no such key. */
    revoke(keyId: string, now: Date): Promise<boolean>;
    /** The key with this hash and its account, revoked or expired ones included (the caller decides). */
    findByHash(hash: string): Promise<{ key: ApiKeyRecord; account: Account } | null>;
  };
  usage: {
    /**
     * Counts one performed validation and logs it, durably, in one group-committed batch: the
     * promise resolves once the transaction that holds it has committed. `quota` null means no
     * blocking limit (paid plans count overage); otherwise the request is refused (blocked) when
     * `used` would exceed it. A request id already counted is not counted again.
     */
    count(entry: UsageEntry, quota: number | null): Promise<MeterDecision>;
    /** Validations counted in the period. */
    used(accountId: string, periodStart: string): Promise<number>;
    /** The newest log entries of an account (for the CLI and tests). */
    log(accountId: string, limit: number): Promise<UsageEntry[]>;
  };
  /** VIES answers (ports.VatAnswerCache), 30 days at most. */
  viesCache: VatAnswerCache & { prune(before: Date): Promise<number> };
  /** Per-country circuit breakers (ports.CircuitBreakerStore). */
  breaker: CircuitBreakerStore;
  /** Samples of the Commission's VIES status feed. */
  statusSamples: {
    add(at: Date, snapshot: ViesStatusSnapshot): Promise<void>;
    since(from: Date): Promise<Array<{ at: Date; snapshot: ViesStatusSnapshot }>>;
    prune(before: Date): Promise<number>;
  };
  /** The last good VAT rates. */
  rates: {
    save(rates: VatRates): Promise<void>;
    load(): Promise<VatRates | null>;
  };
  /** Periodic jobs: the first instance to claim (job, slot) runs it (research/server-stack.md 3d). */
  jobs: {
    claim(job: string, slot: string, instance: string): Promise<boolean>;
  };
  close(): Promise<void>;
}
