/**
 * From the rows of TEDB's `retrieveVatRates` answer to one CountryVatRates per member state.
 * TEDB answers with one row per category per rate, so a state with two reduced
 * rates comes back as dozens of rows, many identical, plus rows that are not rates of the state's
 * territory at all. The rules below are where that is sorted out.
 *
 * Which rows count, and where:
 * - A row whose comment reads `VAT - Import - …` repeats a domestic rate for imported goods: ignored.
 * - A row whose comment reads `VAT - <place> - …` for any other place (`VAT - Canary Islands - `)
 *   is a rate of that place only: regional, with the place as its note.
 * - A row in category `REGION` ("Special reduced rate for specific regions": Corsica, the French
 *   overseas departments, Jungholz/Mittelberg, …) is regional, its comment as the note (the
 *   category's own description when the comment is empty).
 * - Every other row is "mainland": the national territory as a whole.
 * - Exempt, out-of-scope and not-applicable rows, and any row whose value is 0 or missing, are
 *   never listed (exemptions are left out).
 * - `standardRate` is the mainland STANDARD/DEFAULT rate. Should several distinct mainland values
 *   remain (answers stripped of comments and categories, such as HMRC's copy), the highest is the
 *   national rate: every territorial standard rate (Canaries 7, Azores 16, Madeira 22, Jungholz 19,
 *   overseas departments 8.5, Aegean islands 17) is below its state's. The others become regional
 *   rates with an empty note, since the source said nothing about where they apply.
 * - `reducedRates` collects mainland REDUCED_RATE, SUPER_REDUCED_RATE and PARKING_RATE values.
 * - Greece is `EL` (TEDB already says so; `GR` is mapped in case).
 *
 * TEDB keeps a state's rates as dated versions, and every row carries the date of its version.
 * A `situationOn` question gets one version per state (one date per state in every capture); a
 * `from`/`to` range gets several. The version used is the newest one in force on `asOf`.
 */
import type { RegionalVatRate, SourceCountryVatRates } from '../../ports.js';

/** One `vatRateResults` row of a TEDB answer, as sent (text, decoded). */
export interface TedbRateRow {
  /** `memberState`, e.g. "DE", "EL". */
  memberState: string;
  /** `type`: "STANDARD" or "REDUCED". */
  type: string;
  /** `rate/type`: "DEFAULT", "REDUCED_RATE", "SUPER_REDUCED_RATE", "PARKING_RATE", "EXEMPTED", … */
  rateType: string;
  /** `rate/value` as the decimal literal sent ("19.0", "5.5"); null when absent. */
  value: string | null;
  /** `situationOn` as sent, with its offset ("2025-07-01+02:00"). */
  situationOn: string;
  /** `category/identifier`, e.g. "FOODSTUFFS", "REGION"; null when absent. */
  categoryId: string | null;
  /** `category/description`; null when absent. */
  categoryDescription: string | null;
  /** `comment`; null when absent. */
  comment: string | null;
}

/** Options of {@link mapTedbRows}. */
export interface TedbMappingOptions {
  /** Date (YYYY-MM-DD) whose rates are wanted; versions dated later are not yet in force. Default: the newest. */
  asOf?: string;
}

const SCOPED_COMMENT = /^VAT - (.+?) -(?:\s+([\s\S]*))?$/;
const IMPORT_SCOPE = 'import';
const REGION_CATEGORY = 'REGION';
const HTML_TAG = /<\/?[a-zA-Z][^<>]*>/g;
const WHITESPACE_RUN = /\s+/g;
const DECIMAL = /^\s*\d{1,3}(?:\.\d+)?\s*$/;
const REDUCED_RATE_TYPES: ReadonlySet<string> = new Set(['REDUCED_RATE', 'SUPER_REDUCED_RATE', 'PARKING_RATE']);

/** Where a row applies. */
type RowScope = { kind: 'mainland' } | { kind: 'ignored' } | { kind: 'regional'; note: string };

/**
 * Maps TEDB rows to one entry per member state, ordered by country code. A state without a usable
 * standard rate in its version in force is left out (the caller keeps what it had for it).
 */
export function mapTedbRows(rows: readonly TedbRateRow[], options: TedbMappingOptions = {}): SourceCountryVatRates[] {
  const byCountry = new Map<string, Map<string, TedbRateRow[]>>();
  for (const row of rows) {
    const country = countryCodeOf(row.memberState);
    const date = row.situationOn.trim().slice(0, 10);
    let versions = byCountry.get(country);
    if (versions === undefined) byCountry.set(country, (versions = new Map()));
    const version = versions.get(date);
    if (version === undefined) versions.set(date, [row]);
    else version.push(row);
  }

  const mapped: SourceCountryVatRates[] = [];
  for (const country of [...byCountry.keys()].sort()) {
    const versions = byCountry.get(country);
    const date = versions ? versionInForce([...versions.keys()], options.asOf) : undefined;
    const versionRows = date === undefined ? undefined : versions?.get(date);
    if (date === undefined || versionRows === undefined) continue;
    const rates = mapCountryVersion(country, date, versionRows);
    if (rates !== null) mapped.push(rates);
  }
  return mapped;
}

/** TEDB's member state code as the EU registry writes it (Greece is EL). */
function countryCodeOf(memberState: string): string {
  const code = memberState.trim().toUpperCase();
  return code === 'GR' ? 'EL' : code;
}

function versionInForce(dates: readonly string[], asOf: string | undefined): string | undefined {
  let best: string | undefined;
  for (const date of dates) {
    if (asOf !== undefined && date > asOf) continue;
    if (best === undefined || date > best) best = date;
  }
  return best;
}

function mapCountryVersion(countryCode: string, situationOn: string, rows: readonly TedbRateRow[]): SourceCountryVatRates | null {
  const standardCandidates = new Set<number>();
  const reduced = new Set<number>();
  const regional = new Map<string, RegionalVatRate>();
  const addRegional = (rate: number, note: string): void => {
    regional.set(`${rate}\u0000${note}`, { rate, note });
  };

  for (const row of rows) {
    const rate = rateOf(row);
    if (rate === null) continue;
    const scope = scopeOf(row);
    if (scope.kind === 'ignored') continue;
    const isStandard = row.type === 'STANDARD' && row.rateType === 'DEFAULT';
    const isReduced = row.type === 'REDUCED' && REDUCED_RATE_TYPES.has(row.rateType);
    if (!isStandard && !isReduced) continue;
    if (scope.kind === 'regional') addRegional(rate, scope.note);
    else if (isStandard) standardCandidates.add(rate);
    else reduced.add(rate);
  }

  if (standardCandidates.size === 0) return null;
  const standardRate = Math.max(...standardCandidates);
  for (const rate of standardCandidates) {
    if (rate !== standardRate) addRegional(rate, '');
  }

  return {
    countryCode,
    standardRate,
    reducedRates: [...reduced].sort((a, b) => a - b),
    regionalRates: [...regional.values()].sort((a, b) => a.rate - b.rate || (a.note < b.note ? -1 : a.note > b.note ? 1 : 0)),
    situationOn,
  };
}

/**
 * The row's rate in percent, or null when it lists nothing: exemptions and zero rates are never
 * listed, and a value that is not a plain percentage is not trusted.
 */
function rateOf(row: TedbRateRow): number | null {
  if (row.value === null || !DECIMAL.test(row.value)) return null;
  // The literal is kept until here and read once: "5.5" is the number 5.5, never 5.499….
  const rate = Number(row.value);
  return rate > 0 && rate <= 100 ? rate : null;
}

function scopeOf(row: TedbRateRow): RowScope {
  const comment = row.comment?.trim() ?? '';
  const scoped = SCOPED_COMMENT.exec(comment);
  if (scoped !== null) {
    const place = scoped[1] ?? '';
    if (place.trim().toLowerCase() === IMPORT_SCOPE) return { kind: 'ignored' };
    const rest = scoped[2] ?? '';
    return { kind: 'regional', note: readableNote(rest === '' ? place : `${place} - ${rest}`) };
  }
  if (row.categoryId?.trim() === REGION_CATEGORY) {
    return { kind: 'regional', note: readableNote(comment !== '' ? comment : row.categoryDescription ?? '') };
  }
  return { kind: 'mainland' };
}

/** The source's text as a person reads it: some TEDB comments carry HTML paragraphs and line breaks. */
function readableNote(text: string): string {
  return text.replace(HTML_TAG, ' ').replace(WHITESPACE_RUN, ' ').trim();
}
