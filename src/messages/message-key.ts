/**
 * Which catalog message tells a result: its reason code, split where the English message has two
 * forms, or for a valid answer the form its details call for (docs/messages.md#message-keys). Each
 * field says its own splits and valid forms in `src/<field>/messages/key.ts`.
 */
import { rejectionKey, validKey } from '../fields/generated/message-keys.js';
import type { ValidationResult } from '../result.js';
import type { MessageKey } from './catalog.js';
import { MESSAGE_FACTS } from './keys.js';

const hasKey = (key: string): key is MessageKey => Object.prototype.hasOwnProperty.call(MESSAGE_FACTS, key);

/**
 * The message key of `result`, or null when it is not a field's answer: an error answer of the
 * service (`errorCode`), a reason this version does not know, `valid` and `reason` that disagree,
 * or a valid answer without the details that say which message it has.
 * @example
 * ```ts
 * import { validateIban } from 'verifield/iban';
 * import { validateNas } from 'verifield/nas';
 * import { validateNif } from 'verifield/nif';
 * messageKeyOf(validateIban('FR76 3000 6000 0112 3456 7890')); // 'IBAN_WRONG_LENGTH'
 * messageKeyOf(validateNif('A5803488A')); // 'NIF_CONTROL_MUST_BE_DIGIT'
 * messageKeyOf(validateNas('046 454 286')); // 'NAS_VALID_NOT_INDIVIDUAL'
 * ```
 */
export function messageKeyOf(result: ValidationResult): MessageKey | null {
  const key = unvettedKeyOf(result);
  return key !== null && hasKey(key) ? key : null;
}

/**
 * {@link messageKeyOf} without checking that a rejection's reason is one this version knows:
 * `localize` looks the key up in the catalog, which does that check, and so leaves the table of
 * keys out of a form's bundle.
 */
export function unvettedKeyOf(result: ValidationResult): string | null {
  if (typeof result !== 'object' || result === null || result.errorCode !== undefined) return null;
  const { reason } = result;
  if (typeof reason === 'string') return result.valid === false ? rejectionKey(result, reason) : null;
  return result.valid === true && reason === null ? validKey(result) : null;
}
