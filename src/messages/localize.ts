/**
 * `localize`: a result with its message in the catalog's language (docs/messages.md). Pure code
 * without Node built-ins, so that a form in the browser can call it.
 */
import { addendumKey } from '../fields/generated/message-keys.js';
import type { ValidationResult } from '../result.js';
import type { MessageCatalog, MessageFact, MessageKey } from './catalog.js';
import { factOf } from './facts.js';
import { unvettedKeyOf } from './message-key.js';

const PLACEHOLDER = /\{([a-z]+)\}/g;

/**
 * `template` with every `{fact}` it names replaced by its value, in one pass (a value holding braces
 * stays as it is); null when the result lacks one of them. The template says which facts it needs
 * (test/messages checks them against MESSAGE_FACTS), so that table stays out of a form's bundle.
 */
function fill(template: string, key: MessageKey, result: ValidationResult, catalog: MessageCatalog): string | null {
  let complete = true;
  const text = template.replace(PLACEHOLDER, (placeholder: string, name: string) => {
    // factOf answers undefined for a name that is no fact, as for a fact the result lacks.
    const value = factOf(name as MessageFact, key, result, catalog);
    if (value === undefined) complete = false;
    return value ?? placeholder;
  });
  return complete ? text : null;
}

/** The catalog's template for `key`, filled in from `result`; null when the catalog lacks it or the result lacks a fact it names. */
function render(key: string, result: ValidationResult, catalog: MessageCatalog): string | null {
  // A key the catalog does not hold (a reason newer than the catalog) keeps the English message.
  const template = Object.prototype.hasOwnProperty.call(catalog.messages, key) ? catalog.messages[key as MessageKey] : undefined;
  return typeof template === 'string' ? fill(template, key as MessageKey, result, catalog) : null;
}

/**
 * A copy of `result` whose `message` is the catalog's, with the details it names filled in, and
 * the sentence of its addendum after it (an IBAN's suggestions, docs/messages.md#how-the-key-is-derived).
 * Every other field, and the order of the keys, stay as they are; `result` itself is not changed. An
 * answer that is not a field's (an error answer of the service, an unknown reason) or whose
 * details do not hold what the message shows is copied with its message unchanged.
 * @example
 * ```ts
 * import { validateIban } from 'verifield/iban';
 * import { es } from 'verifield/messages/es';
 * localize(validateIban('FR76 3000 6000 0112 3456 7890'), es).message; // 'Un IBAN de Francia tiene 27 caracteres'
 * ```
 */
export function localize<T extends ValidationResult>(result: T, catalog: MessageCatalog): T {
  const key = unvettedKeyOf(result);
  const message = key === null ? null : render(key, result, catalog);
  const addendum = message === null ? null : addendumKey(result);
  const ending = addendum === null ? '' : render(addendum, result, catalog);
  // Spreading keeps `message` where it was among the keys; a missing ending keeps the English message whole.
  return message === null || ending === null ? { ...result } : { ...result, message: ending === '' ? message : `${message}. ${ending}` };
}
