/**
 * The billing period a request counts in (docs/service.md#billing-periods), with what the
 * RateLimit header fields need of it. Periods start and end at midnight UTC, so an account's
 * period is the same all day: it is worked out once per subscription day and UTC day, not with
 * three Dates on every request.
 */
import type { PeriodWindow } from '../answers/ratelimit-headers.js';
import { billingPeriod } from '../policy/plans.js';

/** A billing period: its dates (YYYY-MM-DD, end exclusive) and its window for the RateLimit fields. */
export interface Period extends PeriodWindow {
  start: string;
  end: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Periods remembered; beyond it the memo starts afresh (a period costs a few Dates to work out again). */
const MAX_PERIODS = 10_000;

/** The period that contains `at` for a subscription that started on `subscriptionStart` (YYYY-MM-DD), worked out afresh. */
export function periodOf(subscriptionStart: string, at: Date): Period {
  const { start, end } = billingPeriod(subscriptionStart, at);
  const endMs = Date.parse(`${end}T00:00:00Z`);
  return { start, end, endMs, windowSeconds: Math.round((endMs - Date.parse(`${start}T00:00:00Z`)) / 1000) };
}

/** The periods of one runtime, remembered per subscription day and UTC day (the runtime holds it: runtime-state.ts). */
export interface Periods {
  of(subscriptionStart: string, at: Date): Period;
}

export function createPeriods(): Periods {
  const periods = new Map<string, Period>();
  return {
    of(subscriptionStart, at) {
      const key = `${subscriptionStart}|${Math.floor(at.getTime() / DAY_MS)}`;
      let period = periods.get(key);
      if (period === undefined) {
        period = periodOf(subscriptionStart, at);
        if (periods.size >= MAX_PERIODS) periods.clear();
        periods.set(key, period);
      }
      return period;
    },
  };
}
