/**
 * The Redis concurrency limiter against a real redis-server: several backplanes stand for several
 * service instances sharing one Redis. What a user relies on: never more requests in flight than
 * the plan allows, across instances; the shared pool of non-PRO plans holds across instances; a
 * crashed instance's slots come back by themselves, while a live one keeps its long requests'.
 */
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConcurrencyLimiter, LeaseOutcome } from '../../../../src/server/storage/limiter.js';
import { backplaneGroup, redisUrl, runRedis, type BackplaneGroup } from '../../../support/scale/redis.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `workers` loops for `durationMs`, each acquiring on its limiter, holding the slot a few
 * milliseconds and releasing. Returns the most slots held at once (as the holders saw it), the
 * grants and the refusals by reason.
 */
async function hammer(
  limiters: ConcurrencyLimiter[],
  request: (worker: number) => { accountId: string; limit: number; shared: boolean },
  options: { workers: number; durationMs: number; holdMs: number },
): Promise<{ peak: number; granted: number; refused: Record<'account' | 'pool', number> }> {
  let inFlight = 0;
  let peak = 0;
  let granted = 0;
  const refused = { account: 0, pool: 0 };
  const until = Date.now() + options.durationMs;
  await Promise.all(
    Array.from({ length: options.workers }, async (_, worker) => {
      const limiter = limiters[worker % limiters.length] as ConcurrencyLimiter;
      while (Date.now() < until) {
        const outcome: LeaseOutcome = await limiter.acquire(request(worker));
        if (!outcome.ok) {
          refused[outcome.reason]++;
          await sleep(1);
          continue;
        }
        granted++;
        inFlight++;
        peak = Math.max(peak, inFlight);
        await sleep(options.holdMs);
        // Counted down before the release is sent: the slot is still taken in Redis meanwhile,
        // so the count here never lags behind a slot another worker could already take.
        inFlight--;
        await outcome.lease.release();
      }
    }),
  );
  return { peak, granted, refused };
}

describe.runIf(runRedis)('Redis concurrency limiter', () => {
  let group: BackplaneGroup;
  afterEach(async () => {
    await group.close();
  });

  it('never lets more than the plan allows be in flight for an account, with 50 acquirers on two instances', async () => {
    group = backplaneGroup();
    const [a, b] = [await group.open(), await group.open()];
    const limit = 5;
    const result = await hammer([a.limiter, b.limiter], () => ({ accountId: 'acc-growth', limit, shared: false }), {
      workers: 50,
      durationMs: 600,
      holdMs: 5,
    });
    expect(result.peak).toBe(limit);
    expect(result.granted).toBeGreaterThan(limit);
    expect(result.refused.account).toBeGreaterThan(0);
    expect(result.refused.pool).toBe(0);
    expect(await a.limiter.countInFlight('acc-growth')).toBe(0);
  });

  it('holds the shared pool across instances, and PRO requests do not take from it', async () => {
    group = backplaneGroup();
    const [a, b] = [await group.open({ sharedPoolSize: 3 }), await group.open({ sharedPoolSize: 3 })];
    // Ten accounts with room for five each: only the pool of three can refuse.
    const result = await hammer([a.limiter, b.limiter], (worker) => ({ accountId: `acc-${worker % 10}`, limit: 5, shared: true }), {
      workers: 40,
      durationMs: 500,
      holdMs: 5,
    });
    expect(result.peak).toBe(3);
    expect(result.refused.pool).toBeGreaterThan(0);

    const held = await Promise.all([0, 1, 2].map((n) => a.limiter.acquire({ accountId: `free-${n}`, limit: 1, shared: true })));
    expect(held.every((outcome) => outcome.ok)).toBe(true);
    expect(await b.limiter.acquire({ accountId: 'free-3', limit: 1, shared: true })).toEqual({ ok: false, reason: 'pool' });
    const pro = await b.limiter.acquire({ accountId: 'pro', limit: 50, shared: false });
    expect(pro.ok).toBe(true);
    expect(await a.limiter.countSharedInUse()).toBe(3);
  });

  it('says the account is full before the pool, like the in-memory limiter', async () => {
    group = backplaneGroup();
    const [a, b] = [await group.open({ sharedPoolSize: 1 }), await group.open({ sharedPoolSize: 1 })];
    expect((await a.limiter.acquire({ accountId: 'acc', limit: 1, shared: true })).ok).toBe(true);
    expect(await b.limiter.acquire({ accountId: 'acc', limit: 1, shared: true })).toEqual({ ok: false, reason: 'account' });
    expect(await b.limiter.acquire({ accountId: 'other', limit: 1, shared: true })).toEqual({ ok: false, reason: 'pool' });
  });

  it('frees exactly one slot per lease, however often it is released', async () => {
    group = backplaneGroup();
    const [a, b] = [await group.open(), await group.open()];
    const first = await a.limiter.acquire({ accountId: 'acc', limit: 2, shared: true });
    const second = await b.limiter.acquire({ accountId: 'acc', limit: 2, shared: true });
    if (!first.ok || !second.ok) throw new Error('both leases should be granted');
    expect(a.limiter.inFlight('acc')).toBe(1);
    expect(await a.limiter.countInFlight('acc')).toBe(2);

    await first.lease.release();
    await first.lease.release();
    expect(a.limiter.inFlight('acc')).toBe(0);
    expect(a.limiter.sharedInUse).toBe(0);
    expect(await a.limiter.countInFlight('acc')).toBe(1);
    expect(await a.limiter.countSharedInUse()).toBe(1);
    // The other instance's lease still counts: one more fits, not two.
    expect((await a.limiter.acquire({ accountId: 'acc', limit: 2, shared: true })).ok).toBe(true);
    expect(await a.limiter.acquire({ accountId: 'acc', limit: 2, shared: true })).toEqual({ ok: false, reason: 'account' });
  });

  it("frees a dead holder's lease when its expiry on the Redis clock passes, and not before", async () => {
    group = backplaneGroup();
    const b = await group.open();
    // What an instance that died right after acquiring leaves behind: its lease, scored with an
    // expiry 400 ms ahead on the Redis server's clock, in the account's set and the pool's.
    const redis = group.raw();
    const [seconds, micros] = await redis.time();
    const expiry = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000) + 400;
    await redis.zadd(`${group.prefix}lease:account:acc`, expiry, 'dead-instance:1');
    await redis.zadd(`${group.prefix}lease:pool`, expiry, 'dead-instance:1');
    const started = Date.now();

    const request = { accountId: 'acc', limit: 1, shared: true };
    expect(await b.limiter.acquire(request)).toEqual({ ok: false, reason: 'account' });
    let outcome = await b.limiter.acquire(request);
    while (!outcome.ok && Date.now() - started < 3_000) {
      await sleep(20);
      outcome = await b.limiter.acquire(request);
    }
    expect(outcome.ok).toBe(true);
    // Refused until close to the expiry (less the time the two ZADDs took), free soon after.
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(Date.now() - started).toBeLessThan(1_000);
    // The dead lease is gone from the pool too: only the new one counts.
    expect(await b.limiter.countSharedInUse()).toBe(1);
  });

  it("keeps a live instance's long request past the TTL, and frees it within the TTL once the instance is killed", async () => {
    group = backplaneGroup();
    const ttl = 600;
    const holder = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/support/scale/redis-lease-holder.ts', redisUrl, group.prefix, 'acc-long', String(ttl), '150'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('held')) resolve();
        });
        holder.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
      });
      const other = await group.open({ leaseTtlMs: ttl, leaseRefreshMs: 150 });
      const request = { accountId: 'acc-long', limit: 1, shared: true };
      // Three TTLs later the lease is still there: the holder refreshes it.
      await sleep(3 * ttl);
      expect(await other.limiter.acquire(request)).toEqual({ ok: false, reason: 'account' });
      expect(await other.limiter.countSharedInUse()).toBe(1);

      const exited = new Promise((resolve) => holder.once('exit', resolve));
      holder.kill('SIGKILL');
      await exited;
      const killedAt = Date.now();
      let outcome = await other.limiter.acquire(request);
      while (!outcome.ok && Date.now() - killedAt < 5 * ttl) {
        await sleep(20);
        outcome = await other.limiter.acquire(request);
      }
      expect(outcome.ok).toBe(true);
      // Within one TTL of the last refresh, which came before the kill (plus slack for a busy machine).
      expect(Date.now() - killedAt).toBeLessThan(2 * ttl);
      expect(await other.limiter.countSharedInUse()).toBe(1);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('acquires and releases quickly enough for a busy service (32 in flight)', async () => {
    group = backplaneGroup();
    const a = await group.open({ sharedPoolSize: 64 });
    let pairs = 0;
    const started = performance.now();
    const until = started + 1_000;
    await Promise.all(
      Array.from({ length: 32 }, async (_, worker) => {
        while (performance.now() < until) {
          const outcome = await a.limiter.acquire({ accountId: `acc-${worker}`, limit: 5, shared: true });
          if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
          await outcome.lease.release();
          pairs++;
        }
      }),
    );
    const perSecond = Math.round(pairs / ((performance.now() - started) / 1000));
    console.log(`redis limiter: ${perSecond} acquire+release pairs/s at 32 in flight`);
    // A floor far under the measured figure: it catches a lost pipeline (a round trip per key, a
    // connection per call), not a slow machine.
    expect(perSecond).toBeGreaterThan(1_000);
  });
});
