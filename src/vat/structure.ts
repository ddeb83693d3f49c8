/**
 * The offline step of every VAT validation: compact the input, read the prefix, run that country's
 * check and choose the message. `validateVat` wraps it in the envelope; `verifyVat` runs it before
 * asking the registry, so both agree on what a well-formed number is.
 */
import { VAT_RULES, type VatCountryRule } from './countries.js';
import { BAD_CHECK, BAD_FORMAT, VALID, type Verdict } from './checks/verdict.js';

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
}

/** A rule with its messages written once, at load, rather than on every call. */
interface CompiledRule {
  readonly prefix: string;
  readonly rule: VatCountryRule;
  readonly valid: string;
  readonly badFormat: string;
  readonly badCheck: string;
  readonly allZeros: string;
}

const EMPTY_MESSAGE = 'Please enter a VAT number, starting with its two-letter country prefix';
const NO_PREFIX_MESSAGE =
  'Please start the VAT number with its two-letter country prefix (for example DE, FR, or EL for Greece)';
const GREECE_MESSAGE = 'Greek VAT numbers start with EL, not GR: please write EL followed by the 9 digits';

function compile(prefix: string, rule: VatCountryRule): CompiledRule {
  const { adjective, shape, checkPart, inVies } = rule;
  const verb = checkPart.endsWith('s') ? 'do' : 'does';
  return {
    prefix,
    rule,
    valid: inVies
      ? `The ${adjective} VAT number is well-formed; its registration has not been confirmed`
      : `The ${adjective} VAT number is well-formed; its registration cannot be confirmed, ` +
        'as the EU VAT registry (VIES) does not cover it',
    badFormat: `This is not a valid ${adjective} VAT number: it should be ${shape}`,
    badCheck: `This ${adjective} VAT number's ${checkPart} ${verb} not match; please check it`,
    allZeros: `An all-zero number is not a real ${adjective} VAT number; please check it`,
  };
}

/** Two upper-case letters packed in one number, so the lookup needs no substring. */
const prefixKey = (first: number, second: number): number => (first << 8) | second;

const RULES_BY_PREFIX = new Map<number, CompiledRule>(
  Object.entries(VAT_RULES).map(([prefix, rule]) => [
    prefixKey(prefix.charCodeAt(0), prefix.charCodeAt(1)),
    compile(prefix, rule),
  ])
);

const UPPER_A = 65;
const UPPER_Z = 90;
const LOWER_A = 97;
const LOWER_Z = 122;

const isUpper = (code: number): boolean => code >= UPPER_A && code <= UPPER_Z;
const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/**
 * Separators people type or paste inside a VAT number: white space (incl. the no-break spaces of
 * office software), dots, dashes (incl. Unicode hyphens and the minus sign), slashes (Czech birth
 * numbers are written YYMMDD/SSSC) and colons (`DK: 29 30 36 49`).
 */
function isSeparator(code: number): boolean {
  if (code < 128) {
    return code === 32 || code === 46 || code === 45 || code === 47 || code === 58 || (code >= 9 && code <= 13);
  }
  return (
    code === 0xa0 ||
    (code >= 0x2000 && code <= 0x200a) ||
    (code >= 0x2010 && code <= 0x2015) ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x2212 ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

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

  let out = '';
  let runStart = 0;
  for (; i < length; i++) {
    const code = value.charCodeAt(i);
    if (code >= LOWER_A && code <= LOWER_Z) {
      out += value.slice(runStart, i) + String.fromCharCode(code - 32);
      runStart = i + 1;
    } else if (isSeparator(code)) {
      out += value.slice(runStart, i);
      runStart = i + 1;
    }
  }
  return out + value.slice(runStart);
}

/** Whether `compact` holds only characters a VAT number can have (Irish ones may hold `+` or `*`). */
function isStorable(compact: string): boolean {
  for (let i = 0; i < compact.length; i++) {
    const code = compact.charCodeAt(i);
    if (!isUpper(code) && !isDigit(code) && code !== 43 && code !== 42) return false;
  }
  return true;
}

/**
 * Compacts `value`, reads its country prefix and checks the number's structure and check digits
 * offline. Never throws on a string.
 *
 * @example checkVatStructure('be 0986.375.479').normalized // 'BE0986375479'
 */
export function checkVatStructure(value: string): VatStructure {
  const compact = compactVat(value);
  if (compact.length === 0) return unprefixed(null, EMPTY_MESSAGE);
  const first = compact.charCodeAt(0);
  const second = compact.charCodeAt(1);
  if (!isUpper(first) || !isUpper(second)) return unprefixed(isStorable(compact) ? compact : null, NO_PREFIX_MESSAGE);

  const compiled = RULES_BY_PREFIX.get(prefixKey(first, second));
  if (compiled === undefined) return unknownPrefix(compact);

  const { prefix, rule } = compiled;
  const rawBody = compact.slice(2);
  const body = rule.canonical === undefined ? rawBody : rule.canonical(rawBody);
  const verdict = rule.check(body);

  const normalized = body === rawBody ? compact : prefix + body;
  return {
    countryCode: prefix,
    body,
    normalized: verdict === VALID || isStorable(normalized) ? normalized : null,
    formatValid: verdict === VALID,
    inVies: rule.inVies,
    message: messageOf(compiled, verdict),
  };
}

function messageOf(compiled: CompiledRule, verdict: Verdict): string {
  switch (verdict) {
    case VALID:
      return compiled.valid;
    case BAD_CHECK:
      return compiled.badCheck;
    case BAD_FORMAT:
      return compiled.badFormat;
    default:
      return compiled.allZeros;
  }
}

function unprefixed(normalized: string | null, message: string): VatStructure {
  return { countryCode: null, body: '', normalized, formatValid: false, inVies: false, message };
}

function unknownPrefix(compact: string): VatStructure {
  const countryCode = compact.slice(0, 2);
  const message =
    countryCode === 'GR'
      ? GREECE_MESSAGE
      : `${countryCode} is not a VAT number prefix verifield can check: use the prefix of an EU member state ` +
        '(EL for Greece), XI for Northern Ireland, or GB, CH or NO';
  return {
    countryCode,
    body: compact.slice(2),
    normalized: isStorable(compact) ? compact : null,
    formatValid: false,
    inVies: false,
    message,
  };
}
