/**
 * What the VAT registry policy and the availability report keep in SQL: the VIES answer cache,
 * the per-country circuit breakers and the samples of the Commission's status feed. Every breaker
 * method is one statement, so it is atomic across instances sharing PostgreSQL, as the
 * CircuitBreakerStore port requires.
 */
import type {
  CachedVatAnswer,
  CircuitBreakerState,
  CircuitBreakerStore,
  VatRegistryAnswer,
  ViesStatusSnapshot,
} from '../../ports.js';
import type { SqlClient } from './sql.js';
import type { Store } from './types.js';
import { dateColumn, jsonParam, optionalDateColumn, timeParam } from './sql-values.js';

interface CacheRow {
  answer: VatRegistryAnswer;
  checked_at: unknown;
  trader_name: string | null;
  requester: string | null;
}

/** The VIES answer cache (ports.VatAnswerCache) with pruning. */
export function sqlViesCache(sql: SqlClient): Store['viesCache'] {
  return {
    async get(countryCode, vatNumber) {
      const { rows } = await sql.query<CacheRow>(
        'SELECT answer, checked_at, trader_name, requester FROM vies_cache WHERE country_code = $1 AND vat_number = $2',
        [countryCode, vatNumber]
      );
      const row = rows[0];
      if (row === undefined) return null;
      const entry: CachedVatAnswer = {
        answer: row.answer,
        checkedAt: dateColumn(row.checked_at),
        traderName: row.trader_name,
        requester: row.requester,
      };
      return entry;
    },
    async set(countryCode, vatNumber, entry) {
      await sql.query(
        `INSERT INTO vies_cache (country_code, vat_number, answer, checked_at, trader_name, requester)
         VALUES ($1, $2, $3::jsonb, $4::timestamptz, $5, $6)
         ON CONFLICT (country_code, vat_number) DO UPDATE SET answer = EXCLUDED.answer,
           checked_at = EXCLUDED.checked_at, trader_name = EXCLUDED.trader_name, requester = EXCLUDED.requester`,
        [countryCode, vatNumber, jsonParam(entry.answer), timeParam(entry.checkedAt), entry.traderName, entry.requester]
      );
    },
    async prune(before) {
      const { rows } = await sql.query<{ removed: number }>(
        'WITH gone AS (DELETE FROM vies_cache WHERE checked_at < $1::timestamptz RETURNING 1) SELECT count(*)::int AS removed FROM gone',
        [timeParam(before)]
      );
      return rows[0]?.removed ?? 0;
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
  return {
    async get(countryCode) {
      const { rows } = await sql.query<BreakerRow>(`SELECT ${BREAKER_COLUMNS} FROM circuit_breakers WHERE country_code = $1`, [
        countryCode,
      ]);
      return rows[0] === undefined ? null : toState(rows[0]);
    },
    async recordFailure(countryCode, at) {
      const { rows } = await sql.query<BreakerRow>(
        `INSERT INTO circuit_breakers (country_code, consecutive_failures, last_failure_at) VALUES ($1, 1, $2::timestamptz)
         ON CONFLICT (country_code) DO UPDATE SET consecutive_failures = circuit_breakers.consecutive_failures + 1,
           last_failure_at = EXCLUDED.last_failure_at
         RETURNING ${BREAKER_COLUMNS}`,
        [countryCode, timeParam(at)]
      );
      return toState(rows[0] as BreakerRow);
    },
    async open(countryCode, openedAt, openUntil) {
      await sql.query(
        `INSERT INTO circuit_breakers (country_code, consecutive_failures, opened_at, open_until)
         VALUES ($1, 0, $2::timestamptz, $3::timestamptz)
         ON CONFLICT (country_code) DO UPDATE SET opened_at = EXCLUDED.opened_at, open_until = EXCLUDED.open_until`,
        [countryCode, timeParam(openedAt), timeParam(openUntil)]
      );
    },
    async claimProbe(countryCode, at, until) {
      // The row lock of the UPDATE, with its WHERE re-checked on the latest row version, lets
      // exactly one of several concurrent claims through.
      const { rows } = await sql.query(
        `UPDATE circuit_breakers SET open_until = $3::timestamptz
         WHERE country_code = $1 AND consecutive_failures > 0 AND (open_until IS NULL OR open_until <= $2::timestamptz)
         RETURNING 1`,
        [countryCode, timeParam(at), timeParam(until)]
      );
      return rows.length > 0;
    },
    async reset(countryCode) {
      await sql.query('DELETE FROM circuit_breakers WHERE country_code = $1', [countryCode]);
    },
    async list() {
      const { rows } = await sql.query<BreakerRow & { country_code: string }>(
        `SELECT country_code, ${BREAKER_COLUMNS} FROM circuit_breakers ORDER BY country_code`
      );
      return rows.map((row) => ({ countryCode: row.country_code, state: toState(row) }));
    },
  };
}

/** Samples of the VIES status feed. */
export function sqlStatusSamples(sql: SqlClient): Store['statusSamples'] {
  return {
    async add(at, snapshot) {
      await sql.query('INSERT INTO vies_status_samples (at, snapshot) VALUES ($1::timestamptz, $2::jsonb)', [
        timeParam(at),
        jsonParam(snapshot),
      ]);
    },
    async since(from) {
      const { rows } = await sql.query<{ at: unknown; snapshot: ViesStatusSnapshot }>(
        'SELECT at, snapshot FROM vies_status_samples WHERE at >= $1::timestamptz ORDER BY at, id',
        [timeParam(from)]
      );
      return rows.map((row) => ({ at: dateColumn(row.at), snapshot: row.snapshot }));
    },
    async prune(before) {
      const { rows } = await sql.query<{ removed: number }>(
        'WITH gone AS (DELETE FROM vies_status_samples WHERE at < $1::timestamptz RETURNING 1) SELECT count(*)::int AS removed FROM gone',
        [timeParam(before)]
      );
      return rows[0]?.removed ?? 0;
    },
  };
}
