/**
 * The accounts' members in SQL (../features/sign-ins.ts). An address is unique per account (an
 * INSERT … ON CONFLICT DO NOTHING tells a second one without an error). A change that could leave
 * an account without an owner runs in a transaction that first locks the account's row (SELECT …
 * FOR UPDATE, as the key creation does): on PostgreSQL two such changes of one account wait for each
 * other, so each counts the owners the other left; SQLite runs one write transaction at a time.
 */
import type { MemberChange, MemberRecord, MemberRole, Store } from '../types.js';
import type { SqlClient } from './client.js';
import { dateColumn } from './values.js';

interface MemberRow {
  id: string;
  account_id: string;
  email: string;
  role: MemberRole;
  created_at: unknown;
}

const COLUMNS = 'id, account_id, email, role, created_at';

/** The accounts' members over `sql`. */
export function sqlMembers(sql: SqlClient): Store['members'] {
  const d = sql.dialect;
  const time = (n: number): string => d.param(n, 'time');

  const INSERT = `INSERT INTO account_members (${COLUMNS}) VALUES ($1, $2, $3, $4, ${time(5)})
    ON CONFLICT (account_id, email) DO NOTHING RETURNING ${COLUMNS}`;
  const LIST = `SELECT ${COLUMNS} FROM account_members WHERE account_id = $1 ORDER BY created_at, email`;
  const GET = `SELECT ${COLUMNS} FROM account_members WHERE account_id = $1 AND id = $2`;
  const BY_EMAIL = `SELECT ${COLUMNS} FROM account_members WHERE email = $1 ORDER BY created_at, account_id`;
  const LOCK_ACCOUNT = `SELECT id FROM accounts WHERE id = $1${d.forUpdate}`;
  const OTHER_OWNERS = "SELECT COUNT(*) AS n FROM account_members WHERE account_id = $1 AND role = 'owner' AND id <> $2";
  const SET_ROLE = 'UPDATE account_members SET role = $3 WHERE account_id = $1 AND id = $2';
  const DELETE = 'DELETE FROM account_members WHERE account_id = $1 AND id = $2';

  const toRecord = (row: MemberRow): MemberRecord => ({
    id: row.id,
    accountId: row.account_id,
    email: row.email,
    role: row.role,
    createdAt: dateColumn(row.created_at),
  });

  /** Runs `change` on the member unless it is the account's last owner and `keepsOwner` is false. */
  const guarded = (accountId: string, memberId: string, keepsOwner: boolean, change: (tx: SqlClient) => Promise<void>): Promise<MemberChange> =>
    sql.transaction(async (tx) => {
      await tx.query(LOCK_ACCOUNT, [accountId]);
      const { rows } = await tx.query<MemberRow>(GET, [accountId, memberId]);
      const member = rows[0];
      if (member === undefined) return 'not-found';
      if (member.role === 'owner' && !keepsOwner) {
        const others = await tx.query<{ n: unknown }>(OTHER_OWNERS, [accountId, memberId]);
        if (Number(others.rows[0]?.n ?? 0) === 0) return 'last-owner';
      }
      await change(tx);
      return 'done';
    });

  return {
    async add(member) {
      const { rows } = await sql.query<MemberRow>(INSERT, [member.id, member.accountId, member.email, member.role, d.time(member.createdAt)]);
      return rows[0] === undefined ? null : toRecord(rows[0]);
    },
    async list(accountId) {
      return (await sql.query<MemberRow>(LIST, [accountId])).rows.map(toRecord);
    },
    async get(accountId, memberId) {
      const { rows } = await sql.query<MemberRow>(GET, [accountId, memberId]);
      return rows[0] === undefined ? null : toRecord(rows[0]);
    },
    async findByEmail(email) {
      return (await sql.query<MemberRow>(BY_EMAIL, [email])).rows.map(toRecord);
    },
    setRole(accountId, memberId, role) {
      return guarded(accountId, memberId, role === 'owner', async (tx) => {
        await tx.query(SET_ROLE, [accountId, memberId, role]);
      });
    },
    remove(accountId, memberId) {
      return guarded(accountId, memberId, false, async (tx) => {
        await tx.query(DELETE, [accountId, memberId]);
      });
    },
  };
}
