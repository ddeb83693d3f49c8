/**
 * The Accept-Language request header (RFC 9110 §12.5.4) read, and one language picked from it by
 * the "lookup" scheme of RFC 4647 §3.4 (docs/service.md#languages). Pure: no I/O, no state, and
 * never a throw on any string. A header that does not follow the grammar is ignored as a whole
 * (the answer is in the default language, never an error); only its first
 * {@link MAX_LANGUAGE_RANGES} ranges are read, so a long header costs no more than a short one.
 */

/** Ranges read from one header; the rest are ignored, not refused. */
export const MAX_LANGUAGE_RANGES = 32;

/** One language range of the header with its weight. */
export interface LanguageRange {
  /** Lower-cased: `es-mx`, `fr`, or `*`. */
  range: string;
  /** The weight in thousandths (q=0.8 is 800), so that weights compare exactly. */
  weight: number;
}

// language-range [ weight ]: RFC 4647 §2.1 basic range, then OWS ";" OWS "q=" qvalue (RFC 9110 §12.4.2).
const ELEMENT = /^[ \t]*(\*|[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)(?:[ \t]*;[ \t]*[qQ]=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?))?[ \t]*$/;
const BLANK = /^[ \t]*$/;

/** Thousandths of a qvalue the grammar already accepted (`0.85` is 850). */
function thousandths(qvalue: string): number {
  if (qvalue[0] === '1') return 1000;
  const decimals = qvalue.slice(2);
  return decimals === '' ? 0 : Number(decimals.padEnd(3, '0'));
}

/**
 * The ranges of `header` in the order sent, at most {@link MAX_LANGUAGE_RANGES}; null when one of
 * those is malformed. Empty list elements (`es,,fr`) are allowed, as RFC 9110 §5.6.1.2 asks.
 */
export function parseAcceptLanguage(header: string): LanguageRange[] | null {
  const ranges: LanguageRange[] = [];
  let start = 0;
  while (start <= header.length && ranges.length < MAX_LANGUAGE_RANGES) {
    const comma = header.indexOf(',', start);
    const end = comma === -1 ? header.length : comma;
    const element = header.slice(start, end);
    start = end + 1;
    if (BLANK.test(element)) continue;
    const match = ELEMENT.exec(element);
    if (match === null) return null;
    const qvalue = match[2];
    ranges.push({ range: (match[1] as string).toLowerCase(), weight: qvalue === undefined ? 1000 : thousandths(qvalue) });
  }
  return ranges;
}

/**
 * The language of `available` that `range` finds by lookup (RFC 4647 §3.4), shortened subtag by
 * subtag: `zh-hant-cn`, `zh-hant`, `zh`; a single-letter subtag left at the end goes with the
 * subtag after it (`x` in `en-x-foo`). Undefined when none matches before an excluded form.
 */
function lookup(range: string, available: readonly string[], excluded: readonly string[]): string | undefined {
  let tag = range;
  for (;;) {
    if (excluded.includes(tag)) return undefined;
    if (available.includes(tag)) return tag;
    let dash = tag.lastIndexOf('-');
    if (dash === -1) return undefined;
    tag = tag.slice(0, dash);
    dash = tag.lastIndexOf('-');
    if (dash !== -1 && dash === tag.length - 2) tag = tag.slice(0, dash);
  }
}

/**
 * The language of `available` to answer in, or `fallback` when none is acceptable. Ranges are
 * tried by weight (ties in the order sent), each by lookup: `es-MX` is answered in `es`. A range
 * of weight 0 makes that language unacceptable; `*` stands for any language not excluded, the
 * first of `available` taken.
 */
export function pickLanguage(ranges: readonly LanguageRange[], available: readonly string[], fallback: string): string {
  const excluded: string[] = [];
  for (const { range, weight } of ranges) if (weight === 0) excluded.push(range);
  // A stable sort: ranges of one weight keep the order they were sent in.
  const wanted = excluded.length === 0 ? [...ranges] : ranges.filter((entry) => entry.weight > 0);
  wanted.sort((a, b) => b.weight - a.weight);
  for (const { range } of wanted) {
    const found = range === '*' ? available.find((language) => !excluded.includes(language)) : lookup(range, available, excluded);
    if (found !== undefined) return found;
  }
  return fallback;
}

/** The language to answer a request in: `fallback` when the header is absent or malformed. */
export function negotiateLanguage(header: string | null | undefined, available: readonly string[], fallback: string): string {
  if (header === null || header === undefined) return fallback;
  const ranges = parseAcceptLanguage(header);
  return ranges === null ? fallback : pickLanguage(ranges, available, fallback);
}
