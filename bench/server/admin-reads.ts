/**
 * The admin reads at scale (issue 29, "Admin reads use indexes or totals"): one account with
 * 250,000 usage rows in one day, then the key list's read of each key's last use and a usage log
 * page with each filter, timed through the store (median and max of several runs). On SQLite a read
 * runs on the thread that answers requests, so its time is how long validations wait behind it.
 *
 * Also the admin reads as a service gets them (`startAdminReads`): GET of an account's keys and of
 * its usage log with each filter, one after another, while the caller runs wrk against the same
 * service and compares validation p99 with and without them.
 *
 *   tsx bench/server/admin-reads.ts     SQLite in a temporary file; PostgreSQL too when
 *                                       VERIFIELD_TEST_PG_URL or DATABASE_URL names a server
 *                                       (`bash scripts/services.sh run -- npx tsx bench/server/admin-reads.ts`)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSqlStore, openPostgres, openSqlite, type SqlClient, type Store, type UsageLogQuery } from '../../src/server/storage/index.js';
import { fixed, median, targetRowText, type TargetRow } from './stats.js';

export type AdminReadRow = TargetRow;

/** The target for one read. */
export const ADMIN_READ_TARGET_MS = 50;

/** Usage rows of one account in one day, as the issue measured them. */
export const ADMIN_READ_ROWS = 250_000;

/** Options of {@link fillUsageLog}. */
export interface UsageFill {
  accountId: string;
  /** The UTC day (YYYY-MM-DD) the rows spread over, from 00:00 to 23:59:59.999. */
  day: string;
  rows: number;
  /** Keys the rows are spread over, `key-0` … */
  keys: number;
  /** Prefix of the request ids: a second fill of the same account needs another one. */
  requestIdPrefix?: string;
}

// The fields' shares of the rows, out of 100: vat, iban, email, phone, nif; nas and ssn never
// appear (a filter on them matched nothing and read every row of the account before).
const ENDPOINT_MIX = `CASE WHEN i % 100 < 60 THEN 'iban' WHEN i % 100 < 85 THEN 'email' WHEN i % 100 < 95 THEN 'vat'
  WHEN i % 100 < 99 THEN 'phone' ELSE 'nif' END`;

const SQLITE_FILL = `
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < $3)
INSERT INTO usage_log (request_id, account_id, key_id, period_start, endpoint, value, valid, status, latency_ms, sdk, at)
SELECT $6 || printf('%08d-0000-7000-8000-%012d', i, i), $1, 'key-' || (i % CAST($4 AS INTEGER)), $2, ${ENDPOINT_MIX}, '***', (i % 10) != 0,
  200, 3, NULL, CAST($5 AS INTEGER) + (i * 86400000) / CAST($3 AS INTEGER)
FROM n`;

const POSTGRES_FILL = `
INSERT INTO usage_log (request_id, account_id, key_id, period_start, endpoint, value, valid, status, latency_ms, sdk, at)
SELECT $6 || lpad(i::text, 8, '0') || '-0000-7000-8000-' || lpad(i::text, 12, '0'), $1, 'key-' || (i % $4::int), $2::date, ${ENDPOINT_MIX},
  '***', (i % 10) <> 0, 200, 3, NULL, $5::timestamptz + ((i::bigint * 86400000) / $3::int) * interval '1 millisecond'
FROM generate_series(0, $3::int - 1) AS i`;

/**
 * Writes `rows` usage rows of one account straight into the log (one statement, not the meter),
 * with the per-day totals, the keys' last uses and the period's counter the meter would have
 * written for them; then refreshes the planner's statistics on PostgreSQL, as autovacuum would.
 */
export async function fillUsageLog(sql: SqlClient, fill: UsageFill): Promise<void> {
  const d = sql.dialect;
  const prefix = fill.requestIdPrefix ?? 'fill';
  const dayStart = new Date(`${fill.day}T00:00:00.000Z`);
  await sql.transaction(async (tx) => {
    await tx.query(d.name === 'sqlite' ? SQLITE_FILL : POSTGRES_FILL, [fill.accountId, fill.day, fill.rows, fill.keys, d.time(dayStart), prefix]);
    await tx.query(
      `INSERT INTO usage_daily (account_id, day, key_id, endpoint, valid, count)
        SELECT account_id, ${d.param(2, 'day')}, key_id, endpoint, valid, count(*) FROM usage_log
        WHERE account_id = $1 AND request_id LIKE ${d.param(3, 'text')} GROUP BY account_id, key_id, endpoint, valid
        ON CONFLICT (account_id, day, key_id, endpoint, valid) DO UPDATE SET count = usage_daily.count + excluded.count`,
      [fill.accountId, fill.day, `${prefix}%`],
    );
    await tx.query(
      `INSERT INTO usage_key_last (account_id, key_id, at)
        SELECT account_id, key_id, max(at) FROM usage_log WHERE account_id = $1 GROUP BY account_id, key_id
        ON CONFLICT (account_id, key_id) DO UPDATE SET at = ${d.name === 'sqlite' ? 'max' : 'greatest'}(usage_key_last.at, excluded.at)`,
      [fill.accountId],
    );
    await tx.query(
      `INSERT INTO usage_counters (account_id, period_start, used) VALUES ($1, ${d.param(2, 'day')}, ${d.param(3, 'integer')})
        ON CONFLICT (account_id, period_start) DO UPDATE SET used = usage_counters.used + excluded.used`,
      [fill.accountId, fill.day, fill.rows],
    );
  });
  if (d.name === 'postgres') await sql.exec('ANALYZE usage_log; ANALYZE usage_daily; ANALYZE usage_key_last');
}

/** A usage log search the bench times, by name. */
export interface NamedSearch {
  name: string;
  query: UsageLogQuery;
}

/** The searches timed on a filled day: each filter alone, together, and the next page of each kind. */
export function searchesOf(day: string, limit = 50): NamedSearch[] {
  const noon = new Date(`${day}T12:00:00.000Z`);
  return [
    { name: 'no filter', query: { limit } },
    { name: 'field (60% of rows)', query: { endpoint: 'iban', limit } },
    { name: 'field with no row', query: { endpoint: 'ssn', limit } },
    { name: 'verdict invalid (10%)', query: { valid: false, limit } },
    { name: 'field and verdict (1% of rows)', query: { endpoint: 'nif', valid: true, limit } },
    { name: 'day', query: { day, limit } },
    { name: 'day, field with no row', query: { day, endpoint: 'nas', limit } },
    { name: 'next page (before time, request id)', query: { before: noon, beforeRequestId: 'fill', limit } },
    { name: 'next page, field and day', query: { day, endpoint: 'email', before: noon, limit } },
    { name: 'verdict invalid, page of 1,000', query: { valid: false, limit: 1_000 } },
    { name: 'status 4xx (the refusals)', query: { status: { from: 400, to: 499 }, limit } },
    { name: 'one status and a field', query: { status: { from: 429, to: 429 }, endpoint: 'iban', limit } },
    { name: 'status 2xx', query: { status: { from: 200, to: 299 }, limit } },
  ];
}

/** Median and max milliseconds of `runs` calls of `read` (after one untimed call). */
async function timeRead(read: () => Promise<unknown>, runs: number): Promise<{ median: number; max: number }> {
  await read();
  const ms: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await read();
    ms.push(performance.now() - started);
  }
  return { median: median(ms), max: Math.max(...ms) };
}

/** Options of {@link measureAdminReads}. */
export interface AdminReadOptions {
  /** A store on `sql`, with an account of its own for the rows. */
  store: Store;
  sql: SqlClient;
  /** Rows of the account's day. Default {@link ADMIN_READ_ROWS}. */
  rows?: number;
  /** Timed calls of each read. Default 15. */
  runs?: number;
  /** The day filled. Default 2026-03-10. */
  day?: string;
  log?: (line: string) => void;
}

/**
 * Fills one account's day on the store and times its reads: the rows of the bench:server table, one
 * per read (met: the median at most {@link ADMIN_READ_TARGET_MS} ms).
 */
export async function measureAdminReads(options: AdminReadOptions): Promise<AdminReadRow[]> {
  const rows = options.rows ?? ADMIN_READ_ROWS;
  const runs = options.runs ?? 15;
  const day = options.day ?? '2026-03-10';
  const log = options.log ?? (() => undefined);
  const engine = options.sql.dialect.name === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const account = await options.store.accounts.create({ name: 'admin reads bench', plan: 'PRO', subscriptionStart: day, vatNumber: null });
  const filling = performance.now();
  await fillUsageLog(options.sql, { accountId: account.id, day, rows, keys: 5 });
  log(`admin reads: ${rows.toLocaleString('en-US')} rows filled on ${engine} in ${fixed((performance.now() - filling) / 1000)} s`);

  const where = `${engine}, ${rows.toLocaleString('en-US')} rows in one account-day`;
  const row = (name: string, timing: { median: number; max: number }): AdminReadRow => ({
    measure: `admin read (${where}): ${name}, median of ${runs}`,
    value: `${fixed(timing.median, 2)} ms (max ${fixed(timing.max, 2)})`,
    target: `at most ${ADMIN_READ_TARGET_MS} ms`,
    met: timing.median <= ADMIN_READ_TARGET_MS,
  });
  const result = [row("key list's last use", await timeRead(() => options.store.usage.lastUsed(account.id), runs))];
  for (const search of searchesOf(day)) {
    result.push(row(`log search, ${search.name}`, await timeRead(() => options.store.usage.search(account.id, search.query), runs)));
  }
  return result;
}

/** Options of {@link startAdminReads}. */
export interface AdminReadLoadOptions {
  /** The service's origin, e.g. http://127.0.0.1:8080. */
  url: string;
  /** The account whose keys and log are read. */
  accountId: string;
  /** The operator token (VERIFIELD_ADMIN_TOKEN): Bearer access to every account. */
  operatorToken: string;
  /** The day the account's rows are on, for the day filter. Default 2026-03-10. */
  day?: string;
  /** Milliseconds between an answer and the next read. Default 0: one read after another, the most an operator could ask. */
  pauseMs?: number;
}

/** What {@link startAdminReads} did until it was stopped. */
export interface AdminReadLoadResult {
  requests: number;
  /** Answers other than 200, and requests that failed. */
  failures: number;
  medianMs: number;
  maxMs: number;
}

export interface AdminReadLoad {
  /** Ends the loop after the request in flight; resolves with what it did. */
  stop(): Promise<AdminReadLoadResult>;
}

/** The admin API paths read in turn: the key list, then the log with each filter. */
function adminReadPaths(accountId: string, day: string): string[] {
  const account = `/api/v1/admin/accounts/${encodeURIComponent(accountId)}`;
  const log = (query: string) => `${account}/log?${query}`;
  return [
    `${account}/keys`,
    log('limit=50'),
    log('field=iban'),
    log('field=ssn'),
    log('valid=false'),
    log('field=nif&valid=true'),
    log(`day=${day}`),
    log(`day=${day}&field=nas`),
    log(`before=${day}T12:00:00.000Z&field=email`),
  ];
}

/**
 * Reads an account's keys and log through the admin API, one request at a time, in a loop until
 * stopped: the admin load the caller runs wrk beside. Each read costs the service about 1–3 ms of
 * CPU, mostly HTTP and JSON, so one after another they take a share of its core whatever the store does.
 */
export function startAdminReads(options: AdminReadLoadOptions): AdminReadLoad {
  const paths = adminReadPaths(options.accountId, options.day ?? '2026-03-10');
  const headers = { authorization: `Bearer ${options.operatorToken}` };
  const pauseMs = options.pauseMs ?? 0;
  const ms: number[] = [];
  let failures = 0;
  let stopping = false;
  const loop = (async () => {
    for (let index = 0; !stopping; index = (index + 1) % paths.length) {
      const started = performance.now();
      try {
        const response = await fetch(`${options.url}${paths[index]}`, { headers });
        await response.arrayBuffer();
        if (response.status !== 200) failures++;
      } catch {
        failures++;
      }
      ms.push(performance.now() - started);
      if (pauseMs > 0 && !stopping) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  })();
  return {
    async stop() {
      stopping = true;
      await loop;
      return { requests: ms.length, failures, medianMs: ms.length === 0 ? 0 : median(ms), maxMs: ms.length === 0 ? 0 : Math.max(...ms) };
    },
  };
}

/** A new database on the PostgreSQL server of `serverUrl`, dropped by the returned function. */
async function scratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vf_admin_reads_${Date.now().toString(36)}`;
  const admin = await openPostgres(serverUrl);
  try {
    await admin.exec(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = await openPostgres(serverUrl);
      try {
        await again.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.close();
      }
    },
  };
}

/** Runs {@link measureAdminReads} on a new store over `sql`, closed afterwards. */
async function measureOn(sql: SqlClient, log: (line: string) => void): Promise<AdminReadRow[]> {
  const store = await createSqlStore(sql);
  try {
    return await measureAdminReads({ store, sql, log });
  } finally {
    await store.close();
  }
}

/** The admin-read rows on SQLite (a fresh file) and, when VERIFIELD_TEST_PG_URL or DATABASE_URL is set, on PostgreSQL (a scratch database). */
export async function adminReadRows(log: (line: string) => void, pgServer = process.env.VERIFIELD_TEST_PG_URL ?? process.env.DATABASE_URL): Promise<AdminReadRow[]> {
  const rows: AdminReadRow[] = [];
  const work = mkdtempSync(join(tmpdir(), 'verifield-admin-reads-'));
  try {
    rows.push(...(await measureOn(await openSqlite(join(work, 'verifield.db')), log)));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (pgServer) {
    const database = await scratchDatabase(pgServer);
    try {
      rows.push(...(await measureOn(await openPostgres(database.url), log)));
    } finally {
      await database.drop();
    }
  } else log('admin reads: no PostgreSQL (VERIFIELD_TEST_PG_URL or DATABASE_URL), SQLite only');
  return rows;
}

async function main(): Promise<void> {
  const rows = await adminReadRows((line) => process.stderr.write(`${line}\n`));
  console.log(['| measure | value | target | |', '|---|---:|---|---|', ...rows.map(targetRowText)].join('\n'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main().catch((error: unknown) => {
    process.stderr.write(`admin reads: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
