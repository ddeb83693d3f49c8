/**
 * Which failures of a store call mean "the store is unavailable" (docs/service.md#store-failure):
 * the file system refuses the write (read-only, full, an I/O error, the file gone), SQLite's write
 * lock stays taken past the busy timeout, or PostgreSQL cannot be reached or is shutting down.
 * These are answered 503 STORE_UNAVAILABLE and make the service refuse validations until a probe
 * write succeeds. Anything else a store call throws (a constraint, a bug) stays an internal error.
 */

/** SQLite result codes (better-sqlite3's `code`, extended codes included by prefix). */
const SQLITE_UNAVAILABLE = ['SQLITE_READONLY', 'SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_CANTOPEN', 'SQLITE_BUSY', 'SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_PERM', 'SQLITE_PROTOCOL'];

/** System error codes of the file system and of a connection to a database server. */
const ERRNO_UNAVAILABLE = new Set([
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'EACCES',
  'EPERM',
  'EIO',
  'ENOENT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 connection exception, 53 insufficient resources (disk full, too
 * many connections), 57P01–57P03 the server shutting down or starting, 58 system error (I/O),
 * 25006 a read-only (standby) server.
 */
function isPostgresUnavailable(code: string): boolean {
  return /^(08|53|58)[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03' || code === '25006';
}

/** node-postgres reports a lost or impossible connection with these messages and no code. */
const PG_CONNECTION_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|Connection refused/i;

/** Whether `error`, thrown by a store call, means the store is unavailable (see the module comment). */
export function isStoreUnavailableError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (code.startsWith('SQLITE_')) return SQLITE_UNAVAILABLE.some((prefix) => code === prefix || code.startsWith(`${prefix}_`));
    if (ERRNO_UNAVAILABLE.has(code) || isPostgresUnavailable(code)) return true;
  }
  if (typeof message === 'string' && PG_CONNECTION_MESSAGES.test(message)) return true;
  // node-postgres wraps connection failures of a pool in an AggregateError or keeps the cause.
  if (error instanceof AggregateError) return error.errors.some((inner: unknown) => isStoreUnavailableError(inner, depth + 1));
  const { cause } = error as { cause?: unknown };
  return isStoreUnavailableError(cause, depth + 1);
}
