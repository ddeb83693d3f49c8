/**
 * Which VAT numbers embed a personal identity number, valid or not, since a mistyped one still
 * carries most of the number (the usage log keeps none of them in clear, docs/service.md#usage-log):
 * - ES: a NIF of a natural person (DNI: 8 digits and a letter; NIE: X, Y or Z, 7 digits and a
 *   letter; K, L and M numbers); only a well-formed entity NIF (a legal-form letter first) is kept;
 * - CZ: 9 and 10 digits are birth numbers or the "6…" numbers of individuals; only a well-formed
 *   8-digit entity number is kept;
 * - SK: 10 digits are a birth number or an entity's IČ DPH; an entity number that is also a valid
 *   birth number is masked (both are multiples of 11, so a typo of a birth number is neither);
 * - BG: 10 digits are persons (EGN, a foreigner's PNF, other payers); only a 9-digit entity number is kept;
 * - LV: 11 digits starting 0–3 are personal codes (32… included); only entity numbers are kept;
 * - LT: 12 digits are natural persons (and temporary payers); only a 9-digit entity number is kept;
 * - RO: 13 digits are a CNP (personal numeric code); entity numbers (CUI, up to 10 digits) are kept;
 * - SE: a sole trader's number is the owner's personnummer + 01; entity numbers have a third digit
 *   of 2 or more and are kept.
 * A value holding at least the digits of a personal number less one is masked unless it is a
 * well-formed entity number, so a personal number with a digit wrong, missing or doubled is masked
 * too. What a typo turns into a well-formed entity number cannot be told from that entity's number
 * and is kept (a Latvian personal code whose first digit became 4–9 and still passes the entity
 * check: about one typo of such a code in 180). A value without the prefix of a known country
 * (none, or letters such as `DNI`) cannot be told from a personal number and is masked when it
 * holds 6 digits or more.
 * Numbers issued alike to persons and companies, so that a person's cannot be told from a
 * company's (HR OIB, EL AFM, Dutch numbers built on a BSN before 2020), are kept: see
 * docs/service.md#usage-log.
 */
import { ZERO } from '../../char-codes.js';
import { checkBirthNumber } from './checks/birth-number.js';
import { VALID } from './checks/verdict.js';
import { OTHER_RULES, VIES_RULES } from './countries.js';
import { checkVatStructure } from './structure.js';

/** How the numbers of one prefix embed personal numbers. */
interface PersonalNumbers {
  /** Fewest digits in the body that may hold a personal number (its length less one). */
  minDigits: number;
  /** Whether a well-formed body is an entity's number, which is kept in clear. */
  isEntity(body: string): boolean;
}

const systemClock = (): Date => new Date();

const PERSONAL_NUMBERS: Readonly<Record<string, PersonalNumbers>> = {
  ES: { minDigits: 6, isEntity: (body) => !/^[0-9KLMXYZ]/.test(body) },
  CZ: { minDigits: 8, isEntity: (body) => body.length === 8 },
  SK: { minDigits: 9, isEntity: (body) => checkBirthNumber(body, systemClock) !== VALID },
  BG: { minDigits: 9, isEntity: (body) => body.length === 9 },
  LV: { minDigits: 10, isEntity: (body) => body.charCodeAt(0) > ZERO + 3 },
  LT: { minDigits: 11, isEntity: (body) => body.length === 9 },
  RO: { minDigits: 12, isEntity: () => true },
  SE: { minDigits: 9, isEntity: (body) => body.charCodeAt(2) >= ZERO + 2 },
};

/** Digits a value without a known prefix may hold before it could be a personal number (a NIE less one). */
const MIN_DIGITS_WITHOUT_PREFIX = 6;

const DIGIT = /\p{Nd}/gu;

/** Decimal digits of any script: a personal number typed in full-width digits is one too. */
function digitCount(text: string): number {
  return text.match(DIGIT)?.length ?? 0;
}

function isKnownPrefix(countryCode: string): boolean {
  return Object.hasOwn(VIES_RULES, countryCode) || Object.hasOwn(OTHER_RULES, countryCode);
}

/** Whether a value sent to the VAT endpoint may embed a personal identity number (see the file comment). */
export function embedsPersonalNumber(value: string): boolean {
  const { countryCode, body, formatValid } = checkVatStructure(value);
  if (countryCode === null || !isKnownPrefix(countryCode)) {
    return digitCount(value) >= MIN_DIGITS_WITHOUT_PREFIX;
  }
  const personal = PERSONAL_NUMBERS[countryCode];
  if (personal === undefined) return false;
  return digitCount(body) >= personal.minDigits && !(formatValid && personal.isEntity(body));
}
