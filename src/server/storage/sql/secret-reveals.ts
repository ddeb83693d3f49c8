/**
 * The secrets a dashboard form made, kept for their one showing (../features/sign-ins.ts): the
 * secret sealed (../sealing.ts), the reference and the session as SHA-256 only. The page takes a
 * secret out with one DELETE … RETURNING that checks the session and the expiry in its WHERE, so
 * two requests racing with the same reference cannot both get it: SQLite runs one write at a time,
 * and PostgreSQL makes the second DELETE wait for the first's row lock and then finds no row.
 */
import type { Sealer } from '../sealing.js';
import type { RevealKind, SecretRevealRecord, Store } from '../types.js';
import type { SqlClient } from './client.js';
import { dateColumn } from './values.js';

interface RevealRow {
  hash: string;
  session_hash: string;
  account_id: string;
  kind: RevealKind;
  secret: string;
  label: string | null;
  created_at: unknown;
  expires_at: unknown;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Secrets kept for their one showing over `sql`, sealed by `sealer`. */
export function sqlSecretReveals(sql: SqlClient, sealer: Sealer): Store['secretReveals'] {
  const d = sql.dialect;
  const time = (n: number): string => d.param(n, 'time');
  const COLUMNS = 'hash, session_hash, account_id, kind, secret, label, created_at, expires_at';

  const INSERT = `INSERT INTO secret_reveals (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, ${time(7)}, ${time(8)})`;
  const TAKE = `DELETE FROM secret_reveals WHERE hash = $1 AND session_hash = $2 AND expires_at > ${time(3)} RETURNING ${COLUMNS}`;
  const PRUNE = `DELETE FROM secret_reveals WHERE expires_at < ${time(1)}`;

  const toRecord = (row: RevealRow): SecretRevealRecord => ({
    hash: row.hash,
    sessionHash: row.session_hash,
    accountId: row.account_id,
    kind: row.kind,
    secret: sealer.open(row.secret),
    label: row.label,
    createdAt: dateColumn(row.created_at),
    expiresAt: dateColumn(row.expires_at),
  });

  return {
    async create(reveal) {
      if (!SHA256_HEX.test(reveal.hash) || !SHA256_HEX.test(reveal.sessionHash)) throw new RangeError('hash and sessionHash must be SHA-256 in lower-case hex');
      const { hash, sessionHash, accountId, kind, secret, label } = reveal;
      await sql.query(INSERT, [hash, sessionHash, accountId, kind, sealer.seal(secret), label, d.time(reveal.createdAt), d.time(reveal.expiresAt)]);
    },
    async take(hash, sessionHash, now) {
      const { rows } = await sql.query<RevealRow>(TAKE, [hash, sessionHash, d.time(now)]);
      return rows[0] === undefined ? null : toRecord(rows[0]);
    },
    async prune(before) {
      return (await sql.query(PRUNE, [d.time(before)])).rowCount;
    },
  };
}
