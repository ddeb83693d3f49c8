/**
 * What a watched number's re-check means (docs/service.md#vat-monitoring): which event a new
 * known verdict fires against the last known one, and when the next check is due.
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
