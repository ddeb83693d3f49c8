/**
 * Jobs of mixed fields (docs/service.md#jobs): a CSV whose header is `field,value`, or NDJSON lines
 * `{ "field": …, "value": … }`, sent without `?field=`. Such a job's field is MIXED and each of its
 * stored values carries its own field, `<field>` NUL `<value>`: a field name never holds a NUL, so
 * the first one splits them whatever the value holds.
 */
import type { Field, JobField } from '../storage/types.js';

/** The field of a job whose lines name their own. */
export const MIXED = 'mixed' satisfies JobField;

const SEPARATOR = '\u0000';

/** A mixed job's line as stored: its field, then its value. */
export function mixedLine(field: Field, value: string): string {
  return `${field}${SEPARATOR}${value}`;
}

/** The field and value of a stored line of a job whose field is `jobField`. */
export function lineOfJob(jobField: JobField, stored: string): { field: Field; value: string } {
  if (jobField !== MIXED) return { field: jobField, value: stored };
  const cut = stored.indexOf(SEPARATOR);
  return { field: stored.slice(0, cut) as Field, value: stored.slice(cut + 1) };
}
