/**
 * A rates service that can also serve rates it did not fetch itself: the ones saved in the store
 * by an earlier run of the process or by another instance. After a restart the rates endpoints
 * answer at once with the saved rates (and their own `fetchedAt`, which shows their age) instead
 * of 503 until TEDB answers; an instance that lost a daily slot to another one picks up what the
 * winner saved. Per member state, the newer of the two wins.
 */
import { EU_MEMBER_STATES } from '../../vat/reference/member-states.js';
import type { CountryRatesLookup, RatesService } from '../../vat/reference/rates.js';
import type { CountryVatRates, VatRates } from '../../ports.js';

/** A {@link RatesService} that also serves saved rates; see {@link restorableRatesService}. */
export interface RestorableRatesService extends RatesService {
  /** Serves `saved` wherever it is newer than what this service fetched itself. */
  restore(saved: VatRates): void;
}

const MEMBER_STATES: ReadonlySet<string> = new Set(EU_MEMBER_STATES);

function time(iso: string): number {
  const value = Date.parse(iso);
  return Number.isNaN(value) ? -Infinity : value;
}

function newer(a: CountryVatRates | undefined, b: CountryVatRates | undefined): CountryVatRates | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return time(b.fetchedAt) > time(a.fetchedAt) ? b : a;
}

/** The newest `fetchedAt` of a set of rates (each member state carries its own). */
export function latestFetchedAt(rates: VatRates): string | null {
  let latest: string | null = null;
  for (const entry of rates.rates) if (latest === null || time(entry.fetchedAt) > time(latest)) latest = entry.fetchedAt;
  return latest;
}

/**
 * Wraps `inner` (a `createRatesService`) so that it also serves restored rates.
 * @example
 * ```ts
 * import { createRatesService } from 'verifield/vat';
 * import { tedbRatesSource } from 'verifield/adapters';
 * const store = await openEmbeddedStore();
 * const rates = restorableRatesService(createRatesService({ source: tedbRatesSource({ url: process.env.VERIFIELD_TEDB_URL }) }));
 * const saved = await store.rates.load();
 * if (saved) rates.restore(saved);
 * // A new store has saved no rates yet:
 * rates.country('DE').kind; // 'never-fetched'
 * await store.close();
 * ```
 */
export function restorableRatesService(inner: RatesService): RestorableRatesService {
  const restored = new Map<string, CountryVatRates>();
  let merged: VatRates | null = null;
  // The merged view is rebuilt only when one of its two sides changed.
  let mergedFor: { innerFetchedAt: string | null; restoreCount: number } | null = null;
  let restoreCount = 0;

  function all(): VatRates | null {
    const innerFetchedAt = inner.fetchedAt;
    if (mergedFor?.innerFetchedAt === innerFetchedAt && mergedFor.restoreCount === restoreCount) return merged;
    const own = inner.all();
    const byCountry = new Map<string, CountryVatRates>(restored);
    for (const entry of own?.rates ?? []) byCountry.set(entry.countryCode, newer(byCountry.get(entry.countryCode), entry) as CountryVatRates);
    merged =
      byCountry.size === 0
        ? null
        : Object.freeze({
            rates: Object.freeze([...byCountry.keys()].sort().map((code) => byCountry.get(code) as CountryVatRates)) as CountryVatRates[],
            source: 'TEDB' as const,
          });
    mergedFor = { innerFetchedAt, restoreCount };
    return merged;
  }

  return {
    refresh: (signal) => inner.refresh(signal),
    all,
    country(code: string): CountryRatesLookup {
      const own = inner.country(code);
      if (own.kind === 'not-member') return own;
      const member = own.kind === 'ok' ? own.rates.countryCode : code.trim().toUpperCase().replace(/^GR$/, 'EL');
      const best = newer(own.kind === 'ok' ? own.rates : undefined, restored.get(member));
      return best === undefined ? own : { kind: 'ok', rates: best };
    },
    restore(saved: VatRates): void {
      for (const entry of saved.rates) {
        if (!MEMBER_STATES.has(entry.countryCode)) continue;
        const current = restored.get(entry.countryCode);
        if (newer(current, entry) !== current) {
          restored.set(entry.countryCode, Object.freeze({ ...entry, reducedRates: [...entry.reducedRates], regionalRates: entry.regionalRates.map((r) => ({ ...r })) }));
        }
      }
      restoreCount++;
    },
    get fetchedAt() {
      const snapshot = all();
      return snapshot === null ? null : latestFetchedAt(snapshot);
    },
    get hasEverSucceeded() {
      return inner.hasEverSucceeded || restored.size > 0;
    },
    get lastFailure() {
      return inner.lastFailure;
    },
  };
}
