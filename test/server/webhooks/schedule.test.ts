/** Retries: 30 s doubling, at most an hour apart, for 24 h after the event. */
import { describe, expect, it } from 'vitest';
import { nextAfterFailure } from '../../../src/server/webhooks/schedule.js';

const created = new Date('2026-01-01T00:00:00Z');

describe('webhook retry schedule', () => {
  it('waits 30 s, 60 s, 120 s … then an hour at most', () => {
    const gaps = [1, 2, 3, 4, 7, 8, 20].map((n) => (nextAfterFailure(created, n, created).nextAttemptAt.getTime() - created.getTime()) / 1000);
    expect(gaps).toEqual([30, 60, 120, 240, 1920, 3600, 3600]);
  });

  it('gives up once the next attempt would fall more than 24 h after the event', () => {
    let at = created;
    let attempts = 0;
    for (;;) {
      attempts += 1;
      const next = nextAfterFailure(created, attempts, at);
      if (next.status === 'failed') break;
      at = next.nextAttemptAt;
    }
    expect(at.getTime() - created.getTime()).toBeLessThanOrEqual(24 * 3_600_000);
    expect(at.getTime() - created.getTime()).toBeGreaterThan(23 * 3_600_000);
    // Seven doubling waits (30 s to 32 min), then hourly: 30 attempts in all.
    expect(attempts).toBe(30);
  });
});
