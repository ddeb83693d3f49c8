/**
 * Which catalog message tells a result: its reason code, split where the English message has two
 * forms, or for a valid answer the form its details call for (docs/messages.md#message-keys).
 */
import type { EmailDetails, NasDetails, ValidationResult, VatDetails } from '../result.js';
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

function rejectionKey(result: ValidationResult, reason: string): string | null {
  switch (reason) {
    case 'NIF_WRONG_CONTROL_FORM': {
      // The control was written in the other form: a letter where the entity letter asks for a digit, or the reverse.
      const last = result.normalizedValue?.charCodeAt(8) ?? 0;
      return last >= 48 && last <= 57 ? 'NIF_CONTROL_MUST_BE_LETTER' : last >= 65 && last <= 90 ? 'NIF_CONTROL_MUST_BE_DIGIT' : null;
    }
    case 'PHONE_TOO_SHORT':
      return result.phoneDetails == null ? 'PHONE_TOO_SHORT_UNNAMED' : reason;
    case 'VAT_NOT_REGISTERED':
      return result.vatDetails?.source === 'STALE' ? 'VAT_NOT_REGISTERED_STALE' : reason;
    default:
      return reason;
  }
}

// Loose `!= null`: an answer read back from JSON may hold null where the type says absent.
function validKey(result: ValidationResult): MessageKey | null {
  if (result.ibanDetails != null) return 'IBAN_VALID';
  if (result.nifDetails != null) return result.nifDetails.type === 'NIE' ? 'NIE_VALID' : 'NIF_VALID';
  if (result.nasDetails != null) return nasKey(result.nasDetails);
  if (result.ssnDetails != null) return 'SSN_VALID';
  if (result.phoneDetails != null) return 'PHONE_VALID';
  if (result.vatDetails != null) return vatKey(result.vatDetails, result.validationLevel);
  if (result.emailDetails != null) return emailKey(result.emailDetails);
  return null;
}

function nasKey(details: NasDetails): MessageKey {
  if (details.temporary_resident) return 'NAS_VALID_TEMPORARY';
  return details.individual_series ? 'NAS_VALID' : 'NAS_VALID_NOT_INDIVIDUAL';
}

function vatKey(details: VatDetails, level: ValidationResult['validationLevel']): MessageKey | null {
  if (details.source === 'NOT_APPLICABLE') return 'VAT_OUTSIDE_VIES';
  if (details.registered === true) return details.source === 'STALE' ? 'VAT_REGISTERED_STALE' : 'VAT_REGISTERED';
  if (details.registered === null) return level === 'BASIC' ? 'VAT_WELL_FORMED' : 'VAT_UNVERIFIED';
  return null;
}

function emailKey(details: EmailDetails): MessageKey | null {
  const signals = details.signals;
  if (typeof signals !== 'object' || signals === null) return null;
  if (typeof signals.suggested_domain === 'string') return 'EMAIL_TYPO';
  if (signals.disposable === true) return 'EMAIL_DISPOSABLE';
  // DNS was asked when the deliverability is more than UNKNOWN (src/email/risk.ts); mx_valid null then means it failed.
  if (signals.mx_valid === null && details.deliverability !== 'UNKNOWN') return 'EMAIL_UNCHECKED';
  return 'EMAIL_VALID';
}
