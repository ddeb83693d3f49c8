/** Usage entries for the meter tests: what the service would count for one validation. */
import { randomUUID } from 'node:crypto';
import type { UsageEntry } from '../../../src/server/storage/types.js';

/** An IBAN validation of `accountId` in the period starting `periodStart`, with a fresh request id; `overrides` change any field. */
export function usageEntry(accountId: string, periodStart: string, overrides: Partial<UsageEntry> = {}): UsageEntry {
  return {
    requestId: randomUUID(),
    accountId,
    keyId: 'key-1',
    periodStart,
    endpoint: 'iban',
    value: 'GB82 WEST 1234 5698 7654 32',
    valid: true,
    status: 200,
    latencyMs: 3.4,
    sdk: 'verifield-js/1.0.0',
    at: new Date('2026-03-05T10:00:00.000Z'),
    ...overrides,
  };
}
