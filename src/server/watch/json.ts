/**
 * A watched number as the API answers it (GET/POST /api/v1/vat/watch) and as webhook events carry
 * it: the record without its account and key, times as ISO 8601 strings.
 */
import type { VatWatchRecord } from '../storage/types.js';

/** A watched VAT number with its last known verdict. */
export interface WatchJson {
  id: string;
  /** The normalized number. */
  value: string;
  traderName: string | null;
  /** The last known verdict; null until a check brought one (VIES down is never a verdict). */
  registered: boolean | null;
  name: string | null;
  address: string | null;
  /** The last check that brought a known answer. */
  lastCheckedAt: string | null;
  /** The last check attempted, known answer or not. */
  lastAttemptAt: string | null;
  nextCheckAt: string;
  createdAt: string;
}

/** GET /api/v1/vat/watch. */
export interface WatchListJson {
  watches: WatchJson[];
}

export function watchJson(watch: VatWatchRecord): WatchJson {
  return {
    id: watch.id,
    value: watch.value,
    traderName: watch.traderName,
    registered: watch.registered,
    name: watch.name,
    address: watch.address,
    lastCheckedAt: watch.lastCheckedAt?.toISOString() ?? null,
    lastAttemptAt: watch.lastAttemptAt?.toISOString() ?? null,
    nextCheckAt: watch.nextCheckAt.toISOString(),
    createdAt: watch.createdAt.toISOString(),
  };
}
