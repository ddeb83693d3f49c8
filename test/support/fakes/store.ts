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
  type BatchJobLine,
  type BatchJobRecord,
  type LoginLinkRecord,
  type MeterDecision,
  type Plan,
  type SessionRecord,
  type Store,
  type UsageEntry,
  type VatEvidenceRecord,
  type VatWatchRecord,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../../src/server/storage/types.js';
import type { ValidationResult } from '../../../src/result.js';

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
    batchJobs: inner.batchJobs,
    watches: inner.watches,
    webhooks: inner.webhooks,
    evidence: inner.evidence,
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
        const created: Account = { ...account, id: randomUUID(), createdAt: new Date(), suspendedAt: null, watchIntervalMs: null };
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
        if (change.watchIntervalMs !== undefined) account.watchIntervalMs = change.watchIntervalMs;
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
    ...memoryBackgroundTables(),
    async close() {
      closed = true;
    },
  };
}

/**
 * Jobs, watches, webhooks and evidence in memory, with the semantics of their doc comments in
 * src/server/storage/types.ts (one claimer per lease, idempotent answers, an unknown verdict never
 * replacing a known one, another account's rows never visible). Nothing is sealed: nothing outlives
 * the process.
 */
function memoryBackgroundTables(): Pick<Store, 'batchJobs' | 'watches' | 'webhooks' | 'evidence'> {
  type JobState = BatchJobRecord & { leaseOwner: string | null; leaseUntil: number | null; lines: Array<{ value: string; result: ValidationResult | null }> };
  const jobs = new Map<string, JobState>();
  const watches = new Map<string, VatWatchRecord>();
  const endpoints = new Map<string, WebhookEndpoint>();
  const deliveries = new Map<string, WebhookDelivery>();
  const attempts: WebhookAttempt[] = [];
  const evidence = new Map<string, VatEvidenceRecord>();
  const open = (job: JobState): boolean => job.status === 'queued' || job.status === 'running';
  // As the SQL store: a job whose upload has not ended is held by this owner, and seen by nothing.
  const UPLOADING = 'upload';
  const visible = (job: JobState): boolean => job.leaseOwner !== UPLOADING;
  const copyJob = (job: JobState): BatchJobRecord => ({
    id: job.id,
    accountId: job.accountId,
    keyId: job.keyId,
    field: job.field,
    status: job.status,
    total: job.total,
    done: job.done,
    valid: job.valid,
    invalid: job.invalid,
    webhookUrl: job.webhookUrl,
    createdAt: new Date(job.createdAt.getTime()),
    startedAt: job.startedAt === null ? null : new Date(job.startedAt.getTime()),
    finishedAt: job.finishedAt === null ? null : new Date(job.finishedAt.getTime()),
    error: job.error,
  });
  const deliveryKey = (eventId: string, url: string): string => `${eventId}\u0000${url}`;
  return {
    batchJobs: {
      async create(job, values) {
        jobs.set(job.id, { ...copyJob(job as JobState), leaseOwner: null, leaseUntil: null, lines: values.map((value) => ({ value, result: null })) });
      },
      async begin(job) {
        jobs.set(job.id, { ...copyJob({ ...job, total: 0 } as JobState), leaseOwner: UPLOADING, leaseUntil: null, lines: [] });
      },
      async append(id, first, values) {
        const job = jobs.get(id);
        if (job === undefined || visible(job)) return;
        values.forEach((value, i) => {
          job.lines[first - 1 + i] = { value, result: null };
        });
        job.total += values.length;
      },
      async commit(id, webhookUrl, maxOpen) {
        const job = jobs.get(id);
        if (job === undefined || visible(job)) return false;
        const opened = [...jobs.values()].filter((other) => other.accountId === job.accountId && open(other) && visible(other)).length;
        if (opened >= maxOpen) return false;
        Object.assign(job, { leaseOwner: null, webhookUrl });
        return true;
      },
      async discard(id) {
        const job = jobs.get(id);
        if (job !== undefined && !visible(job)) jobs.delete(id);
      },
      async abandonedUploads(before, limit) {
        return [...jobs.values()]
          .filter((job) => !visible(job) && job.createdAt.getTime() < before.getTime())
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
          .slice(0, limit)
          .map((job) => job.id);
      },
      async get(accountId, id) {
        const job = jobs.get(id);
        return job === undefined || job.accountId !== accountId ? null : copyJob(job);
      },
      async list(accountId, limit) {
        return [...jobs.values()]
          .filter((job) => job.accountId === accountId && visible(job))
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
          .slice(0, limit)
          .map(copyJob);
      },
      async cancel(accountId, id, now) {
        const job = jobs.get(id);
        if (job === undefined || job.accountId !== accountId || !open(job)) return false;
        Object.assign(job, { status: 'cancelled', finishedAt: new Date(now.getTime()), leaseOwner: null, leaseUntil: null });
        return true;
      },
      async claim(instance, now, leaseUntil) {
        const job = [...jobs.values()]
          .filter((candidate) => open(candidate) && visible(candidate) && (candidate.leaseUntil === null || candidate.leaseUntil <= now.getTime()))
          // The SQL store's round robin: a released job queues by its release time.
          .sort((a, b) => (a.leaseUntil ?? a.createdAt.getTime()) - (b.leaseUntil ?? b.createdAt.getTime()) || a.createdAt.getTime() - b.createdAt.getTime())[0];
        if (job === undefined) return null;
        Object.assign(job, { status: 'running', startedAt: job.startedAt ?? new Date(now.getTime()), leaseOwner: instance, leaseUntil: leaseUntil.getTime() });
        return copyJob(job);
      },
      async renew(id, instance, leaseUntil) {
        const job = jobs.get(id);
        if (job === undefined || job.status !== 'running' || job.leaseOwner !== instance) return false;
        job.leaseUntil = leaseUntil.getTime();
        return true;
      },
      async release(id, instance, at) {
        const job = jobs.get(id);
        if (job === undefined || job.status !== 'running' || job.leaseOwner !== instance) return;
        Object.assign(job, { leaseOwner: null, leaseUntil: at.getTime() });
      },
      async openCount(accountId) {
        return [...jobs.values()].filter((job) => job.accountId === accountId && open(job) && visible(job)).length;
      },
      async pending(id, after, limit) {
        const job = jobs.get(id);
        if (job === undefined) return [];
        const pending: Array<{ line: number; value: string }> = [];
        for (let index = after; index < job.lines.length && pending.length < limit; index++) {
          const line = job.lines[index];
          if (line !== undefined && line.result === null) pending.push({ line: index + 1, value: line.value });
        }
        return pending;
      },
      async answer(id, lines) {
        const job = jobs.get(id);
        if (job === undefined) return;
        for (const { line, result } of lines) {
          const stored = job.lines[line - 1];
          if (stored === undefined || stored.result !== null) continue;
          stored.result = structuredClone(result);
          job.done++;
          if (result.valid) job.valid++;
          else job.invalid++;
        }
      },
      async finish(id, status, now, error) {
        const job = jobs.get(id);
        if (job === undefined || !open(job)) return;
        Object.assign(job, { status, finishedAt: new Date(now.getTime()), error: error ?? null, leaseOwner: null, leaseUntil: null });
      },
      async lines(id, after, limit) {
        const job = jobs.get(id);
        if (job === undefined) return [];
        const answered: BatchJobLine[] = [];
        for (let index = after; index < job.lines.length && answered.length < limit; index++) {
          const result = job.lines[index]?.result;
          if (result !== null && result !== undefined) answered.push({ line: index + 1, result: structuredClone(result) });
        }
        return answered;
      },
    },
    watches: {
      async create(watch) {
        const existing = [...watches.values()].find((w) => w.accountId === watch.accountId && w.value === watch.value);
        if (existing !== undefined) return structuredClone(existing);
        watches.set(watch.id, structuredClone(watch));
        return structuredClone(watch);
      },
      async get(accountId, id) {
        const watch = watches.get(id);
        return watch === undefined || watch.accountId !== accountId ? null : structuredClone(watch);
      },
      async list(accountId) {
        return [...watches.values()].filter((w) => w.accountId === accountId).map((w) => structuredClone(w));
      },
      async delete(accountId, id) {
        const watch = watches.get(id);
        return watch !== undefined && watch.accountId === accountId && watches.delete(id);
      },
      async claimDue(now, leaseUntil, limit) {
        return [...watches.values()]
          .filter((w) => w.nextCheckAt.getTime() <= now.getTime())
          .sort((a, b) => a.nextCheckAt.getTime() - b.nextCheckAt.getTime())
          .slice(0, limit)
          .map((w) => {
            w.nextCheckAt = new Date(leaseUntil.getTime());
            return structuredClone(w);
          });
      },
      async recordCheck(id, check) {
        const watch = watches.get(id);
        if (watch === undefined) return null;
        watch.lastAttemptAt = new Date(check.at.getTime());
        watch.nextCheckAt = new Date(check.nextCheckAt.getTime());
        if (check.registered !== null) Object.assign(watch, { registered: check.registered, name: check.name, address: check.address, lastCheckedAt: new Date(check.at.getTime()) });
        return structuredClone(watch);
      },
    },
    webhooks: {
      async set(endpoint) {
        endpoints.set(endpoint.accountId, structuredClone(endpoint));
      },
      async get(accountId) {
        const endpoint = endpoints.get(accountId);
        return endpoint === undefined ? null : structuredClone(endpoint);
      },
      async enqueue(list) {
        for (const delivery of list) {
          const key = deliveryKey(delivery.id, delivery.url);
          if (!deliveries.has(key)) deliveries.set(key, structuredClone(delivery));
        }
      },
      async claimDue(now, leaseUntil, limit, room) {
        const taken = new Map<string, number>();
        return [...deliveries.values()]
          .filter((d) => d.status === 'pending' && d.nextAttemptAt.getTime() <= now.getTime())
          .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime())
          .filter((d) => {
            const place = (taken.get(d.url) ?? 0) + 1;
            taken.set(d.url, place);
            return room === undefined || place <= (room.urls.get(d.url) ?? room.perUrl);
          })
          .slice(0, limit)
          .map((d) => {
            d.nextAttemptAt = new Date(leaseUntil.getTime());
            return structuredClone(d);
          });
      },
      async hold(url, until, createdBefore) {
        let failed = 0;
        for (const d of deliveries.values()) {
          if (d.url !== url || d.status !== 'pending') continue;
          if (d.createdAt.getTime() < createdBefore.getTime()) {
            d.status = 'failed';
            failed += 1;
          } else if (d.nextAttemptAt.getTime() < until.getTime()) d.nextAttemptAt = new Date(until.getTime());
        }
        return failed;
      },
      async recordAttempt(attempt, next) {
        attempts.push(structuredClone(attempt));
        const delivery = deliveries.get(deliveryKey(attempt.eventId, attempt.url));
        if (delivery === undefined) return;
        Object.assign(delivery, { status: next.status, nextAttemptAt: new Date(next.nextAttemptAt.getTime()), attempts: delivery.attempts + 1 });
      },
      async deliveries(accountId, limit) {
        return [...deliveries.values()]
          .filter((d) => d.accountId === accountId)
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
          .slice(0, limit)
          .map((d) => ({
            ...structuredClone(d),
            log: attempts.filter((a) => a.eventId === d.id && a.url === d.url).map((a) => structuredClone(a)),
          }));
      },
    },
    evidence: {
      async add(record) {
        evidence.set(record.id, structuredClone(record));
      },
      async forValue(accountId, value) {
        return [...evidence.values()]
          .filter((r) => r.accountId === accountId && r.value === value)
          .sort((a, b) => b.checkedAt.getTime() - a.checkedAt.getTime())
          .map((r) => structuredClone(r));
      },
      async get(accountId, id) {
        const record = evidence.get(id);
        return record === undefined || record.accountId !== accountId ? null : structuredClone(record);
      },
      async prune(before) {
        let removed = 0;
        for (const [id, record] of evidence) {
          if (record.checkedAt.getTime() < before.getTime() && evidence.delete(id)) removed++;
        }
        return removed;
      },
    },
  };
}
