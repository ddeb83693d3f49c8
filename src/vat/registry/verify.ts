/**
 * `verifyVat`: the offline structure check, then the registration verdict from VIES through the
 * ports, in the order NOT_APPLICABLE, CACHE, LIVE, STALE, UNVERIFIED, with a per-country circuit
 * breaker. The rules are in registry-policy.ts; this file does the I/O around them and writes the
 * envelope. A VIES outage or a failing store degrades the answer (STALE, UNVERIFIED): it never
 * throws and never turns into `registered: false`.
 */
import { envelope, requireString, type VatDetails, type VatValidationResult } from '../../result.js';
import type {
  CachedVatAnswer,
  CircuitBreakerState,
  CircuitBreakerStore,
  Clock,
  VatAnswerCache,
  VatRegistry,
  VatRegistryAnswer,
  VatRegistryFailureScope,
  VatRegistryQuery,
  VatRequester,
} from '../../ports.js';
import { traderNameVerdict } from './name-match.js';
import {
  ageOfAnswer,
  breakerDecision,
  breakerWindowAfterFailure,
  countsTowardBreaker,
  failureScopeOf,
  isCountryFailing,
  LIVE_BUDGET_MS,
  probeWindowEnd,
  sourceWithoutLiveAnswer,
  STORE_BUDGET_MS,
  successClosesBreaker,
} from './policy.js';
import { readRequester } from './requester.js';
import { checkVatStructure, type VatStructure } from '../number/structure.js';

// ---------------------------------------------------------------------------------------------
// Messages: every sentence verifyVat adds to the structure check's own, in one place.

const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  AT: 'Austria', BE: 'Belgium', BG: 'Bulgaria', CY: 'Cyprus', CZ: 'Czechia', DE: 'Germany', DK: 'Denmark',
  EE: 'Estonia', EL: 'Greece', ES: 'Spain', FI: 'Finland', FR: 'France', HR: 'Croatia', HU: 'Hungary',
  IE: 'Ireland', IT: 'Italy', LT: 'Lithuania', LU: 'Luxembourg', LV: 'Latvia', MT: 'Malta', NL: 'the Netherlands',
  PL: 'Poland', PT: 'Portugal', RO: 'Romania', SE: 'Sweden', SI: 'Slovenia', SK: 'Slovakia', XI: 'Northern Ireland',
};

const countryName = (code: string): string => COUNTRY_NAMES[code] ?? code;
const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

/** The messages of a registry verdict, for the person who typed the number. */
export const VERIFY_VAT_MESSAGES = {
  registered: 'Valid VAT number, registered in VIES',
  notRegistered: (country: string): string => `This VAT number is not registered in VIES for ${countryName(country)}`,
  staleRegistered: (checkedAt: Date): string =>
    `Valid VAT number, registered in VIES when last checked on ${dayOf(checkedAt)}; VIES cannot be reached right now`,
  staleNotRegistered: (country: string, checkedAt: Date): string =>
    `This VAT number was not registered in VIES for ${countryName(country)} when last checked on ${dayOf(checkedAt)}; VIES cannot be reached right now`,
  unverified: 'The VAT number is well formed, but VIES could not confirm its registration right now',
} as const;

// ---------------------------------------------------------------------------------------------
// Options

/** Options of {@link verifyVat}. */
export interface VerifyVatOptions {
  /** The registry, e.g. `viesSoapClient()` from `verifield/adapters`. */
  registry: VatRegistry;
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
  /** Your own VAT number, prefix included ('DE123456789'): VIES then issues a `consultation_number`. */
  requester?: string;
  /** Time VIES gets to answer, in milliseconds; default 4000. */
  liveBudgetMs?: number;
}

// ---------------------------------------------------------------------------------------------
// verifyVat

/**
 * Checks a VAT number's structure offline, then whether VIES has it registered: from a cached
 * answer under 24 hours (`CACHE`), live with a 4-second budget (`LIVE`), from a cached answer up to
 * 30 days old when VIES cannot answer (`STALE`), or not at all (`UNVERIFIED`, `registered: null`).
 * Numbers outside VIES (GB, CH, NO) get `NOT_APPLICABLE`. `valid` is `registered` when VIES gave a
 * verdict, and the structure's verdict when `registered` is null: an outage never blocks anyone.
 *
 * Never throws for a string `value`, whatever VIES or the stores do.
 * @throws TypeError when `value` is not a string or `options.registry` is missing.
 * @throws RangeError when `options.requester` is not a well-formed VAT number of a VIES country.
 * @example
 * const result = await verifyVat('LU 2637 5245', { registry: viesSoapClient(), cache: memoryVatCache() });
 * result.vatDetails.source; // 'LIVE', then 'CACHE' for 24 hours
 */
export async function verifyVat(value: string, options: VerifyVatOptions): Promise<VatValidationResult> {
  requireString(value, 'verifyVat');
  const registry = options?.registry;
  if (typeof registry?.check !== 'function') {
    throw new TypeError('verifyVat needs options.registry, for example viesSoapClient() from verifield/adapters');
  }
  if (options.traderName !== undefined) requireString(options.traderName, 'verifyVat (options.traderName)');
  const requester = options.requester === undefined ? undefined : requesterOf(options.requester, options.now);
  const traderName = options.traderName?.trim();

  const structure = checkVatStructure(value, options.now);
  if (!structure.formatValid || !structure.inVies || structure.countryCode === null) {
    return offlineResult(value, structure, options.traderName !== undefined);
  }
  const lookup: Lookup = {
    value,
    structure,
    countryCode: structure.countryCode,
    query: {
      countryCode: structure.countryCode,
      vatNumber: structure.body,
      ...(traderName ? { traderName } : {}),
      ...(requester ? { requester } : {}),
    },
    traderNameSent: options.traderName !== undefined,
    requesterKey: requester ? requester.countryCode + requester.vatNumber : null,
  };
  return registryVerdict(lookup, registry, options);
}

interface Lookup {
  value: string;
  structure: VatStructure;
  countryCode: string;
  query: VatRegistryQuery;
  /** `traderName` was passed (even blank): `trader_name_match` is then always present. */
  traderNameSent: boolean;
  /** The requester as sent, prefix included; null without one. */
  requesterKey: string | null;
}

function requesterOf(requester: string, now: Clock | undefined): VatRequester {
  requireString(requester, 'verifyVat (options.requester)');
  const reading = readRequester(requester, now);
  if (!reading.ok) {
    throw new RangeError(`options.requester must be your own VAT number in a VIES country, prefix included (got "${requester}")`);
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

// ---------------------------------------------------------------------------------------------
// Talking to the registry and the stores

type LiveOutcome =
  | { kind: 'answered'; answer: VatRegistryAnswer; query: VatRegistryQuery }
  | { kind: 'failed'; scope: VatRegistryFailureScope; error: unknown };

/** Rejection of a lookup that ran out of budget, whether or not the registry honoured the signal. */
class BudgetExceeded extends Error {
  override readonly name = 'BudgetExceeded';
}

/**
 * One registry call under `budgetMs`. The signal asks the registry to stop; the race makes sure
 * the budget holds even for a registry that ignores it.
 */
async function askRegistry(registry: VatRegistry, query: VatRegistryQuery, budgetMs: number, clock: Clock): Promise<LiveOutcome> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new BudgetExceeded(`VIES did not answer within ${budgetMs} ms`));
    }, budgetMs);
  });
  try {
    const call = Promise.resolve().then(() => registry.check(query, controller.signal));
    const answer = await Promise.race([call, expired]);
    if (!isRegistryAnswer(answer)) {
      return { kind: 'failed', scope: 'outage', error: new TypeError('The registry answered without a valid flag and a request date') };
    }
    return { kind: 'answered', answer: copyAnswer(answer), query };
  } catch (error) {
    const scope = error instanceof BudgetExceeded ? 'outage' : failureScopeOf(error);
    // VIES refusing the number itself (INVALID_INPUT) is an answer about the input: not registered.
    if (scope === 'input') return { kind: 'answered', answer: { valid: false, requestDate: dayOf(clock()) }, query };
    return { kind: 'failed', scope, error };
  } finally {
    clearTimeout(timer);
  }
}

function isRegistryAnswer(value: unknown): value is VatRegistryAnswer {
  return typeof value === 'object' && value !== null && typeof (value as VatRegistryAnswer).valid === 'boolean' &&
    typeof (value as VatRegistryAnswer).requestDate === 'string';
}

/** The fields of the port, nothing an adapter added: this is what the cache keeps. */
function copyAnswer(answer: VatRegistryAnswer): VatRegistryAnswer {
  const copy: VatRegistryAnswer = { valid: answer.valid, requestDate: answer.requestDate };
  if (typeof answer.name === 'string' && answer.name.trim() !== '') copy.name = answer.name;
  if (typeof answer.address === 'string' && answer.address.trim() !== '') copy.address = answer.address;
  if (answer.traderNameMatch !== undefined) copy.traderNameMatch = answer.traderNameMatch;
  if (typeof answer.requestIdentifier === 'string' && answer.requestIdentifier !== '') copy.requestIdentifier = answer.requestIdentifier;
  return copy;
}

function isCachedAnswer(entry: CachedVatAnswer): boolean {
  return entry.checkedAt instanceof Date && !Number.isNaN(entry.checkedAt.getTime()) && isRegistryAnswer(entry.answer);
}

/**
 * A store operation that may fail or hang: its result, or undefined when it rejects or takes
 * longer than the store budget. The lookup goes on either way.
 */
async function withinStoreBudget<T>(operation: () => Promise<T>): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), STORE_BUDGET_MS);
  });
  try {
    return await Promise.race([Promise.resolve().then(operation), late]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// Envelopes

function offlineResult(value: string, structure: VatStructure, traderNameSent: boolean): VatValidationResult {
  const vatDetails: VatDetails = {
    format_valid: structure.formatValid,
    registered: null,
    country_code: structure.countryCode,
    source: structure.inVies ? 'UNVERIFIED' : 'NOT_APPLICABLE',
    vies_available: false,
  };
  if (traderNameSent) vatDetails.trader_name_match = 'NOT_AVAILABLE';
  return Object.assign(envelope(value, structure.formatValid, structure.message, structure.normalized, 'STANDARD'), { vatDetails });
}

function withoutLiveAnswer(lookup: Lookup, cached: CachedVatAnswer | null, now: Date, viesAvailable: boolean): VatValidationResult {
  const source = sourceWithoutLiveAnswer(cached?.checkedAt ?? null, now);
  return withVerdict(lookup, source, source === 'STALE' ? cached : null, viesAvailable);
}

function withVerdict(
  lookup: Lookup,
  source: 'CACHE' | 'LIVE' | 'STALE' | 'UNVERIFIED',
  entry: CachedVatAnswer | null,
  viesAvailable: boolean,
): VatValidationResult {
  const { structure, countryCode } = lookup;
  const answer = entry?.answer ?? null;
  const registered = answer === null ? null : answer.valid;
  const vatDetails: VatDetails = {
    format_valid: true,
    registered,
    country_code: countryCode,
    source,
    vies_available: viesAvailable,
  };
  if (entry !== null && answer !== null) {
    vatDetails.checked_at = entry.checkedAt.toISOString();
    if (answer.valid && answer.name !== undefined) vatDetails.trader_name = answer.name;
    if (answer.valid && answer.address !== undefined) vatDetails.trader_address = answer.address;
    // The receipt names the requester: only the one who asked gets it back.
    if (answer.requestIdentifier !== undefined && lookup.requesterKey !== null && entry.requester === lookup.requesterKey) {
      vatDetails.consultation_number = answer.requestIdentifier;
    }
  }
  if (lookup.traderNameSent) {
    const verdict = traderNameVerdict(countryCode, lookup.query.traderName ?? '', answer, entry?.traderName ?? null);
    vatDetails.trader_name_match = verdict.match;
    if (verdict.source !== undefined) vatDetails.trader_name_match_source = verdict.source;
  }
  const message = messageOf(source, registered, countryCode, entry?.checkedAt ?? null);
  return Object.assign(envelope(lookup.value, registered ?? true, message, structure.normalized, 'STANDARD'), { vatDetails });
}

function messageOf(source: string, registered: boolean | null, countryCode: string, checkedAt: Date | null): string {
  if (registered === null || checkedAt === null) return VERIFY_VAT_MESSAGES.unverified;
  if (source === 'STALE') {
    return registered
      ? VERIFY_VAT_MESSAGES.staleRegistered(checkedAt)
      : VERIFY_VAT_MESSAGES.staleNotRegistered(countryCode, checkedAt);
  }
  return registered ? VERIFY_VAT_MESSAGES.registered : VERIFY_VAT_MESSAGES.notRegistered(countryCode);
}
