/**
 * Job slot claims on a real redis-server: every instance runs the same timers and claims the slot
 * before running, so each slot must go to exactly one instance (docs/architecture.md#job-slots).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RedisBackplane } from '../../../../src/server/storage/redis/index.js';
import { backplaneGroup, runRedis, type BackplaneGroup } from '../../../support/scale/redis.js';

describe.runIf(runRedis)('Redis job slot claims', () => {
  let group: BackplaneGroup;
  afterEach(async () => {
    await group.close();
  });

  it('gives each of 200 slots to exactly one of three instances claiming them at once', async () => {
    group = backplaneGroup();
    const instances = [await group.open(), await group.open(), await group.open()];
    const slots = Array.from({ length: 200 }, (_, n) => `2025-01-01T${String(Math.floor(n / 12)).padStart(2, '0')}:${String((n % 12) * 5).padStart(2, '0')}`);
    const wins = new Map<string, string[]>();
    // Every instance claims every slot twice (two timers firing together), in a shuffled order.
    const claims = slots.flatMap((slot) => [0, 1, 2, 0, 1, 2].map((n) => ({ slot, n, order: Math.random() })));
    claims.sort((x, y) => x.order - y.order);
    await Promise.all(
      claims.map(async ({ slot, n }) => {
        if (await (instances[n] as RedisBackplane).claimJob('vies-status', slot, `instance-${n}`)) {
          wins.set(slot, [...(wins.get(slot) ?? []), `instance-${n}`]);
        }
      }),
    );
    for (const slot of slots) expect(wins.get(slot), slot).toHaveLength(1);
    // The claims really raced: more than one instance won slots.
    const winners = new Set([...wins.values()].flat());
    expect(winners.size).toBeGreaterThan(1);
  });

  it('keeps a claim long enough that a late instance cannot run the same daily slot again', async () => {
    group = backplaneGroup();
    const [early, late] = [await group.open(), await group.open({ jobClaimTtlMs: 1_000 })];
    expect(await early.claimJob('rates', '2025-03-04', 'early')).toBe(true);
    expect(await late.claimJob('rates', '2025-03-04', 'late')).toBe(false);
    expect(await late.claimJob('rates', '2025-03-05', 'late')).toBe(true);
    expect(await early.claimJob('rates', '2025-03-04', 'early')).toBe(false);
    // The default keeps a claim 8 days: past the daily slot and its catch-up runs.
    const left = await group.raw().pttl(`${group.prefix}job:rates:2025-03-04`);
    expect(left).toBeGreaterThan(7 * 24 * 60 * 60 * 1000);
    expect(await group.raw().get(`${group.prefix}job:rates:2025-03-04`)).toBe('early');
  });
});
