/**
 * `validateNif`: the Spanish tax identification number of a person (DNI, NIE, K/L/M) or an entity
 * (the former CIF), as docs/fields/nif.md describes it. Pure code: runs in a browser.
 */
import type { NifReason } from '../reasons.js';
import { envelope, requireString, type NifDetails, type NifValidationResult } from '../result.js';
import { checkNifBody } from './check.js';
import { ENTITY_TYPE_BY_CODE, FORM_MESSAGE_BY_CODE } from './entities.js';
import { compactNif } from './compact.js';

export { checkNifBody, type NifBodyCheck, type NifCheckReason } from './check.js';
export { compactNif } from './compact.js';
export { ENTITY_TYPES } from './entities.js';

/** Message of an input that does not have any NIF shape; it lists the shapes a user can type. */
export const NOT_A_NIF_MESSAGE =
  'Not a Spanish NIF: expected 8 digits and a letter (DNI), X, Y or Z, 7 digits and a letter (NIE), ' +
  'K, L or M, 7 digits and a letter, or an entity letter, 7 digits and a control character';
/** Message of an input that is empty once spaces, dots and dashes are removed. */
export const EMPTY_NIF_MESSAGE = 'Please enter a Spanish NIF: the value is empty';

const VALID_NIF = 'Valid NIF';
const VALID_NIE = 'Valid NIE';
const WRONG_CONTROL_LETTER = 'NIF control letter does not match, please check the number';
const WRONG_CONTROL_CHARACTER = 'NIF control character does not match, please check the number';

/**
 * Validates a Spanish NIF. Spaces, dots, dashes and a leading `ES` are accepted; `normalizedValue`
 * is the bare 9-character NIF in upper case (null when the input has no NIF shape). `nifDetails`
 * is present whenever the shape was recognised, even when the control character is wrong.
 *
 * A valid NIF proves only that the number is well formed, not that it was issued.
 *
 * @throws TypeError when `value` is not a string.
 * @example
 * ```ts
 * validateNif('12345678-z').normalizedValue; // '12345678Z'
 * validateNif('ES B-64717838').nifDetails; // { type: 'ENTITY', natural_person: false, checksum_valid: true, entity_letter: 'B', entity_type: 'private limited company' }
 * validateNif('12345678A').message; // 'NIF control letter does not match, please check the number'
 * ```
 */
export function validateNif(value: string): NifValidationResult {
  requireString(value, 'validateNif');
  const compact = compactNif(value);
  if (compact === '') return envelope(value, false, EMPTY_NIF_MESSAGE, null, 'STANDARD', 'NIF_EMPTY');

  const check = checkNifBody(compact);
  if (check.type === null) return envelope(value, false, NOT_A_NIF_MESSAGE, null, 'STANDARD', 'NIF_BAD_FORMAT');

  // An entity's wrong control character, unless the check says otherwise.
  let message = WRONG_CONTROL_CHARACTER;
  let reason: NifReason | null = 'NIF_WRONG_CONTROL_CHARACTER';
  switch (check.reason) {
    case 'VALID':
      message = check.type === 'NIE' ? VALID_NIE : VALID_NIF;
      reason = null;
      break;
    case 'WRONG_CONTROL_LETTER':
      message = WRONG_CONTROL_LETTER;
      reason = 'NIF_WRONG_CONTROL_LETTER';
      break;
    case 'WRONG_CONTROL_FORM': {
      // Every letter whose form is enforced has its message; without one the answer stays a wrong control character.
      const formMessage = FORM_MESSAGE_BY_CODE[compact.charCodeAt(0)];
      if (formMessage !== undefined) {
        message = formMessage;
        reason = 'NIF_WRONG_CONTROL_FORM';
      }
      break;
    }
  }

  const result = envelope(value, check.valid, message, compact, 'STANDARD', reason);
  const details: NifDetails = {
    type: check.type,
    natural_person: check.type !== 'ENTITY',
    checksum_valid: check.checksumValid,
  };
  if (check.type === 'ENTITY') {
    details.entity_letter = compact.charAt(0);
    details.entity_type = ENTITY_TYPE_BY_CODE[compact.charCodeAt(0)];
  }
  result.nifDetails = details;
  return result;
}
