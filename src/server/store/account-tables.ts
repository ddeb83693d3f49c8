/**
 * Accounts and their API keys in SQL. A key is kept as its SHA-256 hash and display prefix only;
 * the plan's maximum of live keys is enforced inside the transaction that inserts the key, with
 * the account row locked, so concurrent creations cannot pass it together.
 */
import type { SqlClient } from './sql.js';
import { KeyLimitError, type Account, type ApiKeyRecord, type Field, type Plan, type Store } from './types.js';
import { dateColumn, isIsoDay, optionalDateColumn, timeParam } from './sql-values.js';

interface AccountRow {
  id: string;
  name: string;
  plan: Plan;
  subscription_start: string;
  vat_number: string | null;
  created_at: unknown;
}

interface KeyRow {
  id: string;
  account_id: string;
  name: string;
  display_prefix: string;
  hash: string;
  scopes: Field[];
  expires_at: unknown;
  revoked_at: unknown;
  created_at: unknown;
}

// `date` columns are read as text: node-postgres would turn them into local-midnight Dates.
const ACCOUNT_COLUMNS = `a.id, a.name, a.plan, to_char(a.subscription_start, 'YYYY-MM-DD') AS subscription_start,
  a.vat_number, a.created_at`;
const KEY_COLUMNS = 'k.id, k.account_id, k.name, k.display_prefix, k.hash, k.scopes, k.expires_at, k.revoked_at, k.created_at';
const PLAN_NAMES: ReadonlySet<string> = new Set<Plan>(['FREE', 'STARTER', 'GROWTH', 'PRO']);

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan,
    subscriptionStart: row.subscription_start,
    vatNumber: row.vat_number,
    createdAt: dateColumn(row.created_at),
  };
}

function toKey(row: KeyRow): ApiKeyRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    displayPrefix: row.display_prefix,
    hash: row.hash,
    scopes: [...row.scopes],
    expiresAt: optionalDateColumn(row.expires_at),
    revokedAt: optionalDateColumn(row.revoked_at),
    createdAt: dateColumn(row.created_at),
  };
}

/** Accounts. */
export function sqlAccounts(sql: SqlClient): Store['accounts'] {
  return {
    async create(account) {
      if (!PLAN_NAMES.has(account.plan))
        throw new RangeError(`Unknown plan ${String(account.plan)}: use FREE, STARTER, GROWTH or PRO`);
      if (typeof account.subscriptionStart !== 'string' || !isIsoDay(account.subscriptionStart)) {
        throw new RangeError(`Subscription start ${String(account.subscriptionStart)} is not a date YYYY-MM-DD`);
      }
      const { rows } = await sql.query<AccountRow>(
        `INSERT INTO accounts AS a (name, plan, subscription_start, vat_number) VALUES ($1, $2, $3::date, $4)
         RETURNING ${ACCOUNT_COLUMNS}`,
        [account.name, account.plan, account.subscriptionStart, account.vatNumber]
      );
      return toAccount(rows[0] as AccountRow);
    },
    async get(id) {
      const { rows } = await sql.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts AS a WHERE a.id = $1`, [id]);
      return rows[0] === undefined ? null : toAccount(rows[0]);
    },
    async list() {
      const { rows } = await sql.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts AS a ORDER BY a.created_at, a.id`);
      return rows.map(toAccount);
    },
  };
}

/** API keys. */
export function sqlKeys(sql: SqlClient): Store['keys'] {
  return {
    create(key, maxLiveKeys, now) {
      const at = timeParam(now);
      return sql.transaction(async (tx) => {
        const account = await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [key.accountId]);
        if (account.rows.length === 0) throw new RangeError(`No account with id ${key.accountId}`);
        const live = await tx.query<{ live: number }>(
          `SELECT count(*)::int AS live FROM api_keys
           WHERE account_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2::timestamptz)`,
          [key.accountId, at]
        );
        if ((live.rows[0]?.live ?? 0) >= maxLiveKeys) throw new KeyLimitError(maxLiveKeys);
        const { rows } = await tx.query<KeyRow>(
          `INSERT INTO api_keys AS k (account_id, name, display_prefix, hash, scopes, expires_at, created_at)
           VALUES ($1, $2, $3, $4, $5::text[], $6::timestamptz, $7::timestamptz)
           RETURNING ${KEY_COLUMNS}`,
          [
            key.accountId,
            key.name,
            key.displayPrefix,
            key.hash,
            [...key.scopes],
            key.expiresAt === null ? null : timeParam(key.expiresAt),
            at,
          ]
        );
        return toKey(rows[0] as KeyRow);
      });
    },
    async list(accountId) {
      const { rows } = await sql.query<KeyRow>(
        `SELECT ${KEY_COLUMNS} FROM api_keys AS k WHERE k.account_id = $1 ORDER BY k.created_at, k.id`,
        [accountId]
      );
      return rows.map(toKey);
    },
    async revoke(keyId, now) {
      // A key revoked twice keeps its first revocation time.
      const { rows } = await sql.query(
        'UPDATE api_keys SET revoked_at = coalesce(revoked_at, $2::timestamptz) WHERE id = $1 RETURNING id',
        [keyId, timeParam(now)]
      );
      return rows.length > 0;
    },
    async findByHash(hash) {
      const { rows } = await sql.query<KeyRow & { [column: `account_${string}`]: unknown }>(
        `SELECT ${KEY_COLUMNS}, a.name AS account_name, a.plan AS account_plan,
           to_char(a.subscription_start, 'YYYY-MM-DD') AS account_subscription_start,
           a.vat_number AS account_vat_number, a.created_at AS account_created_at
         FROM api_keys AS k JOIN accounts AS a ON a.id = k.account_id WHERE k.hash = $1`,
        [hash]
      );
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
        }),
      };
    },
  };
}
