/**
 * The plans of docs/service.md#plans and the billing period they count in. FREE blocks over quota;
 * the paid plans go on and count the overage for billing. Email depth by plan is docs/fields/email.md#depth.
 */
import type { ValidationLevel } from '../../result.js';
import type { Plan } from '../storage/types.js';

/** What the account's plan allows (docs/service.md#plans). */
export interface PlanLimits {
  /**
   * Validations included per billing period.
   * @asType integer
   * @minimum 0
   */
  quota: number;
  /**
   * Requests of the account in flight at once.
   * @asType integer
   * @format int32
   * @minimum 1
   */
  maxConcurrent: number;
  /**
   * Live (unrevoked, unexpired) API keys at most.
   * @asType integer
   * @format int32
   * @minimum 1
   */
  maxKeys: number;
  /** Over the quota: true refuses validations (FREE), false counts the overage for billing. */
  blocksOverQuota: boolean;
  /** Depth of email validation (docs/fields/email.md#depth). */
  emailLevel: ValidationLevel;
  /** Whether requests also take a slot of the server-wide pool shared by the non-PRO plans. */
  usesSharedPool: boolean;
}

/** The four plans and their limits, exactly as the contract lists them (docs/service.md#plans). */
export const PLANS: Readonly<Record<Plan, PlanLimits>> = {
  FREE: { quota: 250, maxConcurrent: 3, maxKeys: 1, blocksOverQuota: true, emailLevel: 'STANDARD', usesSharedPool: true },
  STARTER: { quota: 10_000, maxConcurrent: 5, maxKeys: 2, blocksOverQuota: false, emailLevel: 'STANDARD', usesSharedPool: true },
  GROWTH: { quota: 50_000, maxConcurrent: 10, maxKeys: 5, blocksOverQuota: false, emailLevel: 'ADVANCED', usesSharedPool: true },
  PRO: { quota: 150_000, maxConcurrent: 25, maxKeys: 20, blocksOverQuota: false, emailLevel: 'PREMIUM', usesSharedPool: false },
};

/** Whether `value` names one of the four plans. */
export function isPlan(value: string): value is Plan {
  return Object.prototype.hasOwnProperty.call(PLANS, value);
}

function utcDay(year: number, monthIndex: number, anchorDay: number): Date {
  // An anchor past the month's end falls on its last day (docs/service.md#billing-periods).
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, monthIndex, Math.min(anchorDay, lastDay)));
}

/**
 * The monthly billing period that contains `now`, anchored on the subscription's start day
 * (YYYY-MM-DD), as { start, end } dates (YYYY-MM-DD, end exclusive: the next period's start).
 */
export function billingPeriod(subscriptionStart: string, now: Date): { start: string; end: string } {
  const anchorDay = Number(subscriptionStart.slice(8, 10));
  let year = now.getUTCFullYear();
  let month = now.getUTCMonth();
  let start = utcDay(year, month, anchorDay);
  if (start.getTime() > now.getTime()) {
    month -= 1;
    if (month < 0) {
      month = 11;
      year -= 1;
    }
    start = utcDay(year, month, anchorDay);
  }
  const end = utcDay(month === 11 ? year + 1 : year, (month + 1) % 12, anchorDay);
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}
