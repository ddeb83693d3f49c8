/** Job records as the store keeps them, for tests that put a job in a store directly. */
import type { BatchJobRecord, Field } from '../../src/server/storage/types.js';

/** A job of `total` lines as submitted: queued, nothing done yet. */
export function queuedJob(accountId: string, keyId: string, field: Field, total: number, createdAt = new Date()): BatchJobRecord {
  return {
    id: crypto.randomUUID(),
    accountId,
    keyId,
    field,
    status: 'queued',
    total,
    done: 0,
    valid: 0,
    invalid: 0,
    webhookUrl: null,
    createdAt,
    startedAt: null,
    finishedAt: null,
    error: null,
  };
}
