/**
 * What a watched number's re-check means (docs/service.md#vat-monitoring): which event a new
 * known verdict fires against the last known one, when the next check is due, and when a check
 * that got no verdict (VIES down) is tried again.
 */
import { createHash } from 'node:crypto';
import type { VatWatchRecord, WebhookEventType } from '../storage/types.js';

/** What one known VIES answer says of a number. */
export interface WatchVerdict {
  registered: boolean;
  name: string | null;
  address: string | null;
}

/** Share of the interval by which checks of different watches are spread. */
export const JITTER_SHARE = 0.1;

/** Spaces and case as VIES varies them between two answers (line breaks in addresses, double spaces). */
function sameText(a: string | null, b: string | null): boolean {
  const norm = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim().toUpperCase();
  return norm(a) === norm(b);
}

/**
 * The event a new known verdict fires, or null: `vat.registration_changed` when `registered`
 * flipped, `vat.details_changed` when a registered number's published name or address changed.
 * The first known verdict of a watch fires nothing (there is nothing to differ from).
 * @example
 * ```ts
 * const before = { registered: true, name: 'ACME', address: 'Main St 1' };
 * changeOf(before, { registered: false, name: null, address: null }); // 'vat.registration_changed'
 * changeOf(before, { registered: true, name: 'ACME', address: 'Main  St 1' }); // null
 * changeOf(before, { registered: true, name: 'ACME BV', address: 'Main St 1' }); // 'vat.details_changed'
 * changeOf({ registered: null, name: null, address: null }, before); // null
 * ```
 */
export function changeOf(previous: Pick<VatWatchRecord, 'registered' | 'name' | 'address'>, current: WatchVerdict): WebhookEventType | null {
  if (previous.registered === null) return null;
  if (previous.registered !== current.registered) return 'vat.registration_changed';
  if (current.registered && (!sameText(previous.name, current.name) || !sameText(previous.address, current.address))) return 'vat.details_changed';
  return null;
}

/**
 * When a watch checked at `at` is next due: `intervalMs` later, plus a share of up to 10 % of it
 * that depends only on the watch's id, so that numbers watched at the same moment (an import of
 * a customer list) are re-checked spread out rather than all at once, and stay spread.
 * @example
 * ```ts
 * const at = new Date('2026-01-01T00:00:00Z');
 * const next = nextCheckAt('w1', at, 600_000).getTime() - at.getTime();
 * next >= 600_000 && next < 660_000; // true
 * ```
 */
export function nextCheckAt(watchId: string, at: Date, intervalMs: number): Date {
  const share = createHash('sha256').update(watchId).digest().readUInt32BE(0) / 2 ** 32;
  return new Date(at.getTime() + intervalMs + Math.floor(share * JITTER_SHARE * intervalMs));
}

/**
 * The waits before a check that got no verdict is tried again, in order: 1, 2, 4, 8, 16 and 32
 * minutes, then every hour until VIES answers. Minutes, not the interval: a watch created during an
 * outage must not wait a week for its first verdict, nor a weekly re-check that met one a week more.
 */
export const RETRY_DELAYS_MS: readonly number[] = [1, 2, 4, 8, 16, 32, 60].map((minutes) => minutes * 60_000);

/** The longest wait of {@link RETRY_DELAYS_MS}. */
const LONGEST_RETRY_MS = RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1] as number;

/**
 * When a watch whose check at `at` got no verdict is tried again. The watch keeps no count of its
 * failed attempts, so the wait that just ended tells where in {@link RETRY_DELAYS_MS} it is: after
 * an attempt that was itself a retry (no verdict, at most two of the longest waits ago), the first
 * wait longer than that one, so each failure doubles it up to an hour; otherwise (a first failure
 * after a verdict, a new watch, a turn skipped a whole interval ago) the first wait. Never later
 * than `intervalMs`, and spread as {@link nextCheckAt} spreads regular checks, so that the watches
 * of one member state do not all come back in the same second when it recovers.
 * @example
 * ```ts
 * const at = new Date('2026-01-01T00:00:00Z');
 * // Whole minutes until the retry of a watch never answered, whose last attempt was `before` ms ago.
 * const wait = (before: number | null) =>
 *   Math.floor((retryAt({ id: 'w1', lastAttemptAt: before === null ? null : new Date(at.getTime() - before), lastCheckedAt: null }, at, 7 * 86_400_000).getTime() - at.getTime()) / 60_000);
 * wait(null); // 1
 * wait(65_000); // 2
 * // An hour, plus the share of up to 10 % that spreads this watch's checks:
 * wait(61 * 60_000); // 62
 * ```
 */
export function retryAt(watch: Pick<VatWatchRecord, 'id' | 'lastAttemptAt' | 'lastCheckedAt'>, at: Date, intervalMs: number): Date {
  const previous = watch.lastAttemptAt;
  const previousFailed = previous !== null && (watch.lastCheckedAt === null || previous.getTime() > watch.lastCheckedAt.getTime());
  const waited = previous === null ? Infinity : at.getTime() - previous.getTime();
  const delay = previousFailed && waited <= 2 * LONGEST_RETRY_MS
    ? (RETRY_DELAYS_MS.find((step) => step > waited) ?? LONGEST_RETRY_MS)
    : (RETRY_DELAYS_MS[0] as number);
  return nextCheckAt(watch.id, at, Math.min(delay, intervalMs));
}
