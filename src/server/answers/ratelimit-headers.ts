/**
 * An account's quota state in the `RateLimit-Policy` and `RateLimit` response header fields of the
 * IETF httpapi working group's draft "RateLimit header fields for HTTP"
 * (draft-ietf-httpapi-ratelimit-headers-11, May 2026). There both fields are Structured Field
 * lists (RFC 9651) whose items are the policy name as a String with parameters; the separate
 * RateLimit-Limit/-Remaining/-Reset fields of drafts 06 and before are gone. One policy, "monthly":
 *
 *   RateLimit-Policy: "monthly";q=250;w=2678400;verifield-over-quota=refused
 *   RateLimit: "monthly";r=120;t=86400
 *
 * - `q`: validations the plan includes per billing period (the unit is the draft's default,
 *   requests: one validation is one request).
 * - `w`: the length of the current billing period in seconds. Periods are calendar months anchored
 *   on the subscription's start day (plans.ts billingPeriod), so this is 28 to 31 days, the same
 *   on every answer of a period.
 * - `r`: validations left in the period, never below 0. `t`: seconds until the period ends and the
 *   count starts again.
 * - `verifield-over-quota` (a vendor parameter, which the draft lets clients ignore): `refused` on
 *   FREE, whose requests get 429 QUOTA_EXCEEDED at r=0; `billed` on the paid plans, which go on past
 *   their included quota and pay for the overage. On a paid plan r=0 therefore means "now billed
 *   per validation", not "throttled"; the included quota is still what the fields report, because
 *   that is the number the plan is priced on and the one a client wants to watch.
 */
import type { PlanLimits } from '../policy/plans.js';

/** A billing period, as the answers need it. */
export interface PeriodWindow {
  /** Its end (exclusive), in ms since the epoch. */
  endMs: number;
  /** Its length in whole seconds. */
  windowSeconds: number;
}

/** The name of the one policy the fields describe. */
export const RATE_LIMIT_POLICY_NAME = 'monthly';

/** The two header fields for an account of `plan` that has used `used` validations of `period` at `at`. */
export function rateLimitHeaders(plan: PlanLimits, period: PeriodWindow, used: number, at: Date): Record<string, string> {
  const remaining = Math.max(0, plan.quota - used);
  const reset = Math.max(0, Math.ceil((period.endMs - at.getTime()) / 1000));
  const overQuota = plan.blocksOverQuota ? 'refused' : 'billed';
  return {
    'RateLimit-Policy': `"${RATE_LIMIT_POLICY_NAME}";q=${plan.quota};w=${period.windowSeconds};verifield-over-quota=${overQuota}`,
    RateLimit: `"${RATE_LIMIT_POLICY_NAME}";r=${remaining};t=${reset}`,
  };
}
