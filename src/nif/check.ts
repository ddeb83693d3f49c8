/**
 * The checks of one compact NIF (9 characters, upper case, no `ES`): which kind it is and whether
 * its control character holds. Kept apart from the envelope so the VAT module can reuse it on the
 * body of an `ES` VAT number.
 */
import { luhnCheckDigit } from '../checksum.js';
import type { NifType } from '../result.js';
import { CONTROL_FORM_BY_CODE, FORM_DIGIT, FORM_LETTER, FORM_NONE } from './entities.js';

/** Why a compact NIF passed or failed. */
export type NifCheckReason =
  /** Shape and control character are right. */
  | 'VALID'
  /** A DNI, NIE or K/L/M whose control letter is wrong. */
  | 'WRONG_CONTROL_LETTER'
  /** An entity whose control character is wrong. */
  | 'WRONG_CONTROL_CHARACTER'
  /** An entity whose control is a digit where its letter demands a letter, or the reverse. */
  | 'WRONG_CONTROL_FORM'
  /** Not one of the NIF shapes at all. */
  | 'UNRECOGNISED_SHAPE';

/** Verdict of {@link checkNifBody}. */
export interface NifBodyCheck {
  /** Kind of number; null when the shape was not recognised. */
  type: NifType | null;
  /** Whether the NIF is valid. */
  valid: boolean;
  /**
   * Whether the control character matches the one computed from the digits. For an entity written
   * in the wrong form (`A2812345C` for `A28123453`) this is true while `valid` is false.
   */
  checksumValid: boolean;
  /** Why it passed or failed. */
  reason: NifCheckReason;
}

/** DNI control letters, indexed by the number modulo 23. */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** Letter form of an entity control digit, indexed by the digit. */
const ENTITY_CONTROL_LETTERS = 'JABCDEFGHI';

const ZERO = 48;
const NINE = 57;
const UPPER_A = 65;
const UPPER_Z = 90;
const UPPER_X = 88;

const isDigitCode = (code: number): boolean => code >= ZERO && code <= NINE;
const isUpperCode = (code: number): boolean => code >= UPPER_A && code <= UPPER_Z;

/** Value of the digits from `start` to `end` (exclusive), or -1 when one of them is not a digit. */
function digitsValue(compact: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) {
    const code = compact.charCodeAt(i);
    if (!isDigitCode(code)) return -1;
    value = value * 10 + code - ZERO;
  }
  return value;
}

const UNRECOGNISED: Readonly<NifBodyCheck> = Object.freeze({
  type: null,
  valid: false,
  checksumValid: false,
  reason: 'UNRECOGNISED_SHAPE',
});

/** A person's number: the control letter is the DNI letter of `number`. */
function personCheck(type: NifType, number: number, control: number): NifBodyCheck {
  const ok = DNI_LETTERS.charCodeAt(number % 23) === control;
  return { type, valid: ok, checksumValid: ok, reason: ok ? 'VALID' : 'WRONG_CONTROL_LETTER' };
}

/**
 * Checks a compact NIF: exactly 9 characters, already upper case, separators and `ES` removed.
 * Anything else (lower case, separators, another length) is an unrecognised shape. Never throws.
 *
 * @example
 * ```ts
 * checkNifBody('B64717838'); // { type: 'ENTITY', valid: true, checksumValid: true, reason: 'VALID' }
 * checkNifBody('12345678A'); // { type: 'DNI', valid: false, checksumValid: false, reason: 'WRONG_CONTROL_LETTER' }
 * checkNifBody('12345678-Z'); // { type: null, valid: false, checksumValid: false, reason: 'UNRECOGNISED_SHAPE' }
 * ```
 */
export function checkNifBody(compact: string): NifBodyCheck {
  if (compact.length !== 9) return { ...UNRECOGNISED };
  const first = compact.charCodeAt(0);
  const control = compact.charCodeAt(8);

  if (isDigitCode(first)) {
    const number = digitsValue(compact, 0, 8);
    if (number < 0 || !isUpperCode(control)) return { ...UNRECOGNISED };
    return personCheck('DNI', number, control);
  }

  const middle = digitsValue(compact, 1, 8);
  if (middle < 0) return { ...UNRECOGNISED };

  switch (first) {
    case UPPER_X:
    case UPPER_X + 1: // Y
    case UPPER_X + 2: // Z
      // X, Y and Z stand for a leading 0, 1 and 2 of an eight-digit number.
      if (!isUpperCode(control)) return { ...UNRECOGNISED };
      return personCheck('NIE', (first - UPPER_X) * 10_000_000 + middle, control);
    case 75: // K
      if (!isUpperCode(control)) return { ...UNRECOGNISED };
      return personCheck('NIF_K', middle, control);
    case 76: // L
      if (!isUpperCode(control)) return { ...UNRECOGNISED };
      return personCheck('NIF_L', middle, control);
    case 77: // M
      if (!isUpperCode(control)) return { ...UNRECOGNISED };
      return personCheck('NIF_M', middle, control);
    default:
      return entityCheck(compact, first, control);
  }
}

function entityCheck(compact: string, first: number, control: number): NifBodyCheck {
  const form = first <= UPPER_Z ? (CONTROL_FORM_BY_CODE[first] ?? FORM_NONE) : FORM_NONE;
  const controlIsDigit = isDigitCode(control);
  if (form === FORM_NONE || (!controlIsDigit && !isUpperCode(control))) return { ...UNRECOGNISED };

  // The entity control is the Luhn check digit of the 7 middle digits (docs/fields/nif.md#entity-control-character).
  const expected = luhnCheckDigit(compact.slice(1, 8));
  const checksumValid = controlIsDigit
    ? control - ZERO === expected
    : ENTITY_CONTROL_LETTERS.charCodeAt(expected) === control;
  const formOk = controlIsDigit ? form !== FORM_LETTER : form !== FORM_DIGIT;
  const valid = formOk && checksumValid;
  const reason: NifCheckReason = !formOk ? 'WRONG_CONTROL_FORM' : checksumValid ? 'VALID' : 'WRONG_CONTROL_CHARACTER';
  return { type: 'ENTITY', valid, checksumValid, reason };
}
