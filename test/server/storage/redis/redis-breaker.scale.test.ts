/**
 * The Redis circuit breakers against a real redis-server: the CircuitBreakerStore contract that
 * memoryBreakerStore and the SQL store also pass (test/server/storage/breakers.test.ts), then what
 * several instances rely on: a breaker opened by one short-circuits the others, and after the
 * cool-down exactly one of them probes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { CircuitBreakerStore } from '../../../../src/ports.js';
import { breakerDecision, breakerWindowAfterFailure, FAILURE_THRESHOLD, probeWindowEnd } from '../../../../src/vat/registry/policy.js';
import { describeBreakerContract } from '../../../support/store/breaker-contract.js';
import { backplaneGroup, runRedis, type BackplaneGroup } from '../../../support/scale/redis.js';

describe.runIf(runRedis)('Redis circuit breakers', () => {
  const groups: BackplaneGroup[] = [];
  afterAll(async () => {
    await Promise.all(groups.map((group) => group.close()));
  });

  /** `count` instances sharing one fresh key prefix. */
  async function instances(count: number): Promise<CircuitBreakerStore[]> {
    const group = backplaneGroup();
    groups.push(group);
    const opened: CircuitBreakerStore[] = [];
    for (let n = 0; n < count; n++) opened.push((await group.open()).breaker);
    return opened;
  }

  describeBreakerContract('Redis', async () => {
    const [store] = await instances(1);
    if (store === undefined) throw new Error('no backplane');
    return store;
  });

  it('short-circuits every instance once one of them opened the breaker', async () => {
    const [a, b, c] = await instances(3);
    if (a === undefined || b === undefined || c === undefined) throw new Error('no backplane');
    const now = new Date();
    // Instance A sees the failures that open the breaker, as the VAT policy does.
    let failed = await a.recordFailure('DE', now);
    for (let n = 1; n < FAILURE_THRESHOLD; n++) failed = await a.recordFailure('DE', now);
    const window = breakerWindowAfterFailure(failed, now);
    if (window === null) throw new Error('the breaker should open at the threshold');
    await a.open('DE', window.openedAt, window.openUntil);

    expect(breakerDecision(await b.get('DE'), new Date(now.getTime() + 1_000))).toBe('open');
    expect(await c.claimProbe('DE', new Date(now.getTime() + 1_000), probeWindowEnd(now))).toBe(false);
    expect(breakerDecision(await c.get('FR'), now)).toBe('closed');
    expect((await b.list()).map((entry) => entry.countryCode)).toEqual(['DE']);

    await c.reset('DE');
    expect(await a.get('DE')).toBeNull();
  });

  it('gives the probe to exactly one of 20 concurrent callers on 3 instances, every time', async () => {
    const stores = await instances(3);
    const opened = new Date('2025-06-01T12:00:00.000Z');
    const coolDownOver = new Date(opened.getTime() + 60_000);
    for (let round = 0; round < 25; round++) {
      const country = `C${round}`;
      for (let n = 0; n < FAILURE_THRESHOLD; n++) await stores[round % 3]?.recordFailure(country, opened);
      await stores[(round + 1) % 3]?.open(country, opened, coolDownOver);
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, caller) =>
          (stores[caller % 3] as CircuitBreakerStore).claimProbe(country, coolDownOver, probeWindowEnd(coolDownOver)),
        ),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect((await stores[2]?.get(country))?.openUntil).toEqual(probeWindowEnd(coolDownOver));
    }
  });
});
