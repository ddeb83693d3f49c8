/**
 * What the service's usage log keeps of a validated value (docs/service.md#usage-log), per field
 * of ./catalog.ts: the value as sent, never the value (NIF, SIN, SSN), or not the value when it
 * embeds a person's identity number (VAT: src/vat/number/personal-number.ts).
 */
import { embedsPersonalNumber } from '../vat/number/personal-number.js';
import type { FieldName } from './catalog.js';

/** How the usage log keeps a field's values. */
export type UsageLogPolicy = 'clear' | 'masked' | { maskedWhen: (value: string) => boolean };

/** Field -> how the usage log keeps its values. */
export const USAGE_LOG_POLICIES: { readonly [F in FieldName]: UsageLogPolicy } = {
  vat: { maskedWhen: embedsPersonalNumber },
  iban: 'clear',
  email: 'clear',
  phone: 'clear',
  nif: 'masked',
  nas: 'masked',
  ssn: 'masked',
};

/** What the usage log stores instead of a masked value. */
export const USAGE_LOG_MASK = '***';


/**
 * `value` as the usage log may keep it for a request to `field`: {@link USAGE_LOG_MASK} for the
 * fields always masked, and for a value its field's rule finds personal; the value itself otherwise.
 * @example
 * ```ts
 * usageLogValue('iban', 'DE89 3704 0044 0532 0130 00'); // 'DE89 3704 0044 0532 0130 00'
 * usageLogValue('nif', '12345678Z'); // '***'
 * usageLogValue('vat', 'ES73914682L'); // '***'
 * usageLogValue('vat', 'ESB12345674'); // 'ESB12345674'
 * ```
 */
export function usageLogValue(field: FieldName, value: string): string {
  const policy = USAGE_LOG_POLICIES[field];
  if (policy === 'clear') return value;
  return policy === 'masked' || policy.maskedWhen(value) ? USAGE_LOG_MASK : value;
}
