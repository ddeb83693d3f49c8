/**
 * The normalized form of a VAT number a caller names in `GET /api/v1/vat/evidence?value=…`: the
 * same form the records hold (the validator's `normalizedValue`), so `be 0986.375.479` finds the
 * records of `BE0986375479`.
 */
import { validateVat } from '../../vat/index.js';

/** The stored form of `value`, or null when no VAT number can be read from it (no record can hold it). */
export function evidenceKey(value: string): string | null {
  const normalized = validateVat(value).normalizedValue;
  return normalized === null || normalized === '' ? null : normalized;
}
