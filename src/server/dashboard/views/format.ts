/**
 * How the dashboard writes numbers, times and ages: numbers with thousands separators, times in
 * UTC written like `2026-11-26 14:03 UTC`, so that every viewer reads the same day as the billing
 * periods and the usage totals (which are UTC days).
 */

import { html, type Markup } from './html.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * A count with thousands separators.
 * @example
 * ```ts
 * formatCount(150000); // '150,000'
 * ```
 */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/**
 * A time in UTC to the minute.
 * @example
 * ```ts
 * formatTime(new Date('2026-11-26T14:03:59Z')); // '2026-11-26 14:03 UTC'
 * ```
 */
export function formatTime(time: Date): string {
  return `${time.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * A time as a `<time>` element: {@link formatTime}'s text, the exact time in its `datetime`.
 * @example
 * ```ts
 * timeTag(new Date('2026-11-26T14:03:59Z')).text; // '<time datetime="2026-11-26T14:03:59.000Z">2026-11-26 14:03 UTC</time>'
 * ```
 */
export function timeTag(time: Date): Markup {
  return html`<time datetime="${time.toISOString()}">${formatTime(time)}</time>`;
}

/**
 * A count and what it counts, the noun in the plural unless the count is 1.
 * @example
 * ```ts
 * formatQuantity(1, 'validation'); // '1 validation'
 * formatQuantity(2500, 'validation'); // '2,500 validations'
 * ```
 */
export function formatQuantity(count: number, noun: string): string {
  return `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * How long before `now` something happened, in the largest whole unit (minutes, hours, days).
 * @example
 * ```ts
 * const now = new Date('2026-11-26T14:00:00Z');
 * formatAge(new Date('2026-11-26T11:00:00Z'), now); // '3 hours ago'
 * formatAge(new Date('2026-11-26T13:59:40Z'), now); // 'less than a minute ago'
 * ```
 */
export function formatAge(then: Date, now: Date): string {
  const elapsed = now.getTime() - then.getTime();
  if (elapsed < 60_000) return 'less than a minute ago';
  if (elapsed < HOUR_MS) return `${formatQuantity(Math.floor(elapsed / 60_000), 'minute')} ago`;
  if (elapsed < DAY_MS) return `${formatQuantity(Math.floor(elapsed / HOUR_MS), 'hour')} ago`;
  return `${formatQuantity(Math.floor(elapsed / DAY_MS), 'day')} ago`;
}

/**
 * A percentage as people read it: up to two decimals, no trailing zeros.
 * @example
 * ```ts
 * formatPercent(99.5); // '99.5%'
 * formatPercent(100); // '100%'
 * ```
 */
export function formatPercent(percent: number): string {
  return `${percent.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}
