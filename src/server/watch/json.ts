/**
 * A watched number as the API answers it (GET/POST /api/v1/vat/watch) and as webhook events carry
 * it: the record without its account and key, times as ISO 8601 strings.
 */
import type { VatWatch } from '../../account-api.js';
import type { VatWatchRecord } from '../storage/types.js';

export function watchJson(watch: VatWatchRecord): VatWatch {
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
