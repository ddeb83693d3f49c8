/**
 * What the service keeps, as one small repository per feature (./features/: accounts and keys,
 * metering and usage, sign-ins, VIES data, batch jobs, watches, webhooks, evidence, and the
 * housekeeping tables), composed into the {@link Store} the HTTP layer, the CLI and the jobs speak
 * to. src/server/storage/sql/store.ts implements it once in SQL for both engines
 * (docs/architecture.md#stores). Every record and repository type is importable from here.
 */
import type { AccountsAndKeys } from './features/accounts.js';
import type { BatchJobs } from './features/batch-jobs.js';
import type { EvidenceRecords } from './features/evidence.js';
import type { Housekeeping } from './features/housekeeping.js';
import type { SignIns } from './features/sign-ins.js';
import type { Metering } from './features/usage.js';
import type { ViesData } from './features/vies.js';
import type { Watches } from './features/watches.js';
import type { Webhooks } from './features/webhooks.js';

export * from './features/accounts.js';
export type * from './features/batch-jobs.js';
export type * from './features/evidence.js';
export type * from './features/housekeeping.js';
export * from './features/sign-ins.js';
export type * from './features/usage.js';
export type * from './features/vies.js';
export type * from './features/watches.js';
export type * from './features/webhooks.js';

/** The database file an embedded store opened, to tell later whether it is still the same file. */
export interface StoreFile {
  /** Absolute path of the database file. */
  path: string;
  /** Device of the file when it was opened. */
  dev: number;
  /** Inode of the file when it was opened: a file deleted or replaced since has another (or none). */
  ino: number;
}

/** The repositories of every feature: each member is one, an object whose functions are its calls. */
export type StoreRepositories = AccountsAndKeys & Metering & SignIns & ViesData & Housekeeping & BatchJobs & Watches & Webhooks & EvidenceRecords;

/** Everything the service keeps (embedded SQLite or PostgreSQL, one schema): the repositories, and the store's own calls. */
export interface Store extends StoreRepositories {
  /**
   * Writes one small row and reads it back: resolves once the store takes writes, rejects when it
   * does not (the readiness check, GET /readyz). Optional, so that a store made for a test or an
   * embedding need not have it; such a store is checked with a read instead.
   */
  probe?(): Promise<void>;
  /** The database file of an embedded store in a data directory; absent otherwise. */
  readonly file?: StoreFile;
  /** Flushes pending counts and closes the connection. */
  close(): Promise<void>;
}
