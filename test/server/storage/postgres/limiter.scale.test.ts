/**
 * The PostgreSQL lease limiter (src/server/storage/postgres/limiter.ts) on one pool: the plan's
 * maximum per account, the shared pool, expiry of leases nobody refreshes (a crashed instance's),
 * refresh of the leases held, and local counts. Several pools racing are in instances.scale.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlLimiter } from '../../../../src/server/storage/postgres/limiter.js';
import type { Lease, LeaseOutcome } from '../../../../src/server/storage/limiter.js';
import { migrate, openPostgres, type SqlClient } from '../../../../src/server/storage/index.js';
import { dropDatabase, freshDatabase } from '../../../support/scale/cluster.js';

let sql: SqlClient;
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await freshDatabase('leases');
  sql = await openPostgres(databaseUrl);
  await migrate(sql);
}, 60_000);

afterAll(async () => {
  await sql?.close();
  if (databaseUrl) await dropDatabase(databaseUrl);
});

let accounts = 0;
const newAccount = (): string => `account-${++accounts}`;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const leaseOf = (outcome: LeaseOutcome): Lease => {
  if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
  return outcome.lease;
};
const reasons = (outcomes: readonly LeaseOutcome[]): string[] => outcomes.map((outcome) => (outcome.ok ? 'ok' : outcome.reason));

/** A lease left by an instance that died: a row nobody will refresh or delete. */
async function orphanLease(accountId: string, shared: boolean, expiresInMs: number): Promise<void> {
  await sql.query(
    `INSERT INTO concurrency_leases (lease_id, account_id, shared, expires_at)
     VALUES (gen_random_uuid()::text, $1, $2, clock_timestamp() + $3 * interval '1 millisecond')`,
    [accountId, shared, expiresInMs],
  );
}

describe('the plan maximum per account', () => {
  it('grants exactly `limit` of many concurrent requests, then one more per lease given back', async () => {
    const limiter = createSqlLimiter(sql, { sharedPoolSize: 100 });
    const account = newAccount();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => limiter.acquire({ accountId: account, limit: 3, shared: true })));
    expect(reasons(outcomes).sort()).toEqual([...Array(7).fill('account'), 'ok', 'ok', 'ok']);
    expect(limiter.inFlight(account)).toBe(3);

    const granted = outcomes.filter((outcome) => outcome.ok).map(leaseOf);
    await granted[0]?.release();
    expect(limiter.inFlight(account)).toBe(2);
    const again = await limiter.acquire({ accountId: account, limit: 3, shared: true });
    expect(again.ok).toBe(true);
    expect((await limiter.acquire({ accountId: account, limit: 3, shared: true })).ok).toBe(false);
    for (const lease of [...granted.slice(1), leaseOf(again)]) await lease.release();
    expect(limiter.inFlight(account)).toBe(0);
  });

  it('counts the leases of every instance: a second limiter on the same database sees the first one', async () => {
    const first = createSqlLimiter(sql);
    const second = createSqlLimiter(sql);
    const account = newAccount();
    const held = leaseOf(await first.acquire({ accountId: account, limit: 1, shared: false }));
    expect(await second.acquire({ accountId: account, limit: 1, shared: false })).toEqual({ ok: false, reason: 'account' });
    // Local counts are per instance; the limit is not.
    expect(second.inFlight(account)).toBe(0);
    await held.release();
    const taken = leaseOf(await second.acquire({ accountId: account, limit: 1, shared: false }));
    await taken.release();
  });

  it('a lease given back twice frees one slot only', async () => {
    const limiter = createSqlLimiter(sql);
    const account = newAccount();
    const first = leaseOf(await limiter.acquire({ accountId: account, limit: 2, shared: false }));
    const second = leaseOf(await limiter.acquire({ accountId: account, limit: 2, shared: false }));
    await first.release();
    await first.release();
    const third = leaseOf(await limiter.acquire({ accountId: account, limit: 2, shared: false }));
    expect(await limiter.acquire({ accountId: account, limit: 2, shared: false })).toEqual({ ok: false, reason: 'account' });
    await second.release();
    await third.release();
  });
});

describe('the shared pool of the non-PRO plans', () => {
  it('is shared by every account that uses it; PRO requests never take from it', async () => {
    const limiter = createSqlLimiter(sql, { sharedPoolSize: 2 });
    const [a, b, c, pro] = [newAccount(), newAccount(), newAccount(), newAccount()];
    // Other tests' leases in the same database must not fill this pool: only this limiter's count.
    await sql.query('DELETE FROM concurrency_leases WHERE shared');
    const first = leaseOf(await limiter.acquire({ accountId: a, limit: 5, shared: true }));
    const second = leaseOf(await limiter.acquire({ accountId: b, limit: 5, shared: true }));
    expect(await limiter.acquire({ accountId: c, limit: 5, shared: true })).toEqual({ ok: false, reason: 'pool' });
    expect(limiter.sharedInUse).toBe(2);
    const proLease = leaseOf(await limiter.acquire({ accountId: pro, limit: 25, shared: false }));
    expect(limiter.sharedInUse).toBe(2);

    await first.release();
    const third = leaseOf(await limiter.acquire({ accountId: c, limit: 5, shared: true }));
    for (const lease of [second, third, proLease]) await lease.release();
    expect(limiter.sharedInUse).toBe(0);
  });

  it('an account at its maximum is told so even when the pool is full too', async () => {
    const limiter = createSqlLimiter(sql, { sharedPoolSize: 1 });
    await sql.query('DELETE FROM concurrency_leases WHERE shared');
    const account = newAccount();
    const held = leaseOf(await limiter.acquire({ accountId: account, limit: 1, shared: true }));
    expect(await limiter.acquire({ accountId: account, limit: 1, shared: true })).toEqual({ ok: false, reason: 'account' });
    expect(await limiter.acquire({ accountId: newAccount(), limit: 1, shared: true })).toEqual({ ok: false, reason: 'pool' });
    await held.release();
  });
});

describe('expiry and refresh', () => {
  it('the slots of an instance that died come back once its leases expire, not before', async () => {
    const limiter = createSqlLimiter(sql, { sharedPoolSize: 100 });
    const account = newAccount();
    await orphanLease(account, true, 300);
    expect(await limiter.acquire({ accountId: account, limit: 1, shared: true })).toEqual({ ok: false, reason: 'account' });
    await sleep(350);
    const lease = leaseOf(await limiter.acquire({ accountId: account, limit: 1, shared: true }));
    await lease.release();
  });

  it('an expired lease in the pool frees its pool slot too', async () => {
    const limiter = createSqlLimiter(sql, { sharedPoolSize: 1 });
    await sql.query('DELETE FROM concurrency_leases WHERE shared');
    await orphanLease(newAccount(), true, 200);
    expect(await limiter.acquire({ accountId: newAccount(), limit: 3, shared: true })).toEqual({ ok: false, reason: 'pool' });
    await sleep(250);
    const lease = leaseOf(await limiter.acquire({ accountId: newAccount(), limit: 3, shared: true }));
    await lease.release();
  });

  it('a lease held by a live request outlives its TTL: the holder refreshes it', async () => {
    const limiter = createSqlLimiter(sql, { leaseTtlMs: 300 });
    const account = newAccount();
    const held = leaseOf(await limiter.acquire({ accountId: account, limit: 1, shared: false }));
    await sleep(900);
    expect(await limiter.acquire({ accountId: account, limit: 1, shared: false })).toEqual({ ok: false, reason: 'account' });
    await held.release();
    const next = leaseOf(await limiter.acquire({ accountId: account, limit: 1, shared: false }));
    await next.release();
  });
});

describe('failures and settings', () => {
  it('rejects when the database cannot be asked (the request then fails with 500, nothing is held)', async () => {
    const broken = await openPostgres(databaseUrl);
    await broken.close();
    const limiter = createSqlLimiter(broken);
    await expect(limiter.acquire({ accountId: 'a', limit: 1, shared: true })).rejects.toThrow();
    expect(limiter.inFlight('a')).toBe(0);
  });

  it('refuses sizes that are not positive integers', () => {
    expect(() => createSqlLimiter(sql, { sharedPoolSize: 0 })).toThrow(RangeError);
    expect(() => createSqlLimiter(sql, { leaseTtlMs: 1.5 })).toThrow(RangeError);
  });
});
