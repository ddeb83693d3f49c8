/**
 * ES: the VAT number of a Spanish business or person is its NIF. The checks are those of
 * `verifield/nif` (one implementation of the DNI, NIE, K/L/M and entity rules), applied to the
 * body.
 */
import { checkNifBody } from '../../nif/index.js';
import { zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_CHECK, BAD_FORMAT, VALID, type Verdict } from './verdict.js';

/** ES: the 9-character NIF after the prefix; see `checkNifBody`. */
export function checkSpain(body: string): Verdict {
  // checkNifBody wants exactly the 9 characters; a longer body (`ES ES B…`) is a format error here.
  if (body.length !== 9) return BAD_FORMAT;
  const nif = checkNifBody(body);
  if (nif.valid) return isZeroNumber(body) ? ALL_ZEROS : VALID;
  // A recognised NIF whose control is wrong, or written in the form its entity letter forbids
  // (the letter form after an A, which takes a digit), has a wrong control character; anything
  // else is not a NIF.
  return nif.type !== null ? BAD_CHECK : BAD_FORMAT;
}

/**
 * A NIF whose number is 0: every digit 0 and no leading Y or Z (which stand for 1 and 2). Such
 * numbers pass the arithmetic (`00000000T`, `A00000000`) but are never issued.
 */
function isZeroNumber(body: string): boolean {
  const first = body.charCodeAt(0);
  if (first === 89 /* Y */ || first === 90 /* Z */) return false;
  return !(first >= 49 && first <= 57) && zerosBetween(body, 1, 8);
}
