/**
 * The VAT rates service: holds the last good rates of the 27 member states and refreshes them
 * from a {@link RatesSource} on demand (the server schedules it daily). When the
 * source fails, the previous rates keep being served with their `fetchedAt`; before the first
 * success there is nothing to serve, and the service says so (the server answers 503 then).
 * Pure logic over the port: no network, no timers.
 */
import { requireString } from '../../result.js';
import type { CountryVatRates, RatesSource, SourceCountryVatRates, VatRates } from '../../ports.js';
import { EU_MEMBER_STATES } from './member-states.js';

const MEMBER_STATES: ReadonlySet<string> = /* @__PURE__ */ new Set(EU_MEMBER_STATES);

/** Options of {@link createRatesService}. */
export interface RatesServiceOptions {
  /** Where rates come from, e.g. `tedbRatesSource()` from `verifield/adapters`. */
  source: RatesSource;
  /** Clock; defaults to the system clock. Also decides which day's rates are asked for. */
  now?: () => Date;
}

/** Result of {@link RatesService.refresh}. */
export type RatesRefreshOutcome =
  | {
      ok: true;
      /** When these rates were retrieved (ISO 8601). */
      fetchedAt: string;
      /** Member states whose rates were replaced. */
      updated: string[];
      /** Member states the source did not answer for: their previous rates (if any) stay. */
      missing: string[];
    }
  | {
      ok: false;
      /** What the source threw (a TedbError for TEDB), for logs and retry decisions. */
      error: unknown;
      /** The failure in words. */
      message: string;
    };

/** Result of {@link RatesService.country}. */
export type CountryRatesLookup =
  | { kind: 'ok'; rates: CountryVatRates }
  /** Not one of the 27 (UK, NO, CH, US, XI, …): the server answers 404 with `message`. */
  | { kind: 'not-member'; message: string }
  /** A member state, but no rates were ever retrieved for it: the server answers 503. */
  | { kind: 'never-fetched'; message: string };

/** The rates service; see {@link createRatesService}. */
export interface RatesService {
  /**
   * Asks the source for the rates in force today (the calendar day in Brussels, where the
   * Commission publishes them) and keeps them. Never rejects: a failure is reported in the outcome
   * and the previous rates stay. Calls made while a refresh runs share it.
   */
  refresh(signal?: AbortSignal): Promise<RatesRefreshOutcome>;
  /** Every member state with rates, ordered by code; null until a refresh has succeeded. */
  all(): VatRates | null;
  /** One member state's rates. `GR` is read as `EL`; case and surrounding spaces are ignored. */
  country(code: string): CountryRatesLookup;
  /** When the last successful refresh retrieved rates (ISO 8601); null before the first. */
  readonly fetchedAt: string | null;
  /** Whether any refresh has succeeded since the service was created. */
  readonly hasEverSucceeded: boolean;
  /** The most recent failed refresh, if it came after the last success; null otherwise. */
  readonly lastFailure: { at: string; message: string } | null;
}

/** Message of a lookup for a code outside the union. */
export function notMemberMessage(code: string): string {
  return `Not an EU member state: ${code}`;
}

const NEVER_FETCHED_MESSAGE = 'VAT rates have not been retrieved yet; please retry in a moment';

/**
 * Creates the rates service over a source.
 *
 * @example
 * ```ts
 * import { tedbRatesSource } from 'verifield/adapters';
 * const rates = createRatesService({ source: tedbRatesSource({ url: process.env.VERIFIELD_TEDB_URL }) });
 * await rates.refresh();
 * const greece = rates.country('GR');
 * greece.kind; // 'ok'
 * greece.kind === 'ok' && greece.rates.standardRate; // 24
 * rates.country('NO').kind; // 'not-member'
 * ```
 */
export function createRatesService(options: RatesServiceOptions): RatesService {
  const { source } = options;
  const now = options.now ?? (() => new Date());
  const byCountry = new Map<string, CountryVatRates>();
  let snapshot: VatRates | null = null;
  let fetchedAt: string | null = null;
  let lastFailure: { at: string; message: string } | null = null;
  let running: Promise<RatesRefreshOutcome> | null = null;

  async function runRefresh(signal: AbortSignal | undefined): Promise<RatesRefreshOutcome> {
    const startedAt = now();
    let answer: readonly SourceCountryVatRates[];
    try {
      answer = await source.fetchRates(brusselsDate(startedAt), signal);
    } catch (error) {
      return fail(error, `The rates source failed: ${describe(error)}`);
    }
    const received = new Map<string, SourceCountryVatRates>();
    for (const entry of Array.isArray(answer) ? answer : []) {
      const code = memberStateCode(entry?.countryCode);
      if (code !== null && isUsable(entry)) received.set(code, entry);
    }
    if (received.size === 0) {
      return fail(new Error('empty answer'), 'The rates source answered without rates for any member state');
    }
    const stamp = now().toISOString();
    for (const [code, entry] of received) byCountry.set(code, freezeRates(code, entry, stamp));
    snapshot = Object.freeze({
      rates: Object.freeze([...byCountry.keys()].sort().map((code) => byCountry.get(code) as CountryVatRates)) as CountryVatRates[],
      source: 'TEDB' as const,
    });
    fetchedAt = stamp;
    lastFailure = null;
    const updated = [...received.keys()].sort();
    return { ok: true, fetchedAt: stamp, updated, missing: EU_MEMBER_STATES.filter((code) => !received.has(code)) };
  }

  function fail(error: unknown, message: string): RatesRefreshOutcome {
    lastFailure = { at: now().toISOString(), message };
    return { ok: false, error, message };
  }

  return {
    refresh(signal?: AbortSignal): Promise<RatesRefreshOutcome> {
      running ??= runRefresh(signal).finally(() => {
        running = null;
      });
      return running;
    },
    all: () => snapshot,
    country(code: string): CountryRatesLookup {
      requireString(code, 'country');
      const normalized = code.trim().toUpperCase();
      const member = memberStateCode(normalized);
      if (member === null) return { kind: 'not-member', message: notMemberMessage(normalized) };
      const rates = byCountry.get(member);
      return rates ? { kind: 'ok', rates } : { kind: 'never-fetched', message: NEVER_FETCHED_MESSAGE };
    },
    get fetchedAt() {
      return fetchedAt;
    },
    get hasEverSucceeded() {
      return fetchedAt !== null;
    },
    get lastFailure() {
      return lastFailure;
    },
  };
}

/** The member state a code names (GR read as EL), or null outside the union. */
function memberStateCode(code: unknown): string | null {
  if (typeof code !== 'string') return null;
  const upper = code.toUpperCase();
  const member = upper === 'GR' ? 'EL' : upper;
  return MEMBER_STATES.has(member) ? member : null;
}

// A source is a port anyone can implement: an entry that could not be served as-is is dropped.
function isUsable(entry: SourceCountryVatRates): boolean {
  const isRate = (rate: unknown): boolean => typeof rate === 'number' && Number.isFinite(rate) && rate > 0 && rate <= 100;
  return (
    isRate(entry.standardRate) &&
    Array.isArray(entry.reducedRates) &&
    entry.reducedRates.every(isRate) &&
    Array.isArray(entry.regionalRates) &&
    entry.regionalRates.every((regional) => isRate(regional?.rate) && typeof regional.note === 'string') &&
    typeof entry.situationOn === 'string'
  );
}

// Frozen so that no caller can change what every later request is served.
function freezeRates(countryCode: string, entry: SourceCountryVatRates, fetchedAt: string): CountryVatRates {
  const reducedRates = [...new Set(entry.reducedRates)].sort((a, b) => a - b);
  return Object.freeze({
    countryCode,
    standardRate: entry.standardRate,
    reducedRates: Object.freeze(reducedRates) as number[],
    regionalRates: Object.freeze(entry.regionalRates.map((r) => Object.freeze({ rate: r.rate, note: r.note }))) as CountryVatRates['regionalRates'],
    situationOn: entry.situationOn,
    fetchedAt,
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

let brusselsCalendar: Intl.DateTimeFormat | undefined;

/**
 * The calendar day (YYYY-MM-DD) in Brussels at `instant`: rates change at midnight there, and the
 * daily refresh runs just after it, when the UTC date is still the day before.
 */
export function brusselsDate(instant: Date): string {
  brusselsCalendar ??= new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' });
  let year = '';
  let month = '';
  let day = '';
  for (const part of brusselsCalendar.formatToParts(instant)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year}-${month}-${day}`;
}

/**
 * The member states `rates` holds none for, in code order: all 27 before the first refresh, and
 * those the source has never answered for since (their rates endpoint answers 503).
 * @example
 * ```ts
 * statesWithoutRates(null).length; // 27
 * ```
 */
export function statesWithoutRates(rates: VatRates | null): string[] {
  const held = new Set(rates?.rates.map((entry) => entry.countryCode) ?? []);
  return EU_MEMBER_STATES.filter((code) => !held.has(code));
}
