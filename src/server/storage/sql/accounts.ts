/**
 * Accounts and their API keys in SQL. A key is kept as its SHA-256 hash and display prefix only;
 * the plan's maximum of live keys is enforced inside the transaction that inserts the key (the
 * account row locked on PostgreSQL, the store's write lock on SQLite), so concurrent creations
 * cannot pass it together. Every creation or revocation, and every change of an account (its plan
 * or suspension is part of every cached key answer), also moves the keys' version, which key caches
 * of every process read to notice it (Store.keys.version).
 */
import { isFieldName } from '../../../fields/catalog.js';
import { randomUUID } from 'node:crypto';
import type { SqlClient } from './client.js';
import type { Dialect } from './dialect.js';
import { KEY_HASH_PREFIX_CHARS, KeyLimitError, type Account, type AccountChange, type ApiKeyRecord, type Plan, type Store } from '../types.js';
import { scopesFromStored, storedScopes } from './key-scopes.js';
import { dateColumn, isIsoDay, optionalDateColumn, parameterList } from './values.js';

interface AccountRow {
  id: string;
  name: string;
  plan: Plan;
  subscription_start: string;
  vat_number: string | null;
  created_at: unknown;
  suspended_at: unknown;
  watch_interval_ms: unknown;
}

interface KeyRow {
  id: string;
  account_id: string;
  name: string;
  display_prefix: string;
  hash: string;
  scopes: unknown;
  expires_at: unknown;
  revoked_at: unknown;
  created_at: unknown;
}

const PLAN_NAMES: ReadonlySet<string> = new Set<Plan>(['FREE', 'STARTER', 'GROWTH', 'PRO']);
const SHA256_HEX = /^[0-9a-f]{64}$/;

function requireWatchInterval(ms: unknown): void {
  if (ms !== null && (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms <= 0)) {
    throw new RangeError(`Watch interval ${String(ms)} is not a positive whole number of milliseconds`);
  }
}

function requirePlan(plan: unknown): void {
  if (typeof plan !== 'string' || !PLAN_NAMES.has(plan)) throw new RangeError(`Unknown plan ${String(plan)}: use FREE, STARTER, GROWTH or PRO`);
}

/**
 * The SET list of an UPDATE of `change` at `now` and its parameters, numbered from $2 on ($1 is
 * the account id); empty when the change changes nothing.
 */
function accountSets(change: AccountChange, now: Date, d: Dialect): { sets: string[]; params: unknown[] } {
  const sets: string[] = [];
  const param = parameterList(d, 2);
  if (change.name !== undefined) sets.push(`name = ${param.add(change.name, 'text')}`);
  if (change.plan !== undefined) sets.push(`plan = ${param.add(change.plan, 'text')}`);
  if (change.vatNumber !== undefined) sets.push(`vat_number = ${param.add(change.vatNumber, 'text')}`);
  // Suspending a suspended account keeps the time it was first suspended.
  if (change.suspended === true) sets.push(`suspended_at = coalesce(suspended_at, ${param.add(d.time(now), 'time')})`);
  if (change.suspended === false) sets.push('suspended_at = NULL');
  if (change.watchIntervalMs !== undefined) sets.push(`watch_interval_ms = ${param.add(change.watchIntervalMs, 'bigint')}`);
  return { sets, params: param.values };
}

/** Accounts and keys over `sql`. */
export function sqlAccountTables(sql: SqlClient): Pick<Store, 'accounts' | 'keys'> {
  const d = sql.dialect;
  // `date` columns are read as text (node-postgres would turn them into local-midnight Dates).
  // `prefix` qualifies the columns in a SELECT; RETURNING takes them bare (SQLite refuses an alias there).
  const accountColumns = (prefix: string) =>
    `${prefix}id, ${prefix}name, ${prefix}plan, ${d.dayText(`${prefix}subscription_start`)} AS subscription_start, ${prefix}vat_number, ${prefix}created_at, ${prefix}suspended_at, ${prefix}watch_interval_ms`;
  const keyColumns = (prefix: string) =>
    ['id', 'account_id', 'name', 'display_prefix', 'hash', 'scopes', 'expires_at', 'revoked_at', 'created_at'].map((c) => prefix + c).join(', ');

  const toAccount = (row: AccountRow): Account => ({
    id: row.id,
    name: row.name,
    plan: row.plan,
    subscriptionStart: row.subscription_start,
    vatNumber: row.vat_number,
    createdAt: dateColumn(row.created_at),
    suspendedAt: optionalDateColumn(row.suspended_at),
    watchIntervalMs: row.watch_interval_ms === null || row.watch_interval_ms === undefined ? null : Number(row.watch_interval_ms),
  });
  const toKey = (row: KeyRow): ApiKeyRecord => ({
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    displayPrefix: row.display_prefix,
    hash: row.hash,
    ...scopesFromStored(d.readScopes(row.scopes)),
    expiresAt: optionalDateColumn(row.expires_at),
    revokedAt: optionalDateColumn(row.revoked_at),
    createdAt: dateColumn(row.created_at),
  });
  const bumpKeysVersion = (tx: SqlClient) => tx.query('UPDATE keys_version SET version = version + 1 WHERE id = 1');

  const INSERT_ACCOUNT = `INSERT INTO accounts (id, name, plan, subscription_start, vat_number, created_at)
    VALUES ($1, $2, $3, ${d.param(4, 'day')}, $5, ${d.param(6, 'time')}) RETURNING ${accountColumns('')}`;
  const SELECT_ACCOUNTS = `SELECT ${accountColumns('a.')} FROM accounts AS a`;
  const LOCK_ACCOUNT = `SELECT id FROM accounts WHERE id = $1${d.forUpdate}`;
  const LIVE_KEYS = `SELECT ${d.countAll} AS live FROM api_keys
    WHERE account_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ${d.param(2, 'time')})`;
  const INSERT_KEY = `INSERT INTO api_keys (id, account_id, name, display_prefix, hash, scopes, expires_at, created_at)
    VALUES ($1, $2, $3, $4, $5, ${d.param(6, 'scopes')}, ${d.param(7, 'time')}, ${d.param(8, 'time')}) RETURNING ${keyColumns('')}`;
  // A key revoked twice keeps its first revocation time.
  const REVOKE_KEY = `UPDATE api_keys SET revoked_at = coalesce(revoked_at, ${d.param(2, 'time')}) WHERE id = $1 RETURNING id`;
  const FIND_BY_HASH = `SELECT ${keyColumns('k.')}, a.name AS account_name, a.plan AS account_plan,
      ${d.dayText('a.subscription_start')} AS account_subscription_start, a.vat_number AS account_vat_number,
      a.created_at AS account_created_at, a.suspended_at AS account_suspended_at, a.watch_interval_ms AS account_watch_interval_ms
    FROM api_keys AS k JOIN accounts AS a ON a.id = k.account_id WHERE k.hash = $1`;

  const HASH_PREFIXES = `SELECT substr(hash, 1, ${KEY_HASH_PREFIX_CHARS}) AS prefix FROM api_keys LIMIT ${d.param(1, 'integer')}`;

  async function getAccount(id: string): Promise<Account | null> {
    const { rows } = await sql.query<AccountRow>(`${SELECT_ACCOUNTS} WHERE a.id = $1`, [id]);
    return rows[0] === undefined ? null : toAccount(rows[0]);
  }

  return {
    accounts: {
      async create(account) {
        requirePlan(account.plan);
        if (typeof account.subscriptionStart !== 'string' || !isIsoDay(account.subscriptionStart)) {
          throw new RangeError(`Subscription start ${String(account.subscriptionStart)} is not a date YYYY-MM-DD`);
        }
        const { rows } = await sql.query<AccountRow>(INSERT_ACCOUNT, [
          randomUUID(),
          account.name,
          account.plan,
          account.subscriptionStart,
          account.vatNumber,
          d.time(new Date()),
        ]);
        return toAccount(rows[0] as AccountRow);
      },
      get: getAccount,
      async list() {
        const { rows } = await sql.query<AccountRow>(`${SELECT_ACCOUNTS} ORDER BY a.created_at, a.id`);
        return rows.map(toAccount);
      },
      async update(id, change, now) {
        if (change.plan !== undefined) requirePlan(change.plan);
        if (change.watchIntervalMs !== undefined) requireWatchInterval(change.watchIntervalMs);
        const { sets, params } = accountSets(change, now, d);
        if (sets.length === 0) return getAccount(id);
        const UPDATE = `UPDATE accounts SET ${sets.join(', ')} WHERE id = $1 RETURNING ${accountColumns('')}`;
        return sql.transaction(async (tx) => {
          const { rows } = await tx.query<AccountRow>(UPDATE, [id, ...params]);
          if (rows[0] === undefined) return null;
          await bumpKeysVersion(tx);
          return toAccount(rows[0]);
        });
      },
    },
    keys: {
      create(key, maxLiveKeys, now) {
        if (typeof key.hash !== 'string' || !SHA256_HEX.test(key.hash)) {
          return Promise.reject(new RangeError('key hash must be a SHA-256 in lower-case hex'));
        }
        const unknown = key.allFields === true ? [] : key.scopes.filter((scope) => !isFieldName(scope));
        if (unknown.length > 0) return Promise.reject(new RangeError(`unknown scopes: ${unknown.join(', ')}`));
        const at = d.time(now);
        return sql.transaction(async (tx) => {
          const account = await tx.query(LOCK_ACCOUNT, [key.accountId]);
          if (account.rows.length === 0) throw new RangeError(`No account with id ${key.accountId}`);
          const live = await tx.query<{ live: number }>(LIVE_KEYS, [key.accountId, at]);
          if ((live.rows[0]?.live ?? 0) >= maxLiveKeys) throw new KeyLimitError(maxLiveKeys);
          const { rows } = await tx.query<KeyRow>(INSERT_KEY, [
            randomUUID(),
            key.accountId,
            key.name,
            key.displayPrefix,
            key.hash,
            d.scopes(storedScopes(key)),
            key.expiresAt === null ? null : d.time(key.expiresAt),
            at,
          ]);
          await bumpKeysVersion(tx);
          return toKey(rows[0] as KeyRow);
        });
      },
      async list(accountId) {
        const { rows } = await sql.query<KeyRow>(`SELECT ${keyColumns('k.')} FROM api_keys AS k WHERE k.account_id = $1 ORDER BY k.created_at, k.id`, [
          accountId,
        ]);
        return rows.map(toKey);
      },
      revoke(keyId, now) {
        return sql.transaction(async (tx) => {
          const { rows } = await tx.query(REVOKE_KEY, [keyId, d.time(now)]);
          if (rows.length === 0) return false;
          await bumpKeysVersion(tx);
          return true;
        });
      },
      async findByHash(hash) {
        const { rows } = await sql.query<KeyRow & { [column: `account_${string}`]: unknown }>(FIND_BY_HASH, [hash]);
        const row = rows[0];
        if (row === undefined) return null;
        return {
          key: toKey(row),
          account: toAccount({
            id: row.account_id,
            name: row.account_name as string,
            plan: row.account_plan as Plan,
            subscription_start: row.account_subscription_start as string,
            vat_number: row.account_vat_number as string | null,
            created_at: row.account_created_at,
            suspended_at: row.account_suspended_at,
            watch_interval_ms: row.account_watch_interval_ms,
          }),
        };
      },
      async hashPrefixes(limit) {
        const { rows } = await sql.query<{ prefix: string }>(HASH_PREFIXES, [limit + 1]);
        return rows.length > limit ? null : rows.map((row) => row.prefix);
      },
      async version() {
        const { rows } = await sql.query<{ version: number | string }>('SELECT version FROM keys_version WHERE id = 1');
        return String(rows[0]?.version ?? 0);
      },
    },
  };
}
