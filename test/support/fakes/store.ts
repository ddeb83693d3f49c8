/**
 * An in-memory `Store` (src/server/storage/types.ts) for the HTTP tests: every member, with the
 * semantics its doc comments promise (plan key maximum, idempotent exact metering with a blocking
 * quota, copies in and out). `instrumentStore` wraps any store (this one or the real SQL store) so
 * that it can be told to fail, to test the 500 answers, and records every call to `usage.count`,
 * to prove that refused requests never reach the meter.
 */
import { randomUUID } from 'node:crypto';
import { memoryBreakerStore, memoryVatCache } from '../../../src/adapters/memory.js';
import type { VatRates, ViesStatusSnapshot } from '../../../src/ports.js';
import {
  KeyLimitError,
  type Account,
  type ApiKeyRecord,
  type LoginLinkRecord,
  type MeterDecision,
  type Plan,
  type SessionRecord,
  type Store,
  type UsageEntry,
} from '../../../src/server/storage/types.js';

export interface InstrumentedStore extends Store {
  /** Makes the next `times` calls of `usage.count` reject (a database outage). */
  failCounts(times: number): void;
  /** Every `usage.count` call received, counted or not. */
  readonly countCalls: number;
  readonly closed: boolean;
}

/** The in-memory store, instrumented. */
export type MemoryStore = InstrumentedStore;

/** The error of a failed count: by default a lost connection; a test may make it echo the entry. */
export type CountFailure = (entry: UsageEntry) => Error;

const connectionLost: CountFailure = () => new Error('connection to the database lost');

/**
 * Wraps `inner`: `usage.count` calls are counted and can be made to fail (with `failure`'s
 * error); `close` is recorded.
 */
export function instrumentStore(inner: Store, failure: CountFailure = connectionLost): InstrumentedStore {
  let failures = 0;
  let countCalls = 0;
  let closed = false;
  // Members are taken one by one (not spread) so that a class-based store keeps its methods.
  return {
    accounts: inner.accounts,
    keys: inner.keys,
    viesCache: inner.viesCache,
    breaker: inner.breaker,
    statusSamples: inner.statusSamples,
    rates: inner.rates,
    jobs: inner.jobs,
    sessions: inner.sessions,
    loginLinks: inner.loginLinks,
    usage: {
      used: (accountId, periodStart) => inner.usage.used(accountId, periodStart),
      log: (accountId, limit) => inner.usage.log(accountId, limit),
      search: (accountId, query) => inner.usage.search(accountId, query),
      lastUsed: (accountId) => inner.usage.lastUsed(accountId),
      ...optionalUsageReads(inner.usage),
      async count(entry, quota) {
        countCalls++;
        if (failures > 0) {
          failures--;
          // Like a real outage, the failure comes after a round trip.
          await new Promise((resolve) => setTimeout(resolve, 1));
          throw failure(entry);
        }
        return inner.usage.count(entry, quota);
      },
    },
    get countCalls() {
      return countCalls;
    },
    get closed() {
      return closed;
    },
    failCounts(times) {
      failures = times;
    },
    async close() {
      closed = true;
      await inner.close();
    },
  };
}

/** The optional members of `usage`, bound, for those `usage` has. */
function optionalUsageReads(usage: Store['usage']): Pick<Store['usage'], 'dailyTotals' | 'prune'> {
  const { dailyTotals, prune } = usage;
  return {
    ...(dailyTotals === undefined ? {} : { dailyTotals: dailyTotals.bind(usage) }),
    ...(prune === undefined ? {} : { prune: prune.bind(usage) }),
  };
}

const PLAN_NAMES: ReadonlySet<string> = new Set<Plan>(['FREE', 'STARTER', 'GROWTH', 'PRO']);
const DAY_MS = 86_400_000;

const copyKey = (key: ApiKeyRecord): ApiKeyRecord => ({ ...key, scopes: [...key.scopes] });
const copyAccount = (account: Account): Account => ({ ...account });

export function memoryStore(): MemoryStore {
  return instrumentStore(plainMemoryStore());
}

function plainMemoryStore(): Store {
  const accounts = new Map<string, Account>();
  const keys = new Map<string, ApiKeyRecord>();
  const counters = new Map<string, number>();
  const log: UsageEntry[] = [];
  const seen = new Set<string>();
  const samples: Array<{ at: Date; snapshot: ViesStatusSnapshot }> = [];
  const claims = new Set<string>();
  const sessions = new Map<string, SessionRecord>();
  const loginLinks = new Map<string, LoginLinkRecord & { usedAt: Date | null }>();
  let rates: VatRates | null = null;
  let closed = false;
  const cache = memoryVatCache();

  const live = (key: ApiKeyRecord, now: Date): boolean =>
    key.revokedAt === null && (key.expiresAt === null || key.expiresAt.getTime() > now.getTime());
  const guard = (): void => {
    if (closed) throw new Error('store closed');
  };

  return {
    accounts: {
      async create(account) {
        guard();
        const created: Account = { ...account, id: randomUUID(), createdAt: new Date(), suspendedAt: null };
        accounts.set(created.id, created);
        return copyAccount(created);
      },
      async get(id) {
        const account = accounts.get(id);
        return account === undefined ? null : copyAccount(account);
      },
      async list() {
        return [...accounts.values()].map(copyAccount);
      },
      async update(id, change, now) {
        guard();
        if (change.plan !== undefined && !PLAN_NAMES.has(change.plan)) throw new RangeError(`Unknown plan ${String(change.plan)}`);
        const account = accounts.get(id);
        if (account === undefined) return null;
        if (change.name !== undefined) account.name = change.name;
        if (change.plan !== undefined) account.plan = change.plan;
        if (change.vatNumber !== undefined) account.vatNumber = change.vatNumber;
        if (change.suspended === true) account.suspendedAt ??= new Date(now.getTime());
        if (change.suspended === false) account.suspendedAt = null;
        return copyAccount(account);
      },
    },
    keys: {
      async create(key, maxLiveKeys, now) {
        guard();
        const liveKeys = [...keys.values()].filter((k) => k.accountId === key.accountId && live(k, now)).length;
        if (liveKeys >= maxLiveKeys) throw new KeyLimitError(maxLiveKeys);
        const record: ApiKeyRecord = { ...key, scopes: [...key.scopes], id: randomUUID(), revokedAt: null, createdAt: now };
        keys.set(record.id, record);
        return copyKey(record);
      },
      async list(accountId) {
        return [...keys.values()].filter((k) => k.accountId === accountId).map(copyKey);
      },
      async revoke(keyId, now) {
        const key = keys.get(keyId);
        if (key === undefined) return false;
        key.revokedAt ??= now;
        return true;
      },
      async findByHash(hash) {
        guard();
        for (const key of keys.values()) {
          if (key.hash !== hash) continue;
          const account = accounts.get(key.accountId);
          return account === undefined ? null : { key: copyKey(key), account: copyAccount(account) };
        }
        return null;
      },
    },
    usage: {
      async count(entry, quota): Promise<MeterDecision> {
        guard();
        // A real meter commits in a later tick: keep that asynchrony so races show up.
        await new Promise((resolve) => setTimeout(resolve, 1));
        const counter = `${entry.accountId}|${entry.periodStart}`;
        const used = counters.get(counter) ?? 0;
        if (seen.has(entry.requestId)) return { counted: false, blocked: false, used };
        if (quota !== null && used >= quota) return { counted: false, blocked: true, used };
        seen.add(entry.requestId);
        counters.set(counter, used + 1);
        log.push({ ...entry, at: new Date(entry.at.getTime()) });
        return { counted: true, blocked: false, used: used + 1 };
      },
      async used(accountId, periodStart) {
        guard();
        return counters.get(`${accountId}|${periodStart}`) ?? 0;
      },
      async log(accountId, limit) {
        return log
          .filter((entry) => entry.accountId === accountId)
          .slice(-limit)
          .reverse()
          .map((entry) => ({ ...entry }));
      },
      async search(accountId, query) {
        guard();
        if (!Number.isSafeInteger(query.limit) || query.limit < 1 || query.limit > 1000) throw new RangeError('limit must be an integer from 1 to 1000');
        const dayStart = query.day === undefined ? null : Date.parse(`${query.day}T00:00:00.000Z`);
        return log
          .filter(
            (entry) =>
              entry.accountId === accountId &&
              (query.endpoint === undefined || entry.endpoint === query.endpoint) &&
              (query.valid === undefined || entry.valid === query.valid) &&
              (dayStart === null || (entry.at.getTime() >= dayStart && entry.at.getTime() < dayStart + DAY_MS)) &&
              (query.before === undefined ||
                entry.at.getTime() < query.before.getTime() ||
                (query.beforeRequestId !== undefined && entry.at.getTime() === query.before.getTime() && entry.requestId < query.beforeRequestId)),
          )
          .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.requestId < b.requestId ? 1 : a.requestId > b.requestId ? -1 : 0))
          .slice(0, query.limit)
          .map((entry) => ({ ...entry, at: new Date(entry.at.getTime()) }));
      },
      async lastUsed(accountId) {
        guard();
        // Nothing is pruned here: every count is still in the log.
        const newest = new Map<string, Date>();
        for (const entry of log) {
          if (entry.accountId !== accountId) continue;
          const seenAt = newest.get(entry.keyId);
          if (seenAt === undefined || seenAt.getTime() < entry.at.getTime()) newest.set(entry.keyId, new Date(entry.at.getTime()));
        }
        return newest;
      },
    },
    viesCache: cache,
    breaker: memoryBreakerStore(),
    statusSamples: {
      async add(at, snapshot) {
        samples.push({ at: new Date(at.getTime()), snapshot: structuredClone(snapshot) });
      },
      async since(from) {
        return samples.filter((s) => s.at.getTime() >= from.getTime()).map((s) => ({ at: new Date(s.at.getTime()), snapshot: structuredClone(s.snapshot) }));
      },
      async prune(before) {
        const keep = samples.filter((s) => s.at.getTime() >= before.getTime());
        const removed = samples.length - keep.length;
        samples.splice(0, samples.length, ...keep);
        return removed;
      },
    },
    rates: {
      async save(next) {
        rates = structuredClone(next);
      },
      async load() {
        return rates === null ? null : structuredClone(rates);
      },
    },
    jobs: {
      async claim(job, slot) {
        const key = `${job}|${slot}`;
        if (claims.has(key)) return false;
        claims.add(key);
        return true;
      },
    },
    sessions: {
      async create(session) {
        guard();
        if (sessions.has(session.hash)) throw new Error('duplicate session hash');
        sessions.set(session.hash, { ...session });
      },
      async find(hash) {
        guard();
        const session = sessions.get(hash);
        return session === undefined ? null : { ...session };
      },
      async touch(hash, at) {
        const session = sessions.get(hash);
        if (session !== undefined && session.lastSeenAt.getTime() < at.getTime()) session.lastSeenAt = new Date(at.getTime());
      },
      async delete(hash) {
        sessions.delete(hash);
      },
      async prune(idleBefore) {
        let removed = 0;
        for (const [hash, session] of sessions) {
          if (session.lastSeenAt.getTime() < idleBefore.getTime() && sessions.delete(hash)) removed++;
        }
        return removed;
      },
    },
    loginLinks: {
      async create(link) {
        guard();
        if (loginLinks.has(link.hash)) throw new Error('duplicate login link hash');
        loginLinks.set(link.hash, { ...link, usedAt: null });
      },
      async consume(hash, now) {
        guard();
        const link = loginLinks.get(hash);
        if (link === undefined || link.usedAt !== null || link.expiresAt.getTime() <= now.getTime()) return null;
        link.usedAt = now;
        return { hash: link.hash, accountId: link.accountId, createdAt: link.createdAt, expiresAt: link.expiresAt };
      },
      async prune(before) {
        let removed = 0;
        for (const [hash, link] of loginLinks) {
          if (link.expiresAt.getTime() < before.getTime() && loginLinks.delete(hash)) removed++;
        }
        return removed;
      },
    },
    async close() {
      closed = true;
    },
  };
}
