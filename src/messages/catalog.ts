/**
 * The shape of a message catalog (docs/messages.md): one template per message key, in one language.
 * A key is a reason code (src/reasons.ts), a split of one where the English message has two forms,
 * or one of the valid answers' messages; each field's folder lists its keys. Templates name the details they show in braces, `{country}`,
 * and `localize` fills them in from the result.
 */
import type { FieldMessageFact } from '../fields/manifest.js';
import type { MessageKey } from '../fields/generated/message-facts.js';

/**
 * Every key a catalog translates, and the keys of valid answers' messages: each field's
 * `src/<field>/messages/facts.ts` lists its own (reason codes, their splits such as
 * NIF_CONTROL_MUST_BE_DIGIT, PHONE_TOO_SHORT_UNNAMED or VAT_NOT_REGISTERED_STALE, and the valid
 * messages), gathered by scripts/generate-fields.ts.
 */
export type { MessageKey, ValidMessageKey } from '../fields/generated/message-facts.js';

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
 * - `registry`: the national registry that gave a VAT verdict, by its proper name (`HMRC`, `UID`, `Brønnøysund`)
 */
export type MessageFact = FieldMessageFact;

/** A catalog: every key's template in one language. */
export interface MessageCatalog {
  /** BCP 47 language tag of the templates: `es`, `fr`, … */
  readonly language: string;
  /** The name of Northern Ireland (VAT prefix XI), which has no ISO region code to look up. */
  readonly northernIreland: string;
  /** One template per key. */
  readonly messages: Readonly<Record<MessageKey, string>>;
}
