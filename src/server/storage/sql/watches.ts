/**
 * Watched VAT numbers in SQL (Store.watches). The number, the trader name given and the last
 * known name and address are sealed (../sealing.ts); an account watches a number once, found by
 * the keyed hash of the number (`value_index`), never by the number. A due watch is claimed by
 * pushing its next check ahead to the lease's end in one statement, so that one instance checks
 * it; the check's record then sets the real next time.
 */
import type { Sealer } from '../sealing.js';
import type { Store, VatWatchRecord } from '../types.js';
import type { SqlClient } from './client.js';
import { dateColumn, optionalDateColumn } from './values.js';

interface WatchRow {
  id: string;
  account_id: string;
  key_id: string;
  value: string;
  trader_name: string | null;
  registered: unknown;
  name: string | null;
  address: string | null;
  last_checked_at: unknown;
  last_attempt_at: unknown;
  next_check_at: unknown;
  created_at: unknown;
}

const COLUMNS = 'id, account_id, key_id, value, trader_name, registered, name, address, last_checked_at, last_attempt_at, next_check_at, created_at';

/** Watches over `sql`, sealed by `sealer`. */
export function sqlWatches(sql: SqlClient, sealer: Sealer): Store['watches'] {
  const d = sql.dialect;
  const time = (n: number): string => d.param(n, 'time');
  const sealed = (text: string | null): string | null => (text === null ? null : sealer.seal(text));
  const opened = (text: string | null): string | null => (text === null ? null : sealer.open(text));
  const optionalTime = (at: Date | null): string | number | null => (at === null ? null : d.time(at));

  const toWatch = (row: WatchRow): VatWatchRecord => ({
    id: row.id,
    accountId: row.account_id,
    keyId: row.key_id,
    value: sealer.open(row.value),
    traderName: opened(row.trader_name),
    registered: row.registered === null || row.registered === undefined ? null : d.readBoolean(row.registered),
    name: opened(row.name),
    address: opened(row.address),
    lastCheckedAt: optionalDateColumn(row.last_checked_at),
    lastAttemptAt: optionalDateColumn(row.last_attempt_at),
    nextCheckAt: dateColumn(row.next_check_at),
    createdAt: dateColumn(row.created_at),
  });

  const INSERT = `INSERT INTO vat_watches (id, account_id, key_id, value_index, value, trader_name, registered, name, address,
      last_checked_at, last_attempt_at, next_check_at, created_at)
    VALUES ($1, $2, $3, $4, $5, $6, ${d.param(7, 'boolean')}, $8, $9, ${time(10)}, ${time(11)}, ${time(12)}, ${time(13)})
    ON CONFLICT (account_id, value_index) DO NOTHING RETURNING ${COLUMNS}`;
  const BY_VALUE = `SELECT ${COLUMNS} FROM vat_watches WHERE account_id = $1 AND value_index = $2`;
  const GET = `SELECT ${COLUMNS} FROM vat_watches WHERE account_id = $1 AND id = $2`;
  const LIST = `SELECT ${COLUMNS} FROM vat_watches WHERE account_id = $1 ORDER BY created_at, id`;
  const DELETE = 'DELETE FROM vat_watches WHERE account_id = $1 AND id = $2 RETURNING id';
  const CLAIM_DUE = `UPDATE vat_watches SET next_check_at = ${time(2)}
    WHERE id IN (SELECT id FROM vat_watches WHERE next_check_at <= ${time(1)} ORDER BY next_check_at, id LIMIT ${d.param(3, 'integer')}${d.skipLocked})
      AND next_check_at <= ${time(1)}
    RETURNING ${COLUMNS}`;
  const RECORD_ATTEMPT = `UPDATE vat_watches SET last_attempt_at = ${time(2)}, next_check_at = ${time(3)} WHERE id = $1 RETURNING ${COLUMNS}`;
  const RECORD_KNOWN = `UPDATE vat_watches SET last_attempt_at = ${time(2)}, next_check_at = ${time(3)}, last_checked_at = ${time(2)},
      registered = ${d.param(4, 'boolean')}, name = $5, address = $6
    WHERE id = $1 RETURNING ${COLUMNS}`;

  return {
    async create(watch) {
      const index = sealer.index(watch.value);
      const { rows } = await sql.query<WatchRow>(INSERT, [
        watch.id,
        watch.accountId,
        watch.keyId,
        index,
        sealer.seal(watch.value),
        sealed(watch.traderName),
        watch.registered,
        sealed(watch.name),
        sealed(watch.address),
        optionalTime(watch.lastCheckedAt),
        optionalTime(watch.lastAttemptAt),
        d.time(watch.nextCheckAt),
        d.time(watch.createdAt),
      ]);
      if (rows[0] !== undefined) return toWatch(rows[0]);
      // The account watches that number already: the existing watch.
      const existing = await sql.query<WatchRow>(BY_VALUE, [watch.accountId, index]);
      if (existing.rows[0] === undefined) throw new Error('the watch was neither inserted nor found');
      return toWatch(existing.rows[0]);
    },
    async get(accountId, id) {
      const { rows } = await sql.query<WatchRow>(GET, [accountId, id]);
      return rows[0] === undefined ? null : toWatch(rows[0]);
    },
    async list(accountId) {
      const { rows } = await sql.query<WatchRow>(LIST, [accountId]);
      return rows.map(toWatch);
    },
    async delete(accountId, id) {
      const { rows } = await sql.query(DELETE, [accountId, id]);
      return rows.length > 0;
    },
    async claimDue(now, leaseUntil, limit) {
      const { rows } = await sql.query<WatchRow>(CLAIM_DUE, [d.time(now), d.time(leaseUntil), limit]);
      return rows.map(toWatch);
    },
    async recordCheck(id, check) {
      const { rows } =
        check.registered === null
          ? await sql.query<WatchRow>(RECORD_ATTEMPT, [id, d.time(check.at), d.time(check.nextCheckAt)])
          : await sql.query<WatchRow>(RECORD_KNOWN, [id, d.time(check.at), d.time(check.nextCheckAt), check.registered, sealed(check.name), sealed(check.address)]);
      return rows[0] === undefined ? null : toWatch(rows[0]);
    },
  };
}
