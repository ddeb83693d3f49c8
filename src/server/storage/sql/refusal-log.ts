/**
 * The refused requests of the usage log (docs/service.md#usage-log): rows with their errorCode,
 * never counted, written in group-committed batches of their own (one transaction inserting many
 * rows, the meter's insert statement), so that a flood of refusals costs the store one write per
 * batch, not per request, and never holds a count. A key's refusals beyond `perKeyPerSecond` in
 * one second are not written at all: what one key can make the store write is bounded.
 */
import type { UsageEntry } from '../types.js';
import { createGroupCommit, type GroupCommitOptions } from '../group-commit.js';
import { StoreClosedError, type SqlClient } from './client.js';
import type { MeterRequest } from './meter-batch.js';
import { toRequest } from './meter.js';
import { isIsoDay } from './values.js';

/** Refusals of one key written per second unless told otherwise. */
export const DEFAULT_REFUSALS_PER_KEY_PER_SECOND = 100;

/** Options of {@link createRefusalLog}. */
export interface RefusalLogOptions extends GroupCommitOptions {
  /** Refusals of one key written in one second of the clock; the rest are dropped. */
  perKeyPerSecond?: number;
}

export interface RefusalLog {
  /** See `Store.usage.logRefusal`. */
  write(entry: UsageEntry): Promise<void>;
  /** Refuses new rows, waits for the pending ones. */
  close(): Promise<void>;
}

/**
 * The rows written by each key in the current second: reset when the second changes, so it holds
 * no more than the keys refused within one second.
 */
function perKeyCap(limit: number): (keyId: string) => boolean {
  let second = -1;
  let written = new Map<string, number>();
  return (keyId) => {
    const now = Math.floor(Date.now() / 1000);
    if (now !== second) {
      second = now;
      written = new Map();
    }
    const count = written.get(keyId) ?? 0;
    if (count >= limit) return false;
    written.set(keyId, count + 1);
    return true;
  };
}

/** The refusal log writing through `sql` with its dialect's insert; see the module comment. */
export function createRefusalLog(sql: SqlClient, options: RefusalLogOptions = {}): RefusalLog {
  const statements = sql.dialect.meter;
  const allowed = perKeyCap(Math.max(0, Math.floor(options.perKeyPerSecond ?? DEFAULT_REFUSALS_PER_KEY_PER_SECOND)));
  const queue = createGroupCommit(
    async (requests: readonly MeterRequest[]): Promise<void[]> => {
      // A request id already logged (a refusal repeated by a retry of the same id) stays as it is.
      await sql.transaction((tx) => statements.insertLog(tx, requests));
      return requests.map(() => undefined);
    },
    options,
    () => new StoreClosedError(),
  );
  const isPeriodDay = (day: unknown): boolean => typeof day === 'string' && isIsoDay(day);
  return {
    async write(entry) {
      const request = toRequest(entry, null, isPeriodDay);
      if (request.row.error_code === null) throw new TypeError('usage entry: a refusal carries its errorCode');
      // Over its key's cap: answered, not logged (docs/service.md#usage-log).
      if (!allowed(request.row.key_id)) return;
      await queue.submit(request);
    },
    close: () => queue.close(),
  };
}
