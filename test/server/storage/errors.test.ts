/**
 * Which store failures make the service answer 503 STORE_UNAVAILABLE (src/server/storage/errors.ts,
 * docs/service.md#store-failure) and which stay a 500: the errors better-sqlite3 and node-postgres
 * really throw, by code and message.
 */
import { describe, expect, it } from 'vitest';
import { isStoreUnavailableError } from '../../../src/server/storage/errors.js';

const withCode = (code: string, message = 'failed'): Error => Object.assign(new Error(message), { code });

describe('isStoreUnavailableError', () => {
  it('knows the SQLite codes of a store that cannot write, extended codes included', () => {
    for (const code of ['SQLITE_READONLY', 'SQLITE_READONLY_DBMOVED', 'SQLITE_FULL', 'SQLITE_IOERR_WRITE', 'SQLITE_IOERR', 'SQLITE_BUSY', 'SQLITE_CANTOPEN', 'SQLITE_CORRUPT']) {
      expect(isStoreUnavailableError(withCode(code)), code).toBe(true);
    }
  });

  it('leaves SQL mistakes and constraint failures to the 500', () => {
    for (const code of ['SQLITE_ERROR', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_MISMATCH', 'SQLITE_READONLYX', '23505', '42P01']) {
      expect(isStoreUnavailableError(withCode(code)), code).toBe(false);
    }
    expect(isStoreUnavailableError(new Error('connection to the database lost'))).toBe(false);
    expect(isStoreUnavailableError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    for (const value of [null, undefined, 'SQLITE_FULL', 42]) expect(isStoreUnavailableError(value)).toBe(false);
  });

  it('knows a file system that refuses writes and a database server out of reach', () => {
    for (const code of ['ENOSPC', 'EROFS', 'EACCES', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT']) expect(isStoreUnavailableError(withCode(code)), code).toBe(true);
    // PostgreSQL: admin shutdown, cannot connect now, connection failure, disk full, I/O error, a standby.
    for (const code of ['57P01', '57P03', '08006', '08001', '53100', '58030', '25006']) expect(isStoreUnavailableError(withCode(code)), code).toBe(true);
    expect(isStoreUnavailableError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isStoreUnavailableError(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('looks through a cause and an AggregateError, without looping on a cycle', () => {
    expect(isStoreUnavailableError(new Error('count failed', { cause: withCode('SQLITE_FULL') }))).toBe(true);
    expect(isStoreUnavailableError(new AggregateError([new Error('x'), withCode('ECONNREFUSED')]))).toBe(true);
    const cyclic = new Error('a') as Error & { cause?: unknown };
    cyclic.cause = cyclic;
    expect(isStoreUnavailableError(cyclic)).toBe(false);
  });
});
