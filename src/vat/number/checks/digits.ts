/**
 * Small char-code helpers for VAT bodies, so the checks read parts of the body in place instead of
 * slicing it into new strings.
 */
import type { Clock } from '../../../ports.js';

// Local rather than imported from src/char-codes.ts: see the note in src/checksum.ts.
const ZERO = 48;
const NINE = 57;

/** True when every character from `start` to `end` (exclusive) is an ASCII digit. */
export function digitsBetween(body: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = body.charCodeAt(i);
    if (code < ZERO || code > NINE) return false;
  }
  return true;
}

/** `length` digits, and when `nonZeroFirst` the first is not 0: the shape of most VAT numbers. */
export function isDigitBody(body: string, length: number, nonZeroFirst: boolean): boolean {
  return body.length === length && digitsBetween(body, 0, length) && !(nonZeroFirst && body.charCodeAt(0) === ZERO);
}

/** The number written by the digits from `start` to `end` (exclusive); the caller checked they are digits. */
export function numberBetween(body: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 10 + body.charCodeAt(i) - ZERO;
  return value;
}

/**
 * Remainder modulo `divisor` of the number written by the digits from `start` to `end`, of any
 * length, continuing from `remainder` (the digits before them) when given.
 */
export function remainderBetween(body: string, start: number, end: number, divisor: number, remainder = 0): number {
  for (let i = start; i < end; i++) remainder = (remainder * 10 + body.charCodeAt(i) - ZERO) % divisor;
  return remainder;
}

/** True when the digits from `start` to `end` are all `0`. */
export function zerosBetween(body: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (body.charCodeAt(i) !== ZERO) return false;
  return true;
}

/** True when `year`-`month`-`day` is a real date of the Gregorian calendar. */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return day <= (leap ? 29 : 28);
  }
  return day <= (month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31);
}

/**
 * True when `year`-`month`-`day` comes after the day `now()` falls on in UTC: a birth date that
 * has not happened yet. An invalid Date from the clock makes nothing later.
 */
export function isAfterToday(year: number, month: number, day: number, now: Clock): boolean {
  return Date.UTC(year, month - 1, day) > now().getTime();
}
