/**
 * What the VAT registry policy and the availability report keep in SQL: the VIES answer cache,
 * the per-country circuit breakers and the samples of the Commission's status feed. Every breaker
 * method is one statement, so it is atomic across instances and processes sharing the store, as
 * the CircuitBreakerStore port requires.
 *
 * A cached answer is found by the keyed hash of its number (`number_index`), never by the number,
 * and its entry (the answer with the name and address VIES gave, the trader name sent and the
 * requester) is sealed (../sealing.ts): numbers built on a personal number and the names of
 * natural persons are never kept in clear (docs/service.md#data-at-rest). The country code and the
 * time of the answer stay clear: the policy's ages and the prune read them.
 *
 * Answers stored together (the lines of a VAT job in flight, concurrent requests) are written in
 * one transaction, with the evidence kept meanwhile ({@link groupedWrites}); each `set` resolves
 * once its answer committed.
 */

import type { CachedVatAnswer, CircuitBreakerState, CircuitBreakerStore, ViesStatusSnapshot } from '../../../ports.js';
import { createGroupCommit, type GroupCommit } from '../group-commit.js';
import type { Sealer } from '../sealing.js';
import { StoreClosedError, type SqlClient } from './client.js';
import type { Store } from '../types.js';
import { dateColumn, jsonParam, optionalDateColumn } from './values.js';

interface CacheRow {
  entry: string;
  checked_at: unknown;
}

/** What the sealed `entry` column holds: the cached entry but its time, which stays clear. */
type SealedEntry = Omit<CachedVatAnswer, 'checkedAt'>;

/** One write of a {@link groupedWrites} queue. */
interface Write {
  statement: string;
  params: readonly unknown[];
}

/** Most writes in one transaction. */
const MAX_WRITES_PER_BATCH = 256;

// One queue per connection: the cache's and the evidence's writes of one moment share a transaction.
const writeQueues = new WeakMap<SqlClient, GroupCommit<Write, void>>();

/**
 * Single-statement writes (a VIES answer cached, an evidence record kept) submitted one by one,
 * and written together: those submitted in the same turn of the event loop in one transaction
 * (../group-commit.ts), in submission order; each resolves once its own row committed, and
 * rejects when its batch did not.
 */
export function groupedWrites(sql: SqlClient): (statement: string, params: readonly unknown[]) => Promise<void> {
  let queue = writeQueues.get(sql);
  if (queue === undefined) {
    queue = createGroupCommit<Write, void>(
      async (batch) => {
        const [only] = batch;
        if (batch.length === 1 && only !== undefined) await sql.query(only.statement, only.params);
        else {
          await sql.transaction(async (tx) => {
            for (const write of batch) await tx.query(write.statement, write.params);
          });
        }
        return batch.map(() => undefined);
      },
      { maxBatch: MAX_WRITES_PER_BATCH },
      () => new StoreClosedError(),
    );
    writeQueues.set(sql, queue);
  }
  const writes = queue;
  return (statement, params) => writes.submit({ statement, params });
}

/** The VIES answer cache (ports.VatAnswerCache) with pruning, sealed by `sealer`. */
export function sqlViesCache(sql: SqlClient, sealer: Sealer): Store['viesCache'] {
  const d = sql.dialect;
  const SET = `INSERT INTO vies_cache (country_code, number_index, entry, checked_at)
    VALUES ($1, $2, $3, ${d.param(4, 'time')})
    ON CONFLICT (country_code, number_index) DO UPDATE SET entry = EXCLUDED.entry, checked_at = EXCLUDED.checked_at`;
  const GET = 'SELECT entry, checked_at FROM vies_cache WHERE country_code = $1 AND number_index = $2';
  const PRUNE = `DELETE FROM vies_cache WHERE checked_at < ${d.param(1, 'time')}`;
  // The prefix is part of what is hashed: equal digits of two member states are two numbers.
  const indexOf = (countryCode: string, vatNumber: string): string => sealer.index(`${countryCode}${vatNumber}`);
  // In submission order: a number answered twice in one batch keeps its later answer.
  const write = groupedWrites(sql);
  return {
    async get(countryCode, vatNumber) {
      const { rows } = await sql.query<CacheRow>(GET, [countryCode, indexOf(countryCode, vatNumber)]);
      const row = rows[0];
      if (row === undefined) return null;
      const sealed = JSON.parse(sealer.open(row.entry)) as SealedEntry;
      const entry: CachedVatAnswer = {
        answer: sealed.answer,
        checkedAt: dateColumn(row.checked_at),
        traderName: sealed.traderName,
        requester: sealed.requester,
      };
      return entry;
    },
    set(countryCode, vatNumber, entry) {
      const sealed: SealedEntry = { answer: entry.answer, traderName: entry.traderName, requester: entry.requester };
      return write(SET, [countryCode, indexOf(countryCode, vatNumber), sealer.seal(JSON.stringify(sealed)), d.time(entry.checkedAt)]);
    },
    async prune(before) {
      const { rowCount } = await sql.query(PRUNE, [d.time(before)]);
      return rowCount;
    },
  };
}

interface BreakerRow {
  consecutive_failures: number;
  opened_at: unknown;
  open_until: unknown;
}

const BREAKER_COLUMNS = 'consecutive_failures, opened_at, open_until';

function toState(row: BreakerRow): CircuitBreakerState {
  return {
    consecutiveFailures: row.consecutive_failures,
    openedAt: optionalDateColumn(row.opened_at),
    openUntil: optionalDateColumn(row.open_until),
  };
}

/** Per-country circuit breakers (ports.CircuitBreakerStore). */
export function sqlBreakerStore(sql: SqlClient): CircuitBreakerStore {
  const d = sql.dialect;
  const RECORD_FAILURE = `INSERT INTO circuit_breakers (country_code, consecutive_failures, last_failure_at) VALUES ($1, 1, ${d.param(2, 'time')})
    ON CONFLICT (country_code) DO UPDATE SET consecutive_failures = circuit_breakers.consecutive_failures + 1,
      last_failure_at = EXCLUDED.last_failure_at
    RETURNING ${BREAKER_COLUMNS}`;
  const OPEN = `INSERT INTO circuit_breakers (country_code, consecutive_failures, opened_at, open_until)
    VALUES ($1, 0, ${d.param(2, 'time')}, ${d.param(3, 'time')})
    ON CONFLICT (country_code) DO UPDATE SET opened_at = EXCLUDED.opened_at, open_until = EXCLUDED.open_until`;
  // PostgreSQL's row lock, with the WHERE re-checked on the latest row version, and SQLite's
  // write lock each let exactly one of several concurrent claims through.
  const CLAIM_PROBE = `UPDATE circuit_breakers SET open_until = ${d.param(3, 'time')}
    WHERE country_code = $1 AND consecutive_failures > 0 AND (open_until IS NULL OR open_until <= ${d.param(2, 'time')})
    RETURNING 1`;
  return {
    async get(countryCode) {
      const { rows } = await sql.query<BreakerRow>(`SELECT ${BREAKER_COLUMNS} FROM circuit_breakers WHERE country_code = $1`, [countryCode]);
      return rows[0] === undefined ? null : toState(rows[0]);
    },
    async recordFailure(countryCode, at) {
      const { rows } = await sql.query<BreakerRow>(RECORD_FAILURE, [countryCode, d.time(at)]);
      return toState(rows[0] as BreakerRow);
    },
    async open(countryCode, openedAt, openUntil) {
      await sql.query(OPEN, [countryCode, d.time(openedAt), d.time(openUntil)]);
    },
    async claimProbe(countryCode, at, until) {
      const { rows } = await sql.query(CLAIM_PROBE, [countryCode, d.time(at), d.time(until)]);
      return rows.length > 0;
    },
    async reset(countryCode) {
      await sql.query('DELETE FROM circuit_breakers WHERE country_code = $1', [countryCode]);
    },
    async list() {
      const { rows } = await sql.query<BreakerRow & { country_code: string }>(
        `SELECT country_code, ${BREAKER_COLUMNS} FROM circuit_breakers ORDER BY country_code`,
      );
      return rows.map((row) => ({ countryCode: row.country_code, state: toState(row) }));
    },
  };
}

/** Samples of the VIES status feed. */
export function sqlStatusSamples(sql: SqlClient): Store['statusSamples'] {
  const d = sql.dialect;
  return {
    async add(at, snapshot) {
      await sql.query(`INSERT INTO vies_status_samples (at, snapshot) VALUES (${d.param(1, 'time')}, ${d.param(2, 'json')})`, [
        d.time(at),
        jsonParam(snapshot),
      ]);
    },
    async since(from) {
      const { rows } = await sql.query<{ at: unknown; snapshot: unknown }>(
        `SELECT at, snapshot FROM vies_status_samples WHERE at >= ${d.param(1, 'time')} ORDER BY at, id`,
        [d.time(from)],
      );
      return rows.map((row) => ({ at: dateColumn(row.at), snapshot: d.readJson<ViesStatusSnapshot>(row.snapshot) }));
    },
    async prune(before) {
      const { rowCount } = await sql.query(`DELETE FROM vies_status_samples WHERE at < ${d.param(1, 'time')}`, [d.time(before)]);
      return rowCount;
    },
  };
}
