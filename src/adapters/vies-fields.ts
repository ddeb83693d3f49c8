/**
 * How VIES writes the fields of an answer, the same in its SOAP and REST forms: `---` for what a
 * member state does not disclose, match codes as words (REST) or digits (SOAP), and a request date
 * whose day is kept as written (docs/protocols.md#vies-soap).
 */
import type { VatRegistryMatch } from '../ports.js';

/** `---`, empty and nil all mean "not disclosed" (VIES uses each of them). */
export function disclosed(value: string | null | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === '---' ? undefined : trimmed;
}

/** A match code: `1`/`2`/`3` in SOAP, `VALID`/`INVALID`/`NOT_PROCESSED` in REST; undefined for anything else. */
export function matchOf(value: string | null | undefined): VatRegistryMatch | undefined {
  switch (value?.trim()) {
    case '1':
    case 'VALID':
      return 'VALID';
    case '2':
    case 'INVALID':
      return 'INVALID';
    case '3':
    case 'NOT_PROCESSED':
      return 'NOT_PROCESSED';
    default:
      return undefined;
  }
}

const REQUEST_DATE = /^(\d{4}-\d{2}-\d{2})/;

/**
 * The day of a `requestDate` as VIES wrote it (`2022-08-15+02:00` in SOAP,
 * `2024-04-23T08:04:10.919Z` in REST), never shifted by its offset; undefined when it has none.
 */
export function requestDay(text: string): string | undefined {
  return REQUEST_DATE.exec(text.trim())?.[1];
}
