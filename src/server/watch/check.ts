/**
 * One re-check of a watched VAT number (docs/service.md#vat-monitoring), for the scheduler and for
 * POST /api/v1/vat/watch/{id}/check alike: the service's VAT validator (evidence kept), paced per
 * member state as jobs are (../batch/pacing.ts), then the verdict counted once under the key that
 * created the watch and recorded and, when it differs from the last known one, an event raised.
 *
 * A re-check asks VIES itself: the answer cache is written but not read, since a cached answer
 * (up to a day old) would hide the very change a watch is there to see. Only a live answer is a
 * verdict. Without one (VIES down: UNVERIFIED; a STALE answer could only come from the cache, which
 * is not read, and would not be VIES's word today either) nothing is counted, no event is raised,
 * the known verdict stays, and the check is tried again within minutes (verdict.ts `retryAt`).
 */
import { performance } from 'node:perf_hooks';
import type { CachedVatAnswer } from '../../ports.js';
import type { VatValidationResult } from '../../result.js';
import { countryOfValue, pacedValidation, serviceSlots } from '../batch/pacing.js';
import { countBackground } from '../pipeline/background-meter.js';
import { periodOf } from '../pipeline/period.js';
import { FIELD_VALIDATORS } from '../pipeline/validators.js';
import type { PlanLimits } from '../policy/plans.js';
import type { Services } from '../services.js';
import type { Account, Plan, Store, VatWatchRecord } from '../storage/types.js';
import { emitEvent } from '../webhooks/events.js';
import { watchJson } from './json.js';
import { changeOf, nextCheckAt, retryAt, type WatchVerdict } from './verdict.js';

/** What re-checks need; the runtime's ApiRouteDeps (http/routes/api-key.ts) has all of it. */
export interface WatchDeps {
  services(): Services | Promise<Services>;
  plans: Readonly<Record<Plan, PlanLimits>>;
  log: (line: string) => void;
  now(): Date;
  config: { jobConcurrencyPerState: number; watchIntervalMs: number };
}

/** The store with a VIES answer cache that is written but never read. */
function liveOnly(store: Store): Store {
  const cache = store.viesCache;
  const writeOnly: Store['viesCache'] = {
    get: async (): Promise<CachedVatAnswer | null> => null,
    set: (countryCode, vatNumber, entry) => cache.set(countryCode, vatNumber, entry),
    prune: (before) => cache.prune(before),
  };
  return new Proxy(store, { get: (target, property, receiver) => (property === 'viesCache' ? writeOnly : Reflect.get(target, property, receiver)) });
}

/** The known verdict a re-check brought: a live answer of VIES; null for any other source. */
function verdictOf(result: VatValidationResult): WatchVerdict | null {
  const details = result.vatDetails;
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
export async function quotaExhausted(services: Pick<Services, 'store'>, account: Account, plan: PlanLimits, at: Date): Promise<{ quota: number; resetsOn: string } | null> {
  if (!plan.blocksOverQuota) return null;
  const period = periodOf(account.subscriptionStart, at);
  const used = await services.store.usage.used(account.id, period.start);
  return used < plan.quota ? null : { quota: plan.quota, resetsOn: period.end };
}

/**
 * Re-checks `watch` of `account` now and resolves with the watch as recorded (null when it was
 * deleted meanwhile). Rejects when the count or the record could not be written (the store away):
 * the scheduler then tries again once the claim lapses.
 */
export async function checkWatch(deps: WatchDeps, watch: VatWatchRecord, account: Account, options: { stopped?: () => boolean } = {}): Promise<VatWatchRecord | null> {
  const services = await deps.services();
  const plan = deps.plans[account.plan];
  const started = performance.now();
  const store = liveOnly(services.store);
  const slots = serviceSlots(services, deps.config.jobConcurrencyPerState);
  const { result } = await pacedValidation(
    services.registry,
    slots,
    (registry) =>
      FIELD_VALIDATORS.vat(watch.value, {
        services: { ...services, store, registry },
        account,
        plan,
        ...(watch.traderName === null ? {} : { traderName: watch.traderName }),
      }),
    // The member state's slot is taken before the validation starts, as for a job line: waiting for it costs none of the VIES call's budget.
    { country: countryOfValue(watch.value), ...(options.stopped === undefined ? {} : { stopped: options.stopped }) },
  );
  const at = deps.now();
  const verdict = verdictOf(result as VatValidationResult);
  if (verdict === null) {
    // No answer is no validation: the account is not charged for VIES being down, and the watch
    // comes back in minutes rather than a whole interval later.
    return services.store.watches.recordCheck(watch.id, { registered: null, name: null, address: null, at, nextCheckAt: retryAt(watch, at, intervalOf(account, deps)) });
  }
  await countBackground(services, {
    account,
    keyId: watch.keyId,
    field: 'vat',
    requestId: `watch:${watch.id}:${at.toISOString()}`,
    value: watch.value,
    result,
    at,
    latencyMs: performance.now() - started,
  });
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
