import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expiryFrom, generateApiKey, hashApiKey, hashesMatch } from '../../../src/server/admin/api-keys.js';
import { billingPeriod, PLANS } from '../../../src/server/policy/plans.js';

describe('plans (docs/service.md#plans)', () => {
  it('has the quotas, concurrency and key limits of the table', () => {
    expect(Object.entries(PLANS).map(([plan, p]) => [plan, p.quota, p.maxConcurrent, p.maxKeys, p.blocksOverQuota])).toEqual([
      ['FREE', 250, 3, 1, true],
      ['STARTER', 10_000, 5, 2, false],
      ['GROWTH', 50_000, 10, 5, false],
      ['PRO', 150_000, 25, 20, false],
    ]);
    expect([PLANS.FREE.emailLevel, PLANS.STARTER.emailLevel, PLANS.GROWTH.emailLevel, PLANS.PRO.emailLevel]).toEqual([
      'STANDARD',
      'STANDARD',
      'ADVANCED',
      'PREMIUM',
    ]);
  });
});

describe('billing period', () => {
  it('is anchored on the subscription day', () => {
    expect(billingPeriod('2026-01-15', new Date('2026-03-20T10:00:00Z'))).toEqual({ start: '2026-03-15', end: '2026-04-15' });
    expect(billingPeriod('2026-01-15', new Date('2026-03-14T23:59:59Z'))).toEqual({ start: '2026-02-15', end: '2026-03-15' });
    expect(billingPeriod('2026-01-15', new Date('2026-03-15T00:00:00Z'))).toEqual({ start: '2026-03-15', end: '2026-04-15' });
  });

  it('puts an anchor past the end of a month on its last day', () => {
    expect(billingPeriod('2026-01-31', new Date('2026-02-28T12:00:00Z'))).toEqual({ start: '2026-02-28', end: '2026-03-31' });
    expect(billingPeriod('2026-01-31', new Date('2026-02-27T12:00:00Z'))).toEqual({ start: '2026-01-31', end: '2026-02-28' });
    expect(billingPeriod('2024-01-30', new Date('2024-02-29T00:00:00Z'))).toEqual({ start: '2024-02-29', end: '2024-03-30' });
  });

  it('crosses the year boundary', () => {
    expect(billingPeriod('2025-06-10', new Date('2027-01-05T00:00:00Z'))).toEqual({ start: '2026-12-10', end: '2027-01-10' });
    expect(billingPeriod('2025-06-10', new Date('2026-12-31T00:00:00Z'))).toEqual({ start: '2026-12-10', end: '2027-01-10' });
  });

  it('always contains the instant it was computed for', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 31 }),
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        (day, now) => {
          const { start, end } = billingPeriod(`2000-01-${String(day).padStart(2, '0')}`, now);
          expect(new Date(`${start}T00:00:00Z`).getTime()).toBeLessThanOrEqual(now.getTime());
          expect(new Date(`${end}T00:00:00Z`).getTime()).toBeGreaterThan(now.getTime());
        },
      ),
    );
  });
});

describe('API keys (docs/service.md#api-keys)', () => {
  it('are vf_ + 43 base62 characters, different each time, stored only as a SHA-256 hash', () => {
    const a = generateApiKey();
    const b = generateApiKey();
    expect(a.key).toMatch(/^vf_[0-9A-Za-z]{43}$/);
    expect(a.key).not.toBe(b.key);
    expect(a.hash).toBe(hashApiKey(a.key));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash).not.toContain(a.key.slice(3, 12));
    expect(a.displayPrefix).toBe(a.key.slice(0, 7));
  });

  it('match only their own hash', () => {
    const { key, hash } = generateApiKey();
    expect(hashesMatch(hash, hashApiKey(key))).toBe(true);
    expect(hashesMatch(hash, hashApiKey(`${key}x`))).toBe(false);
    expect(hashesMatch(hash, '')).toBe(false);
  });

  it('expire after the duration given, or never', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(expiryFrom('12h', now)?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(expiryFrom('30d', now)?.toISOString()).toBe('2026-12-22T12:00:00.000Z');
    expect(expiryFrom('1y', now)?.toISOString()).toBe('2027-11-22T12:00:00.000Z');
    expect(expiryFrom('never', now)).toBeNull();
    expect(() => expiryFrom('soon', now)).toThrow(RangeError);
    expect(() => expiryFrom('0d', now)).toThrow(/12h, 30d/);
  });

  it('live 10 years at most: a longer expiry is refused, never silently made endless', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(expiryFrom('10y', now)?.toISOString()).toBe('2036-11-19T12:00:00.000Z');
    expect(expiryFrom('3650d', now)?.toISOString()).toBe('2036-11-19T12:00:00.000Z');
    expect(expiryFrom('521w', now)?.getTime()).toBeLessThan(new Date('2036-11-20T00:00:00Z').getTime());
    for (const duration of ['11y', '3651d', '522w', '87601h', '999999y']) {
      expect(() => expiryFrom(duration, now), duration).toThrow(`expiry "${duration}" is longer than 10 years: use at most 10y (3650d, 521w), or never`);
    }
  });
});
