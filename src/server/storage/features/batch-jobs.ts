/**
 * Batch jobs (POST /api/v1/jobs): a job, its input lines and their answers.
 */
import type { ValidationResult } from '../../../result.js';
import type { Field } from './accounts.js';

/** The field of a job's values, or `mixed` when each line names its own (src/server/batch/mixed.ts). */
export type JobField = Field | 'mixed';

/** Status of a batch job (docs/service.md#jobs). */
export type BatchJobStatus = 'queued' | 'running' | 'done' | 'cancelled' | 'failed';

/** A batch job: a list of values of one field, validated in the background. */
export interface BatchJobRecord {
  id: string;
  accountId: string;
  /** The key that submitted it (usage log rows name it). */
  keyId: string;
  field: JobField;
  status: BatchJobStatus;
  total: number;
  /** Lines answered so far (valid + invalid). */
  done: number;
  valid: number;
  invalid: number;
  /** Where `job.completed` goes besides the account's webhook; null when none was given. */
  webhookUrl: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** Why a job failed; null otherwise. */
  error: string | null;
}

/** One answered line of a batch job. */
export interface BatchJobLine {
  /** 1-based line number of the input. */
  line: number;
  /** The ValidationResult of the line's value. */
  result: ValidationResult;
  /** The line's field, when the job's lines name their own (a `mixed` job). */
  field?: Field;
}

/**
 * Batch jobs (POST /api/v1/jobs). Values and results are sealed at rest (storage/sealing.ts):
 * NIF, SIN, SSN and personal VAT numbers are never stored in clear.
 */
export interface BatchJobRepository {
  /** Stores a queued job and its input lines in one transaction. */
  create(job: BatchJobRecord, values: readonly string[]): Promise<void>;
  /**
   * Starts a job whose lines arrive in pieces (a streamed upload, batch/submit.ts): stored with no
   * line, and neither claimed, listed nor counted by `openCount` until `commit`.
   */
  begin(job: BatchJobRecord): Promise<void>;
  /** Adds lines `first`, `first + 1` … to a job begun, in one transaction, its total moved with them. */
  append(id: string, first: number, values: readonly string[]): Promise<void>;
  /**
   * Queues a job begun, with its `webhookUrl` (a JSON body may name it after its values), when its
   * account has fewer than `maxOpen` jobs queued or running; false otherwise (the job left begun).
   */
  commit(id: string, webhookUrl: string | null, maxOpen: number): Promise<boolean>;
  /** Removes a job begun and not committed, with its lines (a refused upload). */
  discard(id: string): Promise<void>;
  /**
   * Ids of up to `limit` jobs begun before `before` and neither committed nor discarded: uploads
   * whose process died while they arrived, which the prune job discards.
   */
  abandonedUploads(before: Date, limit: number): Promise<string[]>;
  /** The job when it belongs to `accountId`; null otherwise (another account's job is never visible). */
  get(accountId: string, id: string): Promise<BatchJobRecord | null>;
  /** An account's jobs, newest first. */
  list(accountId: string, limit: number): Promise<BatchJobRecord[]>;
  /** Marks a queued or running job cancelled; false when it is not the account's or already ended. */
  cancel(accountId: string, id: string, now: Date): Promise<boolean>;
  /**
   * Claims one queued or running job whose lease expired (or never was taken) for `instance`
   * until `leaseUntil`: with several instances, a job runs in one of them at a time. Marks it
   * running (and `startedAt`) on its first claim. Null when there is none.
   */
  claim(instance: string, now: Date, leaseUntil: Date): Promise<BatchJobRecord | null>;
  /** Extends a lease the instance holds; false when it lost it (another instance took the job, or it was cancelled). */
  renew(id: string, instance: string, leaseUntil: Date): Promise<boolean>;
  /**
   * Gives up a lease the instance holds, the job left running: any instance may claim it from `at` on,
   * behind the jobs submitted before `at` (a runner's turn ended, or its process is stopping).
   */
  release(id: string, instance: string, at: Date): Promise<void>;
  /** How many of an account's jobs are queued or running (the `--max-queued-jobs` cap). */
  openCount(accountId: string): Promise<number>;
  /** Up to `limit` unanswered lines from line `after` on, in order: the input values to validate. */
  pending(id: string, after: number, limit: number): Promise<Array<{ line: number; value: string }>>;
  /**
   * Stores the answers of some lines and moves the counters (done, valid, invalid) in one
   * transaction; a line answered already is left as it is (a resumed job never counts one twice).
   */
  answer(id: string, lines: readonly BatchJobLine[]): Promise<void>;
  /** Ends a job: `done` or `failed` (with `error`), releasing its lease. */
  finish(id: string, status: 'done' | 'failed', now: Date, error?: string): Promise<void>;
  /** Answered lines from line `after` on (exclusive), in order, at most `limit`. */
  lines(id: string, after: number, limit: number): Promise<BatchJobLine[]>;
}

/** The store's batch jobs. */
export interface BatchJobs {
  /** Batch jobs; values and results sealed at rest. */
  batchJobs: BatchJobRepository;
}
