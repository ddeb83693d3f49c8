/**
 * What the service's usage log keeps of a validated value (docs/service.md#usage-log), per field:
 * the value as sent, never the value (NIF, SIN, SSN), or not the value when it embeds a person's
 * identity number (VAT). Each field says its own in `src/<field>/usage-log.ts`.
 */
import type { FieldName } from './catalog.js';
import { USAGE_LOG_POLICIES } from './generated/usage-log.js';

export type { UsageLogPolicy } from './manifest.js';
export { USAGE_LOG_POLICIES };

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
