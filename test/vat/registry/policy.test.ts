/** The pure rules of src/vat/registry/policy.ts: the constants of docs/fields/vat.md#constants and the breaker's states. */
import { describe, expect, it } from 'vitest';
import { VatRegistryError } from '../../../src/ports.js';
import {
  ageOfAnswer,
  breakerDecision,
  breakerWindowAfterFailure,
  COOL_DOWN_MS,
  countsTowardBreaker,
  FAILURE_THRESHOLD,
  failureScopeOf,
  FRESH_FOR_MS,
  isCountryFailing,
  LIVE_BUDGET_MS,
  sourceWithoutLiveAnswer,
  STALE_FOR_MS,
  successClosesBreaker,
} from '../../../src/vat/registry/policy.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const T = new Date('2026-11-22T10:00:00Z');
const later = (ms: number): Date => new Date(T.getTime() + ms);

describe('registry policy', () => {
  it('uses the constants of docs/fields/vat.md#constants', () => {
    expect(LIVE_BUDGET_MS).toBe(4000);
    expect(FRESH_FOR_MS).toBe(24 * HOUR);
    expect(STALE_FOR_MS).toBe(30 * DAY);
    expect(FAILURE_THRESHOLD).toBe(3);
    expect(COOL_DOWN_MS).toBe(60_000);
  });

  it.each([
    [0, 'fresh'],
    [23 * HOUR + 59 * MINUTE, 'fresh'],
    [24 * HOUR, 'stale'],
    [24 * HOUR + MINUTE, 'stale'],
    [29 * DAY, 'stale'],
    [30 * DAY, 'stale'],
    [30 * DAY + 1, 'expired'],
    [31 * DAY, 'expired'],
    [-HOUR, 'fresh'],
  ] as const)('an answer %i ms old is %s', (age, expected) => {
    expect(ageOfAnswer(T, later(age))).toBe(expected);
  });

  it('falls back to STALE up to 30 days, UNVERIFIED beyond or without an answer', () => {
    expect(sourceWithoutLiveAnswer(T, later(29 * DAY))).toBe('STALE');
    expect(sourceWithoutLiveAnswer(T, later(31 * DAY))).toBe('UNVERIFIED');
    expect(sourceWithoutLiveAnswer(null, T)).toBe('UNVERIFIED');
  });

  it('walks the breaker: closed under three failures, open for the cool-down, then a probe', () => {
    const closed = { consecutiveFailures: 2, openedAt: null, openUntil: null };
    expect(breakerDecision(null, T)).toBe('closed');
    expect(breakerDecision(closed, T)).toBe('closed');
    expect(breakerWindowAfterFailure(closed, T)).toBeNull();
    const failing = { consecutiveFailures: 3, openedAt: null, openUntil: null };
    const window = breakerWindowAfterFailure(failing, T);
    expect(window).toEqual({ openedAt: T, openUntil: later(COOL_DOWN_MS) });
    const open = { ...failing, ...window };
    expect(breakerDecision(open, later(COOL_DOWN_MS - 1))).toBe('open');
    expect(breakerDecision(open, later(COOL_DOWN_MS))).toBe('probe');
    expect(breakerDecision(failing, T)).toBe('probe');
    expect(isCountryFailing(open)).toBe(true);
    expect(isCountryFailing(closed)).toBe(false);
    expect(successClosesBreaker(null)).toBe(false);
    expect(successClosesBreaker(closed)).toBe(true);
  });

  it('reads what a failure means; anything unknown is an outage, and only outages count toward the breaker', () => {
    expect(failureScopeOf(new VatRegistryError('fault', 'INVALID_INPUT', 'input', false, 'x'))).toBe('input');
    expect(failureScopeOf({ scope: 'number' })).toBe('number');
    expect(failureScopeOf({ scope: 'whatever' })).toBe('outage');
    expect(failureScopeOf(new Error('boom'))).toBe('outage');
    expect(failureScopeOf(undefined)).toBe('outage');
    expect(countsTowardBreaker('outage')).toBe(true);
    for (const scope of ['input', 'requester', 'number'] as const) expect(countsTowardBreaker(scope)).toBe(false);
  });
});
