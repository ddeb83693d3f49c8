/**
 * ES: the VAT number of a Spanish business or person is its NIF: a DNI (8 digits and a letter), an
 * NIE (X, Y or Z, 7 digits, a letter), a K, L or M number (7 digits and a letter), or an entity
 * (legal-form letter, 7 digits, a control digit or letter).
 *
 * `checkNifBody` of verifield/nif answers the same rules with what `validateNif` reports (kind,
 * reason, entity tables); this check needs only the verdict, and importing that module would
 * double what `validateVat` alone costs a browser bundle. test/vat/number/countries.test.ts checks that
 * the two agree on every kind of NIF.
 *
 * @example
 * ```ts
 * validateVat('ES A78109592').valid; // true
 * validateVat('ES X1234567L').valid; // true
 * validateVat('ES11111111T').message; // "This Spanish VAT number's control character does not match; please check it"
 * ```
 */
import { isLuhnValid } from '../../../checksum.js';
import { digitsBetween, numberBetween, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_CHECK, BAD_FORMAT, VALID, type Verdict } from './verdict.js';

/** DNI control letters, indexed by the number modulo 23. */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** Legal-form letters of an entity NIF (Orden EHA/451/2008). */
const ENTITY_LETTERS = 'ABCDEFGHJNPQRSUVW';
/** Entities whose control must be the digit. */
const DIGIT_CONTROL = 'ABEH';
/** Entities whose control must be the letter (non-residents, religious and public bodies). */
const LETTER_CONTROL = 'NPQRSW';
/** Letter form of an entity control digit, indexed by the digit. */
const ENTITY_CONTROL_LETTERS = 'JABCDEFGHI';

/** ES: see the file comment. */
export function checkSpain(body: string): Verdict {
  if (body.length !== 9 || !digitsBetween(body, 1, 8)) return BAD_FORMAT;
  const lead = body.charAt(0);
  const control = body.charCodeAt(8);
  const controlIsLetter = control >= 65 && control <= 90;
  const leadIsDigit = lead >= '0' && lead <= '9';
  let ok: boolean;
  if (leadIsDigit || 'XYZKLM'.includes(lead)) {
    if (!controlIsLetter) return BAD_FORMAT;
    // X, Y and Z stand for a leading 0, 1 and 2 of an eight-digit number; K, L and M for nothing.
    const xyz = 'XYZ'.indexOf(lead);
    const number = leadIsDigit ? numberBetween(body, 0, 8) : Math.max(xyz, 0) * 1e7 + numberBetween(body, 1, 8);
    ok = DNI_LETTERS.charCodeAt(number % 23) === control;
  } else {
    if (!ENTITY_LETTERS.includes(lead) || !(controlIsLetter || (control >= 48 && control <= 57))) return BAD_FORMAT;
    // The control is the Luhn check digit of the 7 digits, or its letter in JABCDEFGHI. A control
    // in the form the entity letter forbids (a letter after A) counts as a wrong control.
    const digit = controlIsLetter ? ENTITY_CONTROL_LETTERS.indexOf(body.charAt(8)) : control - 48;
    ok =
      digit >= 0 &&
      !(controlIsLetter ? DIGIT_CONTROL : LETTER_CONTROL).includes(lead) &&
      isLuhnValid(body.slice(1, 8) + digit);
  }
  if (!ok) return BAD_CHECK;
  // A number 0 (every digit 0, no Y or Z standing for 1 or 2) passes the arithmetic but is never issued.
  return lead !== 'Y' && lead !== 'Z' && (!leadIsDigit || lead === '0') && zerosBetween(body, 1, 8) ? ALL_ZEROS : VALID;
}
