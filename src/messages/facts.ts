/**
 * The `{fact}` values a message shows, read from the result (the list of each key is MESSAGE_FACTS
 * in keys.ts; what each fact is, catalog.ts). Each is written as the English message writes it, so
 * a translation shows the same digits, date and address.
 */
import type { ValidationResult } from '../result.js';
import type { MessageCatalog, MessageFact, MessageKey } from './catalog.js';
import { registryDisplayName } from '../vat/registry-names.js';
import { countryName } from './country-name.js';
import { MESSAGE_FACTS } from './keys.js';

/** The value of each fact a template names. */
export type MessageFactValues = Partial<Record<MessageFact, string>>;

/** A details object, as far as its country is concerned (a result read back from JSON may hold anything). */
type CountryNaming = { country_code?: unknown; countryCode?: unknown } | null | undefined;

/**
 * The two letters the field's details name (`country_code`, or `countryCode`): the IBAN's country,
 * the VAT prefix, the phone's country, or any field's that names one. An answer carries one field's
 * details only.
 */
function countryCodeOf(result: ValidationResult): string | undefined {
  for (const member in result) {
    const details = member.endsWith('Details') ? (result[member as keyof ValidationResult] as CountryNaming) : undefined;
    const code = details?.country_code ?? details?.countryCode;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function placeOf(result: ValidationResult, catalog: MessageCatalog): string | undefined {
  const details = result.phoneDetails;
  if (details == null || typeof details.calling_code !== 'number') return undefined;
  const code = details.country_code;
  return typeof code === 'string' ? `${countryName(code, catalog)} (+${details.calling_code})` : `+${details.calling_code}`;
}

/** The calendar day (UTC) of the last VIES answer, as src/vat/registry/messages.ts writes it. */
function dateOf(result: ValidationResult): string | undefined {
  const checkedAt = result.vatDetails?.checked_at;
  if (typeof checkedAt !== 'string') return undefined;
  const time = Date.parse(checkedAt);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
}

/** `A, B or C` in the catalog's language; joined with commas where the runtime has no list formats. */
function alternatives(items: readonly string[], catalog: MessageCatalog): string {
  try {
    return new Intl.ListFormat([catalog.language], { type: 'disjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

/**
 * What the user probably meant: the IBANs of `ibanDetails.suggestions` (src/iban/suggestions.ts),
 * or the address with the suggested domain, as src/email/reading.ts offers it.
 */
function suggestionOf(result: ValidationResult, catalog: MessageCatalog): string | undefined {
  const suggestions: unknown = result.ibanDetails?.suggestions;
  // A result read back from JSON may hold anything: only a list of strings is shown.
  if (suggestions !== undefined) return Array.isArray(suggestions) && suggestions.length > 0 && suggestions.every((item) => typeof item === 'string') ? alternatives(suggestions, catalog) : undefined;
  const domain = result.emailDetails?.signals?.suggested_domain;
  const address = result.normalizedValue;
  if (typeof domain !== 'string' || typeof address !== 'string') return undefined;
  const at = address.lastIndexOf('@');
  return at < 0 ? undefined : `${address.slice(0, at)}@${domain}`;
}

/** The proper name of the registry a VAT verdict is about. */
function registryOf(result: ValidationResult): string | undefined {
  const registry = result.vatDetails?.registry;
  return typeof registry === 'string' ? registryDisplayName(registry) : undefined;
}

/** The `index`-th character of the normalized value, when there is one. */
function charOf(result: ValidationResult, index: number): string | undefined {
  const value = result.normalizedValue;
  return typeof value === 'string' && value.length > index ? value.charAt(index) : undefined;
}

/** The value of one fact of the template of `key`, from `result`; undefined when the result does not hold it. */
export function factOf(fact: MessageFact, key: MessageKey, result: ValidationResult, catalog: MessageCatalog): string | undefined {
  const value = result.normalizedValue;
  switch (fact) {
    case 'country': {
      const code = countryCodeOf(result);
      return code === undefined ? undefined : countryName(code, catalog);
    }
    case 'code':
      return countryCodeOf(result);
    case 'length': {
      const length = result.ibanDetails?.expected_length;
      return typeof length === 'number' ? String(length) : undefined;
    }
    case 'place':
      return placeOf(result, catalog);
    case 'digits':
      // The IBAN's check digits (characters 3 and 4), or the SSN's area number (its first three digits).
      if (typeof value !== 'string') return undefined;
      return key.startsWith('IBAN_') ? (value.length >= 4 ? value.slice(2, 4) : undefined) : value.length >= 3 ? value.slice(0, 3) : undefined;
    case 'number':
      return typeof value === 'string' && value.length === 9 ? `${value.slice(0, 3)}-${value.slice(3, 5)}-${value.slice(5)}` : undefined;
    case 'letter':
    case 'digit':
      return charOf(result, 0);
    case 'date':
      return dateOf(result);
    case 'suggestion':
      return suggestionOf(result, catalog);
    case 'registry':
      return registryOf(result);
  }
}

/**
 * The facts the template of `key` names, from `result`; null when one of them cannot be read
 * (a result whose details were cut), so that the caller keeps the message it has.
 * @example
 * ```ts
 * import { validateIban } from 'verifield/iban';
 * import { es } from 'verifield/messages/es';
 * messageFacts('IBAN_WRONG_LENGTH', validateIban('FR76 3000 6000 0112 3456 7890'), es); // { country: 'Francia', length: '27' }
 * ```
 */
export function messageFacts(key: MessageKey, result: ValidationResult, catalog: MessageCatalog): MessageFactValues | null {
  const values: MessageFactValues = {};
  for (const fact of MESSAGE_FACTS[key]) {
    const value = factOf(fact, key, result, catalog);
    if (value === undefined) return null;
    values[fact] = value;
  }
  return values;
}
