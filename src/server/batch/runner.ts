/**
 * The batch runner (docs/service.md#jobs): one loop per process claims a job (a 30 s lease, renewed
 * while it runs, so that with several instances a job runs in one at a time and a crashed
 * instance's job is taken over), validates and counts each pending line through the one metered
 * validation a request runs too (pipeline/metered.ts: cache, breaker, the plan's depth, VIES paced
 * per member state); its answer is stored by the store's meter in the transaction that counts it,
 * and only while the job is open (docs/service.md#jobs: after a cancel's answer no line is
 * counted, and every line counted is in the results). It ends the job with `job.completed`. A
 * line validated but not counted (a crash before the commit) is validated again on resume and
 * counted once: the count's request id is `job:<id>:<line>`.
 * A field that calls out (VAT, email) runs in a sliding window of lines in flight; an offline
 * field a chunk at a time, validated in a plain loop, its counts in one meter batch.
 */
import { randomUUID } from 'node:crypto';
import { isOfflineField } from '../pipeline/validators.js';
import { describeError } from '../answers/errors.js';
import { meteredValidation, type Metered, type MeterOptions } from '../pipeline/metered.js';
import type { RuntimeState } from '../pipeline/runtime-state.js';
import { PLANS, type PlanLimits } from '../policy/plans.js';
import { StoreUnavailableError } from '../storage/guard.js';
import type { BatchJobRecord, Plan } from '../storage/types.js';
import type { KeyHolder } from '../pipeline/admission.js';
import { emitEvent } from '../webhooks/events.js';
import { jobJson } from './json.js';
import { lineOfJob, MIXED } from './mixed.js';

/** How long a claim holds a job without renewal. */
export const JOB_LEASE_MS = 30_000;
/** How often the lease is renewed while the job runs. */
const RENEW_EVERY_MS = 10_000;
/** Lines read from the store at once, and answers stored together (fields that call out). */
const CHUNK_LINES = 64;
/** Lines of an offline field's job handled together (the store seals them as one piece). */
const OFFLINE_CHUNK_LINES = 500;
/** Lines of one job validated at once (VIES calls among them are paced per member state). */
const LINES_IN_FLIGHT = 32;
/**
 * How long a job holds this runner before it goes back behind the jobs submitted meanwhile (its
 * lease released, the store's claim order): accounts share the runner, and a small job never
 * waits for a large one to end.
 */
export const JOB_TURN_MS = 500;
/** Wait between two looks for a job when there was none. */
const IDLE_POLL_MS = 1_000;
/** Wait after a failure (the store down) before looking again. */
const FAILURE_PAUSE_MS = 5_000;

export interface BatchRunnerDeps {
  /** The service's runtime state: its services, and the VIES slots per member state every job and watch shares. */
  runtime: RuntimeState;
  plans?: Readonly<Record<Plan, PlanLimits>>;
  /** This process's name in leases; default a random one. */
  instance?: string;
  /** Wait between looks for a job when there was none; default 1 s. */
  idlePollMs?: number;
}

export interface BatchRunner {
  /** Looks for a job now (a job was just submitted in this process). */
  nudge(): void;
  /**
   * Stops after the lines in flight: their answers are stored and the job's lease released, so
   * that a restarted process (or another instance) resumes it at once rather than when the lease lapses.
   */
  stop(): Promise<void>;
}

/** Why a job ends before its last line (its key may no longer validate, its account is gone): the job's `error`. */
class JobEnded extends Error {}

/** A sleep that {@link BatchRunner.stop} and nudge cut short. */
function wakeableSleep(): { sleep(ms: number): Promise<void>; wake(): void } {
  let wakers: Array<() => void> = [];
  return {
    sleep(ms) {
      return new Promise((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          wakers = wakers.filter((waker) => waker !== done);
          resolve();
        }, ms);
        wakers.push(done);
      });
    },
    wake() {
      const now = wakers;
      wakers = [];
      for (const waker of now) waker();
    },
  };
}

export function startBatchRunner(deps: BatchRunnerDeps): BatchRunner {
  const { runtime } = deps;
  const { services } = runtime;
  const { store, log } = services;
  const plans = deps.plans ?? PLANS;
  const instance = deps.instance ?? `runner-${randomUUID()}`;
  const idle = wakeableSleep();
  const backoff = wakeableSleep();
  let stopped = false;
  let current: string | null = null;

  const leaseUntil = (): Date => new Date(services.now().getTime() + JOB_LEASE_MS);

  /**
   * One line, validated and counted by the one metered validation (its quota was reserved when
   * the job was submitted); null when the job stopped being this runner's before it was counted.
   */
  function meterLine(job: BatchJobRecord, holder: KeyHolder, line: number, stored: string, options: MeterOptions): Promise<Metered> {
    const at = services.now();
    const { key, account } = holder;
    const { field, value } = lineOfJob(job.field, stored);
    return meteredValidation(
      runtime,
      {
        field, value, key, account, plan: plans[account.plan], period: runtime.periods.of(account.subscriptionStart, at), at,
        requestId: `job:${job.id}:${line}`, started: performance.now(), sdk: null, jobLine: { jobId: job.id, line, named: job.field === MIXED },
      },
      options,
    );
  }

  /**
   * The job's key and account as the authenticator's cache holds them now: each line is admitted
   * with them (a key revoked or narrowed, an account suspended, stops the job at its next line).
   */
  async function holderOf(job: BatchJobRecord): Promise<KeyHolder> {
    const holder = await runtime.auth.holderOf(job.accountId, job.keyId);
    if (holder === null) throw new JobEnded('The account no longer exists');
    return holder;
  }

  /**
   * Whether a metered line was counted (and so answered, by the meter); throws what ends the job
   * (its key refused now, the store away). False: the job is no longer open in the store.
   */
  function wasCounted(metered: Metered): boolean {
    if (metered.kind === 'unavailable') throw new StoreUnavailableError(metered.outage, undefined);
    // The error code a request with the job's key would get now, and its message.
    if (metered.kind === 'refused') throw new JobEnded(`${metered.refusal.code}: ${metered.refusal.message}`);
    return metered.kind !== 'job-closed';
  }

  /**
   * An offline field's lines, a chunk at a time, while the turn lasts; resolves with whether every
   * line was done. No pacing: nothing here reaches VIES.
   */
  async function runOffline(job: BatchJobRecord, inTurn: () => boolean, isLive: () => boolean, renew: () => Promise<void>, closed: () => void): Promise<boolean> {
    const options: MeterOptions = { quota: 'reserved', proceed: isLive };
    let after = 0;
    while (inTurn()) {
      const lines = await store.batchJobs.pending(job.id, after, OFFLINE_CHUNK_LINES);
      if (lines.length === 0) return true;
      after = (lines[lines.length - 1] as { line: number }).line;
      const holder = await holderOf(job);
      // Each line metered in this same turn (an offline field answers at once): one batch of the meter.
      const counts = await Promise.allSettled(lines.map(({ line, value }) => meterLine(job, holder, line, value, options).then(wasCounted)));
      if (counts.some((outcome) => outcome.status === 'fulfilled' && !outcome.value)) closed();
      const failed = counts.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      if (failed !== undefined) throw failed.reason;
      if (!isLive()) return false;
      await renew();
    }
    return false;
  }

  /**
   * The lines of a field that calls out (VIES, DNS), while the turn lasts, in a sliding window
   * rather than chunk by chunk: a line waiting out a busy VIES holds up no other. Resolves with
   * whether every line was done.
   */
  async function runWindow(job: BatchJobRecord, inTurn: () => boolean, isLive: () => boolean, renew: () => Promise<void>, closed: () => void): Promise<boolean> {
    let after = 0;
    let exhausted = false;
    let fetching: Promise<void> | null = null;
    const queue: Array<{ line: number; value: string }> = [];
    let counted = 0;
    const paced: MeterOptions = { quota: 'reserved', proceed: isLive, paced: { sleep: backoff.sleep, stopped: () => stopped || !isLive() } };
    const refill = (): Promise<void> => {
      fetching ??= store.batchJobs.pending(job.id, after, CHUNK_LINES).then((lines) => {
        fetching = null;
        if (lines.length === 0) exhausted = true;
        else after = (lines[lines.length - 1] as { line: number }).line;
        queue.push(...lines);
      });
      return fetching;
    };
    const worker = async (): Promise<void> => {
      while (inTurn()) {
        while (queue.length === 0 && !exhausted) await refill();
        const next = queue.shift();
        if (next === undefined) return;
        if (!wasCounted(await meterLine(job, await holderOf(job), next.line, next.value, paced))) closed();
        // A cancel shows in the renewal: looked at every chunk of lines counted.
        else if (++counted % CHUNK_LINES === 0) await renew();
      }
    };
    const workers = await Promise.allSettled(Array.from({ length: Math.min(LINES_IN_FLIGHT, job.total) }, worker));
    const failed = workers.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    return exhausted && queue.length === 0;
  }

  /** Runs a claimed job until it ends, is cancelled, loses its lease, or the runner stops. */
  async function runJob(job: BatchJobRecord): Promise<void> {
    let live = true;
    const isLive = (): boolean => live && !stopped;
    const turnEnds = performance.now() + JOB_TURN_MS;
    const inTurn = (): boolean => isLive() && performance.now() < turnEnds;
    // A cancel shows in the renewal, and in the meter's answer to the next line (closed).
    const renewNow = async (): Promise<void> => {
      if (live && !(await store.batchJobs.renew(job.id, instance, leaseUntil()))) live = false;
    };
    const renewal = setInterval(() => {
      store.batchJobs.renew(job.id, instance, leaseUntil()).then(
        (held) => {
          if (!held) live = false;
        },
        () => {
          // The store is unreachable: stop writing; the lease will expire and the job be resumed.
          live = false;
        },
      );
    }, RENEW_EVERY_MS);
    try {
      const closed = (): void => {
        live = false;
      };
      // A mixed job's lines may call out: they run in the window, as a VAT job's do.
      const offline = job.field !== MIXED && (await isOfflineField(job.field));
      const finished = await (offline ? runOffline : runWindow)(job, inTurn, isLive, renewNow, closed).catch((error: unknown) => {
        if (error instanceof JobEnded) return error;
        throw error;
      });
      if (finished instanceof JobEnded) {
        await store.batchJobs.finish(job.id, 'failed', services.now(), finished.message);
        await announce(job.accountId, job.id);
        return;
      }
      if (!live) return;
      if (stopped || !finished) {
        // The turn is over (or the runner stops) with lines left: the job goes back to the queue.
        await store.batchJobs.release(job.id, instance, services.now());
        return;
      }
      await store.batchJobs.finish(job.id, 'done', services.now());
      await announce(job.accountId, job.id);
    } finally {
      clearInterval(renewal);
    }
  }

  async function announce(accountId: string, id: string): Promise<void> {
    const ended = await store.batchJobs.get(accountId, id);
    if (ended === null) return;
    await emitEvent(services, { accountId, type: 'job.completed', data: { job: jobJson(ended) }, extraUrl: ended.webhookUrl });
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      try {
        const now = services.now();
        const job = await store.batchJobs.claim(instance, now, new Date(now.getTime() + JOB_LEASE_MS));
        if (job === null) {
          await idle.sleep(deps.idlePollMs ?? IDLE_POLL_MS);
          continue;
        }
        current = job.id;
        await runJob(job);
        current = null;
      } catch (error) {
        // The job is left to its lease: when it expires, this or another instance resumes it.
        log(JSON.stringify({ level: 'error', msg: 'batch job runner failed', jobId: current, error: describeError(error, []) }));
        current = null;
        await idle.sleep(FAILURE_PAUSE_MS);
      }
    }
  }

  const running = loop();
  return {
    nudge: idle.wake,
    async stop() {
      stopped = true;
      idle.wake();
      backoff.wake();
      await running;
    },
  };
}
