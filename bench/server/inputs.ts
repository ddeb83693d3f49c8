/**
 * Request bodies of `npm run bench:server`, from our own generators: the IBAN mix of the library
 * benchmark (valid and mistyped, written as people type them), and valid VAT numbers of VIES
 * countries (written with spaces, dots or dashes) that the loopback VIES fake knows, so that after
 * one live lookup each the service answers them from its cache.
 */
import { validateVat } from '../../src/vat/index.js';
import { anyValidVat, seededRng, typedLikeAPerson } from '../../test/support/generators/vat.js';
import { suite as ibanSuite } from '../suites/iban.js';

/** The value typed and, for VAT, the number VIES is asked about (prefix and body). */
export interface BenchValue {
  value: string;
  viesNumber?: string;
}

/** One JSON body per line, as post.lua reads them. */
export function bodiesText(values: readonly BenchValue[]): string {
  return `${values.map(({ value }) => JSON.stringify({ value })).join('\n')}\n`;
}

/** The library benchmark's IBAN mix (about two thirds valid). */
export function ibanValues(): BenchValue[] {
  return ibanSuite.inputs.map((value) => ({ value }));
}

/** `count` distinct valid VAT numbers that VIES checks (no CH, NO or GB), typed like a person. */
export function vatValues(count: number): BenchValue[] {
  const rng = seededRng(20261122);
  const seen = new Set<string>();
  const values: BenchValue[] = [];
  while (values.length < count) {
    const compact = anyValidVat(rng);
    const checked = validateVat(compact);
    if (!checked.valid || checked.vatDetails.source === 'NOT_APPLICABLE' || checked.normalizedValue === null) continue;
    if (seen.has(checked.normalizedValue)) continue;
    seen.add(checked.normalizedValue);
    values.push({ value: typedLikeAPerson(rng, compact), viesNumber: checked.normalizedValue });
  }
  return values;
}
