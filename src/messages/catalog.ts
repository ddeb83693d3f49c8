/**
 * The shape of a message catalog (docs/messages.md): one template per message key, in one language.
 * A key is a reason code (src/reasons.ts), a split of one where the English message has two forms,
 * or one of the valid answers' messages. Templates name the details they show in braces, `{country}`,
 * and `localize` fills them in from the result.
 */
import type { ReasonCode } from '../reasons.js';

/** Message keys of valid results: the English message of a valid answer has several forms. */
export type ValidMessageKey =
  | 'IBAN_VALID'
  | 'NIF_VALID'
  | 'NIE_VALID'
  | 'NAS_VALID'
  | 'NAS_VALID_NOT_INDIVIDUAL'
  | 'NAS_VALID_TEMPORARY'
  | 'SSN_VALID'
  | 'PHONE_VALID'
  | 'VAT_WELL_FORMED'
  | 'VAT_OUTSIDE_VIES'
  | 'VAT_REGISTERED'
  | 'VAT_REGISTERED_STALE'
  | 'VAT_UNVERIFIED'
  | 'EMAIL_VALID'
  | 'EMAIL_TYPO'
  | 'EMAIL_DISPOSABLE'
  | 'EMAIL_UNCHECKED';

/**
 * Every key a catalog translates. NIF_WRONG_CONTROL_FORM is told as whether the control must be a
 * digit or a letter; PHONE_TOO_SHORT without a known calling code and VAT_NOT_REGISTERED from a stale
 * answer have their own keys.
 */
export type MessageKey =
  | Exclude<ReasonCode, 'NIF_WRONG_CONTROL_FORM'>
  | 'NIF_CONTROL_MUST_BE_DIGIT'
  | 'NIF_CONTROL_MUST_BE_LETTER'
  | 'PHONE_TOO_SHORT_UNNAMED'
  | 'VAT_NOT_REGISTERED_STALE'
  | ValidMessageKey;

/**
 * The details a template can show, each filled in from the result:
 * - `country`: the country's name in the catalog's language (Intl.DisplayNames; `northernIreland` for XI)
 * - `code`: the two letters the value starts with, as typed (an unknown VAT prefix or IBAN country)
 * - `length`: the length an IBAN of that country has
 * - `place`: where a phone number was read, `{country} (+49)`, or `+49` when the calling code is shared
 * - `digits`: IBAN check digits, or an SSN area number
 * - `number`: the number as printed (an SSN sample number, `078-05-1120`)
 * - `letter`: the first letter of a NIF
 * - `digit`: the first digit of a SIN
 * - `date`: the day VIES last answered, `2026-11-20`
 * - `suggestion`: the address the user probably meant
 */
export type MessageFact = 'country' | 'code' | 'length' | 'place' | 'digits' | 'number' | 'letter' | 'digit' | 'date' | 'suggestion';

/** A catalog: every key's template in one language. */
export interface MessageCatalog {
  /** BCP 47 language tag of the templates: `es`, `fr`, … */
  readonly language: string;
  /** The name of Northern Ireland (VAT prefix XI), which has no ISO region code to look up. */
  readonly northernIreland: string;
  /** One template per key. */
  readonly messages: Readonly<Record<MessageKey, string>>;
}
