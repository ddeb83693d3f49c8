/**
 * One re-check of a watched VAT number (docs/service.md#vat-monitoring), for the scheduler and for
 * POST /api/v1/vat/watch/{id}/check alike: the one metered validation a request and a job line run
 * too (../pipeline/metered.ts: evidence kept, VIES paced per member state as jobs are), the verdict
 * counted once under the key that created the watch, recorded and, when it differs from the last
 * known one, an event raised.
 *
 * A re-check asks VIES itself (the metered validation's `cache: 'bypass'`): the answer cache is written but not read, since a cached answer
 * (up to a day old) would hide the very change a watch is there to see. Only a live answer is a
 * verdict. Without one (VIES down: UNVERIFIED; a STALE answer could only come from the cache, which
 * is not read, and would not be VIES's word today either) nothing is counted, no event is raised,
 * the known verdict stays, and the check is tried again within minutes (verdict.ts `retryAt`).
 */
import { performance } from 'node:perf_hooks';
import type { ValidationResult, VatValidationResult } from '../../result.js';
import { meteredValidation, quotaLeft } from '../pipeline/metered.js';
import type { RuntimeState } from '../pipeline/runtime-state.js';
import type { PlanLimits } from '../policy/plans.js';
import type { Services } from '../services.js';
import { StoreUnavailableError } from '../storage/guard.js';
import type { Account, Plan, VatWatchRecord } from '../storage/types.js';
import type { KeyRefusal } from '../pipeline/admission.js';
import { emitEvent } from '../webhooks/events.js';
import { watchJson } from './json.js';
import { changeOf, nextCheckAt, retryAt, type WatchVerdict } from './verdict.js';

/** What re-checks need; the runtime's ApiRouteDeps (http/routes/api-key.ts) has all of it. */
export interface WatchDeps {
  /** The service's runtime state: its services, the VIES slots, the periods. */
  runtime(): RuntimeState | Promise<RuntimeState>;
  plans: Readonly<Record<Plan, PlanLimits>>;
  log: (line: string) => void;
  now(): Date;
  config: { jobConcurrencyPerState: number; watchIntervalMs: number };
}

/** The known verdict a re-check brought: a live answer of VIES; null for any other source. */
function verdictOf(result: ValidationResult): WatchVerdict | null {
  const details = (result as VatValidationResult).vatDetails;
  if (details.source !== 'LIVE' || details.registered === null) return null;
  return { registered: details.registered, name: details.trader_name ?? null, address: details.trader_address ?? null };
}

/** The interval between two checks of the account's watches. */
export function intervalOf(account: Account, deps: Pick<WatchDeps, 'config'>): number {
  return account.watchIntervalMs ?? deps.config.watchIntervalMs;
}

/**
 * Whether the account may be counted one more validation now: always on the paid plans (they count
 * overage); on FREE only while its quota lasts, since FREE never goes over it. Null when it may,
 * else the day the quota resets.
 */
export async function quotaExhausted(runtime: Pick<RuntimeState, 'services' | 'periods'>, account: Account, plan: PlanLimits, at: Date): Promise<{ quota: number; resetsOn: string } | null> {
  if (!plan.blocksOverQuota) return null;
  const period = runtime.periods.of(account.subscriptionStart, at);
  const used = await runtime.services.store.usage.used(account.id, period.start);
  return quotaLeft(plan, used) >= 1 ? null : { quota: plan.quota, resetsOn: period.end };
}

/**
 * Re-checks `watch` now and resolves with the watch as recorded (null when it was deleted
 * meanwhile, or its account), or with the refusal of its creator's key (the error code a request
 * with that key would get: nothing counted). Rejects when the count or the record could not be written (the store away):
 * the scheduler then tries again once the claim lapses.
 */
export async function checkWatch(deps: WatchDeps, watch: VatWatchRecord, options: { stopped?: () => boolean } = {}): Promise<VatWatchRecord | KeyRefusal | null> {
  const runtime = await deps.runtime();
  const { services } = runtime;
  // The creator's key and account as the authenticator's cache holds them now: the metered validation admits the re-check with them.
  const holder = await runtime.auth.holderOf(watch.accountId, watch.keyId);
  if (holder === null) return null;
  const { key, account } = holder;
  const plan = deps.plans[account.plan];
  const checkedAt = deps.now();
  const metered = await meteredValidation(
    runtime,
    {
      field: 'vat',
      value: watch.value,
      ...(watch.traderName === null ? {} : { options: { traderName: watch.traderName } }),
      key,
      account,
      plan,
      period: runtime.periods.of(account.subscriptionStart, checkedAt),
      at: checkedAt,
      requestId: `watch:${watch.id}:${checkedAt.toISOString()}`,
      started: performance.now(),
      sdk: null,
    },
    // The quota was checked before the re-check was asked for (quotaExhausted); only VIES's own word is a validation to count.
    { quota: 'reserved', cache: 'bypass', paced: options.stopped === undefined ? {} : { stopped: options.stopped }, counts: (result) => verdictOf(result) !== null },
  );
  if (metered.kind === 'unavailable') throw new StoreUnavailableError(metered.outage, undefined);
  const at = deps.now();
  if (metered.kind === 'refused') {
    // The creator's key may no longer validate (revoked, expired, narrowed, its account suspended):
    // nothing counted, the verdict kept, the watch back at its next turn.
    await services.store.watches.recordCheck(watch.id, { registered: null, name: null, address: null, at, nextCheckAt: nextCheckAt(watch.id, at, intervalOf(account, deps)) });
    return metered.refusal;
  }
  const verdict = metered.kind === 'counted' ? verdictOf(metered.result) : null;
  if (verdict === null) {
    // No answer is no validation: the account is not charged for VIES being down, and the watch
    // comes back in minutes rather than a whole interval later.
    return services.store.watches.recordCheck(watch.id, { registered: null, name: null, address: null, at, nextCheckAt: retryAt(watch, at, intervalOf(account, deps)) });
  }
  const recorded = await services.store.watches.recordCheck(watch.id, { ...verdict, at, nextCheckAt: nextCheckAt(watch.id, at, intervalOf(account, deps)) });
  const change = changeOf(watch, verdict);
  if (recorded !== null && change !== null) {
    await emitEvent(services, {
      accountId: account.id,
      type: change,
      data: {
        watch: watchJson(recorded),
        previous: { registered: watch.registered, name: watch.name, address: watch.address, checkedAt: watch.lastCheckedAt?.toISOString() ?? null },
      },
    });
  }
  return recorded;
}
