/**
 * The offline step of every VAT validation: compact the input, read the prefix, run that country's
 * check and choose the message. `validateVat` wraps it in the envelope; `verifyVat` runs it before
 * asking the registry, so both agree on what a well-formed number is.
 */
import type { Clock } from '../../ports.js';
import type { VatReason } from '../../reasons.js';
import { outsideViesList } from '../outside-vies.js';
import { OTHER_RULES, VIES_RULES, type VatCountryRule } from './countries.js';
import { UPPER_A, UPPER_Z } from '../../char-codes.js';
import { VALID } from './checks/verdict.js';

/** What the offline step found out about a VAT number. */
export interface VatStructure {
  /** The two letters the value starts with (upper case), known or not; null when it does not start with two letters. */
  countryCode: string | null;
  /** Number after the prefix, separators removed, old forms rewritten ('' when there is no prefix). */
  body: string;
  /** Prefix + body: the form to store; null when it holds characters that no VAT number has. */
  normalized: string | null;
  /** Structure and check digits are right for the country. */
  formatValid: boolean;
  /** The prefix is one VIES answers for (the 27 member states and XI). */
  inVies: boolean;
  /** For the person who typed the number. */
  message: string;
  /** Why the number is not well-formed (src/reasons.ts); null when it is. */
  reason: VatReason | null;
}

/** A known prefix: its rule, and its messages written once, at load, rather than on every call. */
interface CompiledRule {
  readonly prefix: string;
  readonly rule: VatCountryRule;
  readonly inVies: boolean;
  /** Indexed by the verdict of checks/verdict.ts: well-formed, malformed, wrong check, all zeros. */
  readonly messages: readonly [string, string, string, string];
}

const EMPTY_MESSAGE = 'Please enter a VAT number, starting with its two-letter country prefix';
const NO_PREFIX_MESSAGE =
  'Please start the VAT number with its two-letter country prefix (for example DE, FR, or EL for Greece)';
const GREECE_MESSAGE = 'Greek VAT numbers start with EL, not GR: please write EL followed by the 9 digits';

function compile(prefix: string, rule: VatCountryRule, inVies: boolean): CompiledRule {
  const [adjective, shape, checkPart] = rule;
  return {
    prefix,
    rule,
    inVies,
    messages: [
      inVies
        ? `The ${adjective} VAT number is well-formed; its registration has not been confirmed`
        : `The ${adjective} VAT number is well-formed; its registration cannot be confirmed, ` +
          'as the EU VAT registry (VIES) does not cover it',
      `This is not a valid ${adjective} VAT number: it should be ${prefix}${shape}`,
      `This ${adjective} VAT number's ${checkPart} ${checkPart.endsWith('s') ? 'do' : 'does'} not match; please check it`,
      `An all-zero number is not a real ${adjective} VAT number; please check it`,
    ],
  };
}

/**
 * The reason of each verdict of checks/verdict.ts, indexed like a rule's messages. One tuple for
 * every country: the reason says what failed, the message says it for that country.
 */
const VERDICT_REASONS: readonly [null, VatReason, VatReason, VatReason] = [
  null,
  'VAT_WRONG_FORMAT',
  'VAT_BAD_CHECKSUM',
  'VAT_ALL_ZEROS',
];

/** Two upper-case letters packed in one number, so the lookup needs no substring. */
const prefixKey = (first: number, second: number): number => (first << 8) | second;

/** Marked pure so that a bundle without `validateVat` or `verifyVat` leaves the rules out. */
const RULES_BY_PREFIX: ReadonlyMap<number, CompiledRule> = /* @__PURE__ */ compileRules();

function compileRules(): Map<number, CompiledRule> {
  return new Map(
    // The first table holds the prefixes VIES answers for.
    [VIES_RULES, OTHER_RULES].flatMap((rules, index) =>
      Object.entries(rules).map(([prefix, rule]) => [
        prefixKey(prefix.charCodeAt(0), prefix.charCodeAt(1)),
        compile(prefix, rule, index === 0),
      ])
    )
  );
}

const isUpper = (code: number): boolean => code >= UPPER_A && code <= UPPER_Z;
const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/**
 * Separators people type or paste inside a VAT number: white space (incl. the no-break spaces of
 * office software), dots, dashes (incl. Unicode hyphens and the minus sign), slashes (Czech birth
 * numbers are written YYMMDD/SSSC) and colons (`DK: 29 30 36 49`).
 */
const SEPARATORS = /[\s.\-\u2010-\u2015\u2212/:]+/g;
const LOWER_CASE = /[a-z]+/g;
const toUpper = (letters: string): string => letters.toUpperCase();

/**
 * `value` without separators and with ASCII letters in upper case. Other characters are kept as
 * they are, so that nothing outside ASCII can turn into a letter of a valid number (as `ı` would
 * with `toUpperCase`). Returns `value` itself when it is already compact.
 */
export function compactVat(value: string): string {
  const length = value.length;
  let i = 0;
  while (i < length) {
    const code = value.charCodeAt(i);
    if (!isUpper(code) && !isDigit(code)) break;
    i++;
  }
  if (i === length) return value;
  return value.replace(SEPARATORS, '').replace(LOWER_CASE, toUpper);
}

/** Only characters a VAT number can have (Irish ones may hold `+` or `*`). */
const STORABLE = /^[A-Z0-9+*]*$/;

const systemClock: Clock = () => new Date();

/**
 * Compacts `value`, reads its country prefix and checks the number's structure and check digits
 * offline. `now` is read only for a number that holds a birth date (CZ and SK), which must not be
 * after today. Never throws on a string.
 *
 * @example
 * ```ts
 * checkVatStructure('be 0986.375.479').normalized; // 'BE0986375479'
 * ```
 */
export function checkVatStructure(value: string, now: Clock = systemClock): VatStructure {
  const compact = compactVat(value);
  if (compact.length === 0) return notChecked(null, '', null, EMPTY_MESSAGE, 'VAT_EMPTY');
  const first = compact.charCodeAt(0);
  const second = compact.charCodeAt(1);
  if (!isUpper(first) || !isUpper(second)) return notChecked(null, '', storable(compact), NO_PREFIX_MESSAGE, 'VAT_MISSING_PREFIX');

  const compiled = RULES_BY_PREFIX.get(prefixKey(first, second));
  if (compiled === undefined) {
    const countryCode = compact.slice(0, 2);
    const body = compact.slice(2);
    if (countryCode === 'GR') return notChecked(countryCode, body, storable(compact), GREECE_MESSAGE, 'VAT_GREEK_PREFIX');
    const message =
      `${countryCode} is not a VAT number prefix verifield can check: use the prefix of an EU member state ` +
      `(EL for Greece), XI for Northern Ireland, or ${outsideViesList('or')}`;
    return notChecked(countryCode, body, storable(compact), message, 'VAT_UNKNOWN_PREFIX');
  }

  const { prefix, rule: [, , , check, canonical], inVies } = compiled;
  const rawBody = compact.slice(2);
  const body = canonical === undefined ? rawBody : canonical(rawBody);
  const verdict = check(body, now);

  const normalized = body === rawBody ? compact : prefix + body;
  return {
    countryCode: prefix,
    body,
    normalized: verdict === VALID ? normalized : storable(normalized),
    formatValid: verdict === VALID,
    inVies,
    message: compiled.messages[verdict],
    reason: VERDICT_REASONS[verdict],
  };
}

/** `compact` when it can be stored as a VAT number, otherwise null. */
function storable(compact: string): string | null {
  return STORABLE.test(compact) ? compact : null;
}

/** The answer for a value without a prefix of a known country: no check was run. */
function notChecked(
  countryCode: string | null,
  body: string,
  normalized: string | null,
  message: string,
  reason: VatReason,
): VatStructure {
  return { countryCode, body, normalized, formatValid: false, inVies: false, message, reason };
}
