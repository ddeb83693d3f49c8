/**
 * `verifyVat`: the offline structure check, then the registration verdict from the number's
 * registry (VIES, or HMRC, UID, BRREG for GB, CH, NO: registries.ts) through the ports, in the order
 * NOT_APPLICABLE, CACHE, LIVE, STALE, UNVERIFIED, with a per-country circuit breaker. The rules are in policy.ts, the calls under their time budgets in calls.ts, and the
 * answer is written by verdict.ts (through the one VAT result builder, ../result.ts); this file
 * runs the steps in order. A VIES outage or a failing store degrades the answer (STALE,
 * UNVERIFIED): it never throws and never turns into `registered: false`.
 */
import { requireString, type VatValidationResult } from '../../result.js';
import type {
  CachedVatAnswer,
  CircuitBreakerState,
  CircuitBreakerStore,
  Clock,
  VatAnswerCache,
  VatRegistry,
  VatRequester,
} from '../../ports.js';
import { checkVatStructure } from '../number/structure.js';
import { vatResult } from '../result.js';
import { askRegistry, isCachedAnswer, withinStoreBudget } from './calls.js';
import {
  ageOfAnswer,
  breakerDecision,
  breakerWindowAfterFailure,
  countsTowardBreaker,
  isCountryFailing,
  LIVE_BUDGET_MS,
  probeWindowEnd,
  successClosesBreaker,
} from './policy.js';
import { adapterOf, registryNameOf, type VatRegistryAdapters } from './registries.js';
import { readRequester } from './requester.js';
import { withoutLiveAnswer, withVerdict, type Lookup } from './verdict.js';

/** Options of {@link verifyVat}. */
export interface VerifyVatOptions extends VatRegistryAdapters {
  /** Answers kept between lookups, e.g. `memoryVatCache()`; without it every lookup goes live. */
  cache?: VatAnswerCache;
  /** Per-country circuit breaker state, e.g. `memoryBreakerStore()`; without it there is no breaker. */
  breaker?: CircuitBreakerStore;
  /**
   * Clock for cache ages, the breaker, and the day a Czech or Slovak birth-number VAT number must
   * not come after; defaults to the system clock.
   */
  now?: Clock;
  /** Company name expected to hold the number: adds `trader_name_match`. */
  traderName?: string;
  /**
   * Your own VAT number, prefix included ('DE123456789'): VIES then issues a `consultation_number`;
   * a GB number ('GB123456789') is sent to HMRC instead, which issues one for GB lookups.
   */
  requester?: string;
  /** Time the registry gets to answer, in milliseconds; default 4000. */
  liveBudgetMs?: number;
}

/**
 * Checks a VAT number's structure offline, then whether its registry has it registered: VIES for
 * the member states and Northern Ireland; HMRC, the Swiss UID register and Brønnøysund for GB, CH
 * and NO when their adapters are given (`hmrc`, `uid`, `brreg`), else those numbers get
 * `NOT_APPLICABLE`. The verdict comes from a cached answer under 24 hours (`CACHE`), live with a
 * 4-second budget (`LIVE`), from a cached answer up to 30 days old when the registry cannot answer
 * (`STALE`), or not at all (`UNVERIFIED`, `registered: null`); `vatDetails.registry` names the
 * registry. `valid` is `registered` when the registry gave a verdict, and the structure's verdict
 * when `registered` is null: an outage never blocks anyone.
 *
 * Never throws for a string `value`, whatever the registries or the stores do.
 * @throws TypeError when `value` is not a string or `options.registry` is missing.
 * @throws RangeError when `options.requester` is not a well-formed VAT number of a VIES country or GB.
 * @example
 * ```ts
 * import { memoryVatCache, viesRestClient } from 'verifield/adapters';
 * const options = { registry: viesRestClient({ url: process.env.VERIFIELD_VIES_URL }), cache: memoryVatCache() };
 * const first = await verifyVat('LU 242 317 59', options);
 * first.vatDetails.source; // 'LIVE'
 * first.vatDetails.trader_name; // 'EXEMPLE SARL'
 * // Asked again within 24 hours, the cache answers:
 * (await verifyVat('LU 242 317 59', options)).vatDetails.source; // 'CACHE'
 * // Outside VIES, without the national registry's adapter, nothing is asked:
 * (await verifyVat('GB 980 7806 84', options)).vatDetails.source; // 'NOT_APPLICABLE'
 * ```
 */
export async function verifyVat(value: string, options: VerifyVatOptions): Promise<VatValidationResult> {
  requireString(value, 'verifyVat');
  if (typeof options?.registry?.check !== 'function') {
    throw new TypeError('verifyVat needs options.registry, for example viesRestClient() from verifield/adapters');
  }
  if (options.traderName !== undefined) requireString(options.traderName, 'verifyVat (options.traderName)');
  const requester = options.requester === undefined ? undefined : requesterOf(options.requester, options.now);
  const traderName = options.traderName?.trim();

  const structure = checkVatStructure(value, options.now);
  const registryName = structure.countryCode === null ? null : registryNameOf(structure.countryCode);
  const registry = registryName === null ? undefined : adapterOf(options, registryName);
  if (!structure.formatValid || structure.countryCode === null || registryName === null || registry === undefined) {
    // Nothing to ask: the structure's answer, at the depth verifyVat answers.
    return vatResult(value, structure, 'STANDARD', options.traderName === undefined ? undefined : { trader_name_match: 'NOT_AVAILABLE' });
  }
  // A requester goes only to the registry it belongs to: VIES refuses a GB one, HMRC any other.
  const sentRequester = requester !== undefined && registryNameOf(requester.countryCode) === registryName ? requester : undefined;
  const lookup: Lookup = {
    value,
    structure,
    countryCode: structure.countryCode,
    registryName,
    query: {
      countryCode: structure.countryCode,
      vatNumber: structure.body,
      ...(traderName ? { traderName } : {}),
      ...(sentRequester ? { requester: sentRequester } : {}),
    },
    traderNameSent: options.traderName !== undefined,
    requesterKey: sentRequester ? sentRequester.countryCode + sentRequester.vatNumber : null,
  };
  return registryVerdict(lookup, registry, options);
}

function requesterOf(requester: string, now: Clock | undefined): VatRequester {
  requireString(requester, 'verifyVat (options.requester)');
  const reading = readRequester(requester, now);
  if (!reading.ok) {
    throw new RangeError(`options.requester must be your own VAT number in a VIES country or GB, prefix included (got "${requester}")`);
  }
  return reading.requester;
}

async function registryVerdict(lookup: Lookup, registry: VatRegistry, options: VerifyVatOptions): Promise<VatValidationResult> {
  const clock = options.now ?? (() => new Date());
  const { cache, breaker } = options;
  const { countryCode, query } = lookup;
  const startedAt = clock();

  // Both stores are read at once: one round trip's wait, not two.
  const [cached, breakerState] = await Promise.all([
    cache ? withinStoreBudget(() => cache.get(countryCode, query.vatNumber)) : undefined,
    breaker ? withinStoreBudget(() => breaker.get(countryCode)) : undefined,
  ]);
  const usableCached = cached !== undefined && cached !== null && isCachedAnswer(cached) ? cached : null;
  const state: CircuitBreakerState | null = breakerState ?? null;

  // Step 3: a fresh cached answer.
  if (usableCached !== null && ageOfAnswer(usableCached.checkedAt, startedAt) === 'fresh') {
    return withVerdict(lookup, 'CACHE', usableCached, !isCountryFailing(state));
  }

  // The breaker may keep the live call off.
  if (breaker) {
    let decision = breakerDecision(state, startedAt);
    if (decision === 'probe') {
      const claimed = await withinStoreBudget(() => breaker.claimProbe(countryCode, startedAt, probeWindowEnd(startedAt)));
      // A store that cannot say lets the probe go: better one call too many than a country stuck closed off.
      decision = claimed === false ? 'open' : 'closed';
    }
    if (decision === 'open') return withoutLiveAnswer(lookup, usableCached, clock(), false);
  }

  // Step 4: live, within the budget.
  const budgetMs = options.liveBudgetMs ?? LIVE_BUDGET_MS;
  const deadline = Date.now() + budgetMs;
  let outcome = await askRegistry(registry, query, budgetMs, clock);
  if (outcome.kind === 'failed' && outcome.scope === 'requester' && query.requester !== undefined) {
    // Our own VAT number was refused: still get the verdict, without a consultation number.
    const { requester: _refused, ...withoutRequester } = query;
    outcome = await askRegistry(registry, withoutRequester, Math.max(0, deadline - Date.now()), clock);
  }
  const answeredAt = clock();
  // Any answer from VIES, even a refusal about this number, shows that the country can be reached.
  const reached = outcome.kind === 'answered' || !countsTowardBreaker(outcome.scope);
  if (breaker && reached && successClosesBreaker(state)) await withinStoreBudget(() => breaker.reset(countryCode));

  if (outcome.kind === 'answered') {
    const entry: CachedVatAnswer = {
      answer: outcome.answer,
      checkedAt: answeredAt,
      traderName: outcome.query.traderName ?? null,
      requester: outcome.query.requester ? lookup.requesterKey : null,
    };
    if (cache) await withinStoreBudget(() => cache.set(countryCode, query.vatNumber, entry));
    return withVerdict(lookup, 'LIVE', entry, true);
  }

  // Steps 5 and 6.
  if (breaker && !reached) {
    const after = await withinStoreBudget(() => breaker.recordFailure(countryCode, answeredAt));
    const window = after ? breakerWindowAfterFailure(after, answeredAt) : null;
    if (window) await withinStoreBudget(() => breaker.open(countryCode, window.openedAt, window.openUntil));
  }
  return withoutLiveAnswer(lookup, usableCached, answeredAt, reached);
}
