/**
 * Values on their way into SQL and back. PostgreSQL text and jsonb cannot hold U+0000, and jsonb
 * refuses an unpaired surrogate escape; a validated value may contain either (validators accept
 * any string), and one such value must not fail a whole group-committed batch. Both become
 * U+FFFD, the replacement character, as a UTF-8 encoder would do for the surrogate anyway (SQLite
 * would store them, but both engines keep the same text). Statements whose terms depend on their
 * input (a filtered page, a partial update) number their parameters with {@link parameterList}.
 */
import type { Dialect, ParamType } from './dialect.js';

const NOT_STORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` with NUL characters and unpaired surrogates replaced by U+FFFD. */
export function storableText(text: string): string {
  return text.replace(NOT_STORABLE, '\uFFFD');
}

function storableStrings(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? storableText(value) : value;
}

/** A document as a JSON string for a json parameter (both drivers send it unchanged). */
export function jsonParam(value: unknown): string {
  return JSON.stringify(value, storableStrings);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `day` is a real calendar date written YYYY-MM-DD (what a `date` column accepts from us). */
export function isIsoDay(day: string): boolean {
  const match = ISO_DAY.exec(day);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/**
 * A time column as a Date: PostgreSQL's driver returns a Date, SQLite keeps milliseconds since
 * the epoch (an integer); a string is parsed to be safe.
 */
export function dateColumn(value: unknown): Date {
  if (value instanceof Date) return value;
  return typeof value === 'number' || typeof value === 'bigint' ? new Date(Number(value)) : new Date(String(value));
}

/** A nullable time column. */
export function optionalDateColumn(value: unknown): Date | null {
  return value === null || value === undefined ? null : dateColumn(value);
}

/** The parameters of a statement whose terms depend on its input, numbered as they are added. */
export interface ParameterList {
  /** Adds `value` as the next parameter, read as `type`; returns its SQL. */
  add(value: unknown, type: ParamType): string;
  /** The values added, in order. */
  readonly values: unknown[];
}

/** A {@link ParameterList} over `d` whose first parameter is `$first`. */
export function parameterList(d: Dialect, first: number): ParameterList {
  const values: unknown[] = [];
  return {
    add(value, type) {
      values.push(value);
      return d.param(first + values.length - 1, type);
    },
    values,
  };
}
