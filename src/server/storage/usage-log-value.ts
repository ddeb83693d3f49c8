/**
 * The form in which a validated value enters the usage log (docs/service.md#usage-log): NIF, SIN
 * and SSN values are always masked, VAT numbers when they embed a personal identity number
 * (src/vat/number/personal-number.ts).
 */
import { embedsPersonalNumber } from '../../vat/number/personal-number.js';
import { MASKED_IN_USAGE_LOG, USAGE_LOG_MASK, type Field } from './types.js';

/**
 * `value` as the usage log may keep it for a request to `endpoint`: `***` for NIF, SIN and SSN,
 * and for a VAT number that embeds a personal identity number; the value itself otherwise.
 */
export function usageLogValue(endpoint: Field, value: string): string {
  if (MASKED_IN_USAGE_LOG.has(endpoint)) return USAGE_LOG_MASK;
  if (endpoint === 'vat' && embedsPersonalNumber(value)) return USAGE_LOG_MASK;
  return value;
}
