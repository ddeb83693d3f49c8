/**
 * The backplane when Redis goes away, through a proxy that can drop or hang the connection (the
 * real redis-server behind it stays up for the other tests). What the service relies on: the hot
 * cache still answers from the table, never with an error; the limiter, breakers and job claims
 * reject at once with a RedisUnavailableError (the HTTP layer's clean 5xx); nothing needs a
 * restart once Redis is back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { memoryVatCache } from '../../../../src/adapters/memory.js';
import type { CachedVatAnswer } from '../../../../src/ports.js';
import { openRedisBackplane, RedisUnavailableError } from '../../../../src/server/storage/redis/index.js';
import { createSealer } from '../../../../src/server/storage/sealing.js';
import { startRedisProxy, type RedisProxy } from '../../../support/scale/redis-proxy.js';
import { backplaneGroup, redisUrl, runRedis, type BackplaneGroup } from '../../../support/scale/redis.js';

const answerOf = (valid: boolean, checkedAt: Date): CachedVatAnswer => ({
  answer: { valid, requestDate: checkedAt.toISOString().slice(0, 10) },
  checkedAt,
  traderName: null,
  requester: null,
});

/** How long `promise` takes to settle, and how. */
async function timed<T>(promise: Promise<T>): Promise<{ ms: number; value?: T; error?: unknown }> {
  const started = performance.now();
  try {
    const value = await promise;
    return { ms: performance.now() - started, value };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

const unavailableShape = { name: 'RedisUnavailableError', code: 'REDIS_UNAVAILABLE' };

describe.runIf(runRedis)('the Redis backplane while Redis is unreachable', () => {
  let group: BackplaneGroup;
  let proxy: RedisProxy;
  afterEach(async () => {
    await proxy.close();
    await group.close();
  });

  async function setUp(options: { commandTimeoutMs?: number } = {}) {
    group = backplaneGroup();
    proxy = await startRedisProxy(redisUrl);
    return group.open({ ...options, log: () => undefined }, proxy.url);
  }

  it('answers VIES lookups from the table while Redis is down, and writes still reach the table', async () => {
    const backplane = await setUp();
    const table = memoryVatCache();
    const front = backplane.cacheFront(table, createSealer(Buffer.alloc(32, 3)));
    const now = new Date();
    await front.set('DE', '111111111', answerOf(true, now));
    await table.set('DE', '222222222', answerOf(false, now));

    await proxy.down();
    for (const [number, valid] of [['111111111', true], ['222222222', false]] as const) {
      const read = await timed(front.get('DE', number));
      expect(read.error).toBeUndefined();
      expect(read.value).toEqual(answerOf(valid, now));
      expect(read.ms).toBeLessThan(400);
    }
    expect(await front.get('DE', '333333333')).toBeNull();
    const written = await timed(front.set('DE', '333333333', answerOf(true, now)));
    expect(written.error).toBeUndefined();
    expect(await table.get('DE', '333333333')).toEqual(answerOf(true, now));
  });

  it('answers from the table within its budget when Redis hangs', async () => {
    const backplane = await setUp();
    const table = memoryVatCache();
    const front = backplane.cacheFront(table, createSealer(Buffer.alloc(32, 3)));
    const now = new Date();
    await table.set('AT', 'U10223006', answerOf(true, now));
    proxy.stall();
    const read = await timed(front.get('AT', 'U10223006'));
    expect(read.value).toEqual(answerOf(true, now));
    // The budget is 150 ms: well inside the VAT policy's 500 ms for a store operation.
    expect(read.ms).toBeLessThan(450);
    const written = await timed(front.set('AT', 'U99999999', answerOf(false, now)));
    expect(written.error).toBeUndefined();
    expect(written.ms).toBeLessThan(450);
    expect(await table.get('AT', 'U99999999')).toEqual(answerOf(false, now));
  });

  it('rejects limiter, breaker and job operations at once with a RedisUnavailableError', async () => {
    const backplane = await setUp();
    const before = await backplane.limiter.acquire({ accountId: 'acc', limit: 2, shared: true });
    if (!before.ok) throw new Error('the first lease should be granted');
    await proxy.down();

    const attempts: Array<Promise<unknown>> = [
      backplane.limiter.acquire({ accountId: 'acc', limit: 2, shared: true }),
      backplane.limiter.countInFlight('acc'),
      backplane.breaker.get('DE'),
      backplane.breaker.recordFailure('DE', new Date()),
      backplane.breaker.claimProbe('DE', new Date(), new Date()),
      backplane.breaker.list(),
      backplane.claimJob('vies-status', '2025-01-01T00:05', 'me'),
    ];
    for (const attempt of await Promise.all(attempts.map((promise) => timed(promise)))) {
      expect(attempt.error).toBeInstanceOf(RedisUnavailableError);
      expect(attempt.error).toMatchObject(unavailableShape);
      expect(attempt.ms).toBeLessThan(1_000);
    }
    // The lease taken before cannot be given back: the release says so, and this instance stops
    // counting (and refreshing) it, so Redis lets it expire.
    await expect(before.lease.release()).rejects.toMatchObject(unavailableShape);
    expect(backplane.limiter.inFlight('acc')).toBe(0);
    expect(backplane.limiter.sharedInUse).toBe(0);
  });

  it('rejects after the command timeout when Redis hangs', async () => {
    const backplane = await setUp({ commandTimeoutMs: 300 });
    proxy.stall();
    const acquire = await timed(backplane.limiter.acquire({ accountId: 'acc', limit: 1, shared: false }));
    expect(acquire.error).toMatchObject(unavailableShape);
    expect(acquire.ms).toBeGreaterThanOrEqual(250);
    expect(acquire.ms).toBeLessThan(1_500);
  });

  it('works again by itself once Redis is back', async () => {
    const backplane = await setUp();
    await proxy.down();
    await expect(backplane.limiter.acquire({ accountId: 'acc', limit: 1, shared: true })).rejects.toMatchObject(unavailableShape);
    await proxy.up();
    const until = Date.now() + 5_000;
    let outcome: unknown;
    while (Date.now() < until) {
      outcome = await backplane.limiter.acquire({ accountId: 'acc', limit: 1, shared: true }).catch((error: unknown) => error);
      if (!(outcome instanceof Error)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(outcome).toMatchObject({ ok: true });
    expect(await backplane.limiter.countInFlight('acc')).toBe(1);
    expect(await backplane.claimJob('prune', '2025-01-01T10', 'me')).toBe(true);
  });

  it('keeps working when a restarted Redis no longer knows the scripts', async () => {
    const backplane = await setUp();
    expect((await backplane.limiter.acquire({ accountId: 'acc', limit: 1, shared: true })).ok).toBe(true);
    await group.raw().script('FLUSH');
    expect(await backplane.limiter.acquire({ accountId: 'acc', limit: 2, shared: true })).toMatchObject({ ok: true });
    expect(await backplane.breaker.recordFailure('DE', new Date())).toMatchObject({ consecutiveFailures: 1 });
  });

  it('refuses to start without Redis, naming the address but never its password', async () => {
    group = backplaneGroup();
    proxy = await startRedisProxy(redisUrl);
    await proxy.down();
    const url = new URL(proxy.url);
    url.password = 's3cret-pass';
    const opening = await timed(openRedisBackplane(url.toString(), { connectTimeoutMs: 1_000 }));
    expect(opening.error).toMatchObject(unavailableShape);
    const message = (opening.error as Error).message;
    expect(message).toContain(`127.0.0.1:${url.port}`);
    expect(message).not.toContain('s3cret-pass');
    expect(opening.ms).toBeLessThan(3_000);
  });
});
