/**
 * The dashboard's sign-ins in SQL: sessions and one-time login links, each kept as the SHA-256 of
 * its token only (a stolen copy of the database signs nobody in). A link is used by one UPDATE
 * that checks and marks it together, so two requests racing with the same link cannot both win:
 * SQLite runs one write at a time, and PostgreSQL makes the second UPDATE wait for the first's row
 * lock and then re-check `used_at IS NULL`, which no longer holds.
 */
import type { LoginLinkRecord, SessionRecord, Store } from '../types.js';
import type { SqlClient } from './client.js';
import { sqlMembers } from './members.js';
import { dateColumn } from './values.js';

interface SessionRow {
  hash: string;
  account_id: string | null;
  member_id: string | null;
  created_at: unknown;
  last_seen_at: unknown;
}

interface LoginLinkRow {
  hash: string;
  account_id: string | null;
  member_id: string | null;
  created_at: unknown;
  expires_at: unknown;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

function requireHash(hash: string): void {
  if (typeof hash !== 'string' || !SHA256_HEX.test(hash)) throw new RangeError('hash must be a SHA-256 in lower-case hex');
}

/** Dashboard sessions and login links over `sql`. */
export function sqlSignIns(sql: SqlClient): Pick<Store, 'sessions' | 'loginLinks' | 'members'> {
  const d = sql.dialect;
  const time = (n: number): string => d.param(n, 'time');

  const INSERT_SESSION = `INSERT INTO dashboard_sessions (hash, account_id, member_id, created_at, last_seen_at) VALUES ($1, $2, $3, ${time(4)}, ${time(5)})`;
  const FIND_SESSION = 'SELECT hash, account_id, member_id, created_at, last_seen_at FROM dashboard_sessions WHERE hash = $1';
  // Only forward: a late touch never makes a session look idle longer than it is.
  const TOUCH_SESSION = `UPDATE dashboard_sessions SET last_seen_at = ${time(2)} WHERE hash = $1 AND last_seen_at < ${time(2)}`;
  const DELETE_SESSION = 'DELETE FROM dashboard_sessions WHERE hash = $1';
  const DELETE_ACCOUNT_SESSIONS = 'DELETE FROM dashboard_sessions WHERE account_id = $1';
  const PRUNE_SESSIONS = `DELETE FROM dashboard_sessions WHERE last_seen_at < ${time(1)}`;

  const INSERT_LINK = `INSERT INTO login_links (hash, account_id, member_id, created_at, expires_at) VALUES ($1, $2, $3, ${time(4)}, ${time(5)})`;
  const CONSUME_LINK = `UPDATE login_links SET used_at = ${time(2)}
    WHERE hash = $1 AND used_at IS NULL AND expires_at > ${time(2)}
    RETURNING hash, account_id, member_id, created_at, expires_at`;
  const PRUNE_LINKS = `DELETE FROM login_links WHERE expires_at < ${time(1)}`;

  const toSession = (row: SessionRow): SessionRecord => ({
    hash: row.hash,
    accountId: row.account_id,
    // Absent rather than null without a member: the records of sessions and links made before members were, unchanged.
    memberId: row.member_id ?? undefined,
    createdAt: dateColumn(row.created_at),
    lastSeenAt: dateColumn(row.last_seen_at),
  });
  const toLink = (row: LoginLinkRow): LoginLinkRecord => ({
    hash: row.hash,
    accountId: row.account_id,
    memberId: row.member_id ?? undefined,
    createdAt: dateColumn(row.created_at),
    expiresAt: dateColumn(row.expires_at),
  });

  return {
    members: sqlMembers(sql),
    sessions: {
      async create(session) {
        requireHash(session.hash);
        await sql.query(INSERT_SESSION, [session.hash, session.accountId, session.memberId ?? null, d.time(session.createdAt), d.time(session.lastSeenAt)]);
      },
      async find(hash) {
        const { rows } = await sql.query<SessionRow>(FIND_SESSION, [hash]);
        return rows[0] === undefined ? null : toSession(rows[0]);
      },
      async touch(hash, at) {
        await sql.query(TOUCH_SESSION, [hash, d.time(at)]);
      },
      async delete(hash) {
        await sql.query(DELETE_SESSION, [hash]);
      },
      async deleteForAccount(accountId) {
        return (await sql.query(DELETE_ACCOUNT_SESSIONS, [accountId])).rowCount;
      },
      async prune(idleBefore) {
        return (await sql.query(PRUNE_SESSIONS, [d.time(idleBefore)])).rowCount;
      },
    },
    loginLinks: {
      async create(link) {
        requireHash(link.hash);
        await sql.query(INSERT_LINK, [link.hash, link.accountId, link.memberId ?? null, d.time(link.createdAt), d.time(link.expiresAt)]);
      },
      async consume(hash, now) {
        const { rows } = await sql.query<LoginLinkRow>(CONSUME_LINK, [hash, d.time(now)]);
        return rows[0] === undefined ? null : toLink(rows[0]);
      },
      async prune(before) {
        return (await sql.query(PRUNE_LINKS, [d.time(before)])).rowCount;
      },
    },
  };
}
