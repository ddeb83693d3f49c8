/**
 * How a page says things in its language: phrases with their values filled, counts in their plural
 * form, and numbers, percentages, times, ages, lists and country names as the language writes
 * them. English keeps the forms the dashboard has always used (../views/format.ts: `1,234`,
 * `2026-11-26 14:03 UTC`), so that an English page reads the same as before; the other languages
 * use the runtime's Intl data. Every time is shown in UTC, the time zone of the billing periods.
 */
import { CATALOGS_BY_LANGUAGE } from '../../../messages/catalogs.js';
import { countryName } from '../../../messages/country-name.js';
import { formatAge, formatCount, formatPercent, formatTime } from '../views/format.js';
import { escapeHtml, html, Markup, type HtmlValue } from '../views/html.js';
import { LESS_THAN_A_MINUTE_AGO } from './common.js';
import type { CountedPhrase, PageLanguage, Phrase, PhraseValues, Wording } from './phrase.js';

/** What a page says things with, in one language. */
export interface Words {
  /** The page's language, for `<html lang>` and Content-Language. */
  readonly language: PageLanguage;
  /** A phrase's text with its `{name}` placeholders filled (numbers written in the language); text given as a string is returned as it is. */
  say(wording: Wording, values?: PhraseValues): string;
  /** A phrase as markup: its text escaped, each placeholder filled with a value (markup kept, text escaped). */
  sayMarkup(phrase: Phrase, values: Readonly<Record<string, HtmlValue>>): Markup;
  /** The plural form of `phrase` for `count`, with `{count}` and the other placeholders filled. */
  counted(phrase: CountedPhrase, count: number, values?: PhraseValues): string;
  /** A whole number or decimal with the language's separators. */
  number(value: number): string;
  /** A percentage (0 to 100) with up to two decimals. */
  percent(value: number): string;
  /** A time in UTC to the minute. */
  time(time: Date): string;
  /** {@link time} in a `<time>` element with the exact time in its `datetime`. */
  timeTag(time: Date): Markup;
  /** A UTC day written `YYYY-MM-DD` (as the usage totals and the status feed keep days), as the language writes a date. */
  day(day: string): string;
  /** How long before `now` `then` was, in the largest whole unit. */
  age(then: Date, now: Date): string;
  /** Items joined as the language lists them ("A, B, C"). */
  list(items: readonly string[]): string;
  /** The name of a country from its ISO code or VAT prefix (EL Greece, XI Northern Ireland); the code when unknown. */
  country(code: string): string;
}

const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** VIES prefixes that are not the ISO region code of their name, for the English names. */
const ENGLISH_NAMES_BY_PREFIX: Readonly<Record<string, string>> = { EL: 'Greece', XI: 'Northern Ireland' };
const englishRegions = new Intl.DisplayNames(['en'], { type: 'region' });

function englishCountry(code: string): string {
  const known = ENGLISH_NAMES_BY_PREFIX[code];
  if (known !== undefined) return known;
  try {
    return englishRegions.of(code) ?? code;
  } catch {
    // Intl refuses what is not a region code: the code as it came.
    return code;
  }
}

function createWords(language: PageLanguage): Words {
  const english = language === 'en';
  const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const percents = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 });
  const plurals = new Intl.PluralRules(language);
  const times = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC', hourCycle: 'h23' });
  const ages = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  // "A, B, C" in English, as the pages always wrote a list; each language's own joining otherwise.
  const lists = new Intl.ListFormat(language, { style: 'short', type: 'unit' });
  const number = english ? formatCount : (value: number): string => numbers.format(value);
  const written = (value: string | number | Phrase): string => (typeof value === 'number' ? number(value) : typeof value === 'string' ? value : value[language]);
  const fill = (text: string, values: PhraseValues | undefined): string =>
    values === undefined ? text : text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? written(values[name] as string | number | Phrase) : whole));
  const time = english ? formatTime : (value: Date): string => `${times.format(value)} UTC`;
  const days = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    language,
    say(wording, values) {
      if (typeof wording === 'string') return fill(wording, values);
      if ('phrase' in wording) return fill(wording.phrase[language], { ...wording.values, ...values });
      return fill(wording[language], values);
    },
    sayMarkup(phrase, values) {
      const text = phrase[language];
      let out = '';
      let last = 0;
      for (const match of text.matchAll(PLACEHOLDER)) {
        out += escapeHtml(text.slice(last, match.index));
        const name = match[1] as string;
        out += Object.hasOwn(values, name) ? html`${values[name]}`.text : escapeHtml(match[0]);
        last = match.index + match[0].length;
      }
      return new Markup(out + escapeHtml(text.slice(last)));
    },
    counted(phrase, count, values) {
      const forms = phrase[language];
      const form = forms[plurals.select(count)] ?? forms.other;
      return fill(form, { ...values, count });
    },
    number,
    percent: english ? formatPercent : (value: number): string => percents.format(value / 100),
    time,
    timeTag: (value) => html`<time datetime="${value.toISOString()}">${time(value)}</time>`,
    day(day) {
      // English shows the day as stored; a text that is no day is shown as it came.
      const at = Date.parse(`${day}T00:00:00Z`);
      return english || Number.isNaN(at) ? day : days.format(at);
    },
    age(then, now) {
      if (english) return formatAge(then, now);
      const elapsed = Math.max(0, now.getTime() - then.getTime());
      if (elapsed < 60_000) return LESS_THAN_A_MINUTE_AGO[language];
      if (elapsed < HOUR_MS) return ages.format(-Math.floor(elapsed / 60_000), 'minute');
      if (elapsed < DAY_MS) return ages.format(-Math.floor(elapsed / HOUR_MS), 'hour');
      return ages.format(-Math.floor(elapsed / DAY_MS), 'day');
    },
    list: (items) => lists.format(items),
    country: english ? englishCountry : (code) => countryName(code, CATALOGS_BY_LANGUAGE[language as Exclude<PageLanguage, 'en'>]),
  };
}

// Intl formatters cost far more to build than to use: one Words per language, made when first asked.
const wordsByLanguage = new Map<PageLanguage, Words>();

/** The words of `language`. */
export function wordsIn(language: PageLanguage): Words {
  let words = wordsByLanguage.get(language);
  if (words === undefined) {
    words = createWords(language);
    wordsByLanguage.set(language, words);
  }
  return words;
}

/** The words of an English page: the CLI-made pages, and the tests of English text. */
export const ENGLISH: Words = wordsIn('en');
