/**
 * A job received: its body read piece by piece as it arrives (input.ts), its values sealed and
 * stored a few hundred at a time with the event loop given back in between, so that no upload holds
 * the other requests up (docs/service.md#jobs). The job is stored as an upload that no runner
 * claims until its body ended and was found good; then the FREE quota is checked for the whole job
 * (a FREE account never runs a job its quota cannot pay for; paid plans count their overage) and the
 * account's cap of open jobs, and the job is queued for the runner (runner.ts). A body refused
 * part-way (too large, a bad value, a refused key) is read no further and what was stored of it is
 * removed. The key's scope is checked for the job's field before a value is stored; on a mixed
 * job (./mixed.ts), for each field as its first line arrives.
 */
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { periodOf } from '../pipeline/period.js';
import type { PlanLimits } from '../policy/plans.js';
import type { Account, ApiKeyRecord, BatchJobRecord, Field, JobField, Plan, Store } from '../storage/types.js';
import { MAX_JOB_BODY_BYTES, type JobBodyReader, type JobBodyRefusal } from './input.js';
import { lineOfJob, MIXED } from './mixed.js';

/** Values sealed and stored in one transaction: each a few milliseconds of the event loop. */
const VALUES_PER_APPEND = 100;

/** The `errorCode`s a submission is refused with. */
export type SubmissionErrorCode = 'INVALID_JOB' | 'UNKNOWN_MEMBER' | 'BODY_TOO_LARGE' | 'QUOTA_EXCEEDED' | 'TOO_MANY_JOBS';

/** A job queued; a refusal (its status, code and sentence); or the answer the key's check gave (`refusal`). */
export type Submission<R> =
  | { ok: true; job: BatchJobRecord }
  | { ok: false; status: 400 | 413 | 429; errorCode: SubmissionErrorCode; message: string }
  | { ok: false; refusal: R };

/** The 429 message: how many values, how many validations are left, when the quota resets. */
export function jobQuotaMessage(total: number, remaining: number, quota: number, resetsOn: string): string {
  const n = (count: number): string => count.toLocaleString('en-US');
  return (
    `This job has ${n(total)} value${total === 1 ? '' : 's'} but only ${n(remaining)} of the ${n(quota)} validations ` +
    `of this billing period are left; the quota resets on ${resetsOn}`
  );
}

/** The 429 TOO_MANY_JOBS message, naming the cap (`--max-queued-jobs`). */
export function tooManyJobsMessage(max: number): string {
  return `This account has ${max.toLocaleString('en-US')} jobs queued or running, the most it may have at once; submit this job when one of them has ended`;
}

/** The 413 message of a body over 16 MiB. */
export const BODY_TOO_LARGE_MESSAGE = 'The request body is larger than 16 MiB';

export interface JobUpload<R> {
  /** The reader of the body's format (input.ts jobBodyReader). */
  reader: JobBodyReader;
  /** The next piece of the body; null at its end. Not called again once the submission is refused. */
  read(): Promise<Uint8Array | null>;
  /** The key's check for the field, once the field is known: the key and its account, or the answer that refuses it. */
  authorize(field: Field): Promise<{ account: Account; key: ApiKeyRecord } | { refusal: R }>;
  plans: Readonly<Record<Plan, PlanLimits>>;
  /** Jobs an account may have queued or running at once. */
  maxQueuedJobs: number;
  now(): Date;
}

const refusalOf = (refusal: JobBodyRefusal): Submission<never> =>
  refusal.tooLarge === true
    ? { ok: false, status: 413, errorCode: 'BODY_TOO_LARGE', message: refusal.message }
    : { ok: false, status: 400, errorCode: refusal.unknownMember === true ? 'UNKNOWN_MEMBER' : 'INVALID_JOB', message: refusal.message };

/** Whether `accountId` may have one more job, before anything of the body is read. */
export async function underJobCap(store: Pick<Store, 'batchJobs'>, accountId: string, maxQueuedJobs: number): Promise<boolean> {
  return (await store.batchJobs.openCount(accountId)) < maxQueuedJobs;
}

interface Begun {
  job: BatchJobRecord;
  account: Account;
  plan: PlanLimits;
}

/** Reads, checks and stores the job `upload` sends; see the file's comment. */
export async function receiveJob<R>(store: Pick<Store, 'usage' | 'batchJobs'>, upload: JobUpload<R>): Promise<Submission<R>> {
  const { reader } = upload;
  const decoder = new TextDecoder();
  const values: string[] = [];
  let begun: Begun | null = null;
  let stored = 0;
  let size = 0;
  // The fields the key was checked for (a mixed job's lines name several).
  const authorized = new Set<Field>();

  /** The key's check for `field`, once per field: null when it may validate it, else the refusal. */
  async function authorize(field: Field): Promise<{ account: Account; key: ApiKeyRecord } | Submission<R> | null> {
    if (authorized.has(field)) return null;
    const auth = await upload.authorize(field);
    if ('refusal' in auth) return { ok: false, refusal: auth.refusal };
    authorized.add(field);
    return auth;
  }

  /** The field the key is checked for first: the job's, or a mixed job's first line's (null while none has arrived). */
  function firstField(field: JobField): Field | null {
    if (field !== MIXED) return field;
    return values.length === 0 ? null : lineOfJob(MIXED, values[0] as string).field;
  }

  /** The key checked for the field, the cap, and the job begun. */
  async function begin(field: JobField, first: Field): Promise<Begun | Submission<R>> {
    const auth = await authorize(first);
    if (auth === null || 'ok' in auth) return auth ?? { ok: false, status: 400, errorCode: 'INVALID_JOB', message: 'A job needs at least one value' };
    if (!(await underJobCap(store, auth.account.id, upload.maxQueuedJobs))) {
      return { ok: false, status: 429, errorCode: 'TOO_MANY_JOBS', message: tooManyJobsMessage(upload.maxQueuedJobs) };
    }
    const job: BatchJobRecord = {
      id: randomUUID(),
      accountId: auth.account.id,
      keyId: auth.key.id,
      field,
      status: 'queued',
      total: 0,
      done: 0,
      valid: 0,
      invalid: 0,
      webhookUrl: null,
      createdAt: upload.now(),
      startedAt: null,
      finishedAt: null,
      error: null,
    };
    await store.batchJobs.begin(job);
    return { job, account: auth.account, plan: upload.plans[auth.account.plan] };
  }

  /**
   * Stores the values read, VALUES_PER_APPEND at a time (all of them at the end), giving the event
   * loop back after each; a mixed job's piece once the key was checked for each field it names.
   */
  async function storeValues(job: BatchJobRecord, all: boolean): Promise<Submission<R> | null> {
    while (values.length >= (all ? 1 : VALUES_PER_APPEND)) {
      const piece = values.splice(0, VALUES_PER_APPEND);
      if (job.field === MIXED) {
        for (const { field } of piece.map((line) => lineOfJob(MIXED, line))) {
          const refusal = await authorize(field);
          if (refusal !== null && 'ok' in refusal) return refusal;
        }
      }
      await store.batchJobs.append(job.id, stored + 1, piece);
      stored += piece.length;
      await nextTurn();
    }
    return null;
  }

  async function refused(submission: Submission<R>): Promise<Submission<R>> {
    if (begun !== null) await store.batchJobs.discard(begun.job.id);
    return submission;
  }

  try {
    for (;;) {
      const piece = await upload.read();
      if (piece === null) break;
      size += piece.byteLength;
      if (size > MAX_JOB_BODY_BYTES) return await refused({ ok: false, status: 413, errorCode: 'BODY_TOO_LARGE', message: BODY_TOO_LARGE_MESSAGE });
      const refusal = reader.push(decoder.decode(piece, { stream: true }), values);
      if (refusal !== null) return await refused(refusalOf(refusal));
      const field = reader.field();
      const first = field === null ? null : firstField(field);
      if (begun === null && field !== null && first !== null) {
        const started = await begin(field, first);
        if ('ok' in started) return started;
        begun = started;
      }
      if (begun !== null) {
        const refusal = await storeValues(begun.job, false);
        if (refusal !== null) return await refused(refusal);
      }
    }
    const refusal = reader.push(decoder.decode(), values) ?? reader.end(values);
    if (refusal !== null) return await refused(refusalOf(refusal));
    if (begun === null) {
      // end() refuses a body without a field or a value: both are known here.
      const field = reader.field() as JobField;
      const started = await begin(field, firstField(field) as Field);
      if ('ok' in started) return started;
      begun = started;
    }
    const { job, account, plan } = begun;
    const lastRefusal = await storeValues(job, true);
    if (lastRefusal !== null) return await refused(lastRefusal);
    const total = stored;
    if (plan.blocksOverQuota) {
      const period = periodOf(account.subscriptionStart, upload.now());
      const used = await store.usage.used(account.id, period.start);
      const remaining = Math.max(0, plan.quota - used);
      if (remaining < total) return await refused({ ok: false, status: 429, errorCode: 'QUOTA_EXCEEDED', message: jobQuotaMessage(total, remaining, plan.quota, period.end) });
    }
    const webhookUrl = reader.webhookUrl();
    // The cap is checked again as the job is queued: uploads of one account may run side by side.
    if (!(await store.batchJobs.commit(job.id, webhookUrl, upload.maxQueuedJobs))) {
      return await refused({ ok: false, status: 429, errorCode: 'TOO_MANY_JOBS', message: tooManyJobsMessage(upload.maxQueuedJobs) });
    }
    return { ok: true, job: { ...job, total, webhookUrl } };
  } catch (error) {
    // The store failed part-way: what was stored of the upload goes, as far as the store lets it.
    if (begun !== null) await store.batchJobs.discard(begun.job.id).catch(() => undefined);
    throw error;
  }
}
