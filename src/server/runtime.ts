/**
 * The service's lifecycle (docs/architecture.md#the-service): the runtime is opened once, on the
 * first request or `ready()` (the store opened and migrated, the saved rates and status samples
 * restored, the runtime state made over the store: pipeline/runtime-state.ts, the jobs started), every
 * request in flight is tracked, and closing stops the jobs, lets the requests in flight finish
 * their counts, and closes the store if the service opened it.
 */
import { startBatchRunner, type BatchRunner } from './batch/runner.js';
import { backgroundConfig, type ServerConfig } from './config.js';
import { startJobs, type Jobs } from './jobs/periodic.js';
import type { PlanLimits } from './policy/plans.js';
import type { Plan } from './storage/types.js';
import { startWatchScheduler } from './watch/scheduler.js';
import { startWebhookDelivery } from './webhooks/delivery.js';
import { RETENTION_MS } from './jobs/calendar.js';
import { createRuntimeState, type RuntimeState } from './pipeline/runtime-state.js';
import { basicsOf, createServices, type AdapterOverrides } from './services.js';
import { openStore } from './storage/compose.js';

/** Settings for tests and embedding, beyond the flags and env vars of {@link ServerConfig}. */
export interface AppConfig extends ServerConfig, AdapterOverrides {
  /** Changes to the plan table of docs/service.md#plans, e.g. `{ FREE: { quota: 5 } }` (tests, special contracts). */
  planOverrides?: Partial<Record<Plan, Partial<PlanLimits>>>;
  /** Milliseconds an API key lookup is reused (a revoked key stops working within it). Default 2000; 0: no cache. */
  keyCacheMs?: number;
  /**
   * The budgets of failed authentications per source (docs/service.md#failed-authentication). Default
   * true; false turns them off (tests that send many wrong keys or tokens from one address on purpose).
   */
  authFailureLimits?: boolean;
}

/** How long close() waits for requests in flight before closing the store anyway. */
const CLOSE_WAIT_MS = 10_000;

/** Something running in the background until it is stopped. */
interface Worker {
  stop(): Promise<void>;
}

/** What runs once the store is open: the pipeline's runtime, the periodic jobs and the workers. */
export interface ServiceRuntime extends RuntimeState {
  /** Null when the configuration leaves the jobs to other instances. */
  jobs: Jobs | null;
  /** The batch runner, the watch scheduler and the webhook sender; none with `workers: false`. */
  workers: readonly Worker[];
  /** The batch runner among them, to be nudged when a job is submitted here; null with `workers: false`. */
  batch: BatchRunner | null;
}

/** The lifecycle of one service; see {@link createLifecycle}. */
export interface Lifecycle {
  /** The ready runtime, opened by the first call; rejects once the service is closed. A failed start may be tried again. */
  runtime(): ServiceRuntime | Promise<ServiceRuntime>;
  /** Marks a request in flight until `work` settles; close() waits for it. */
  track<T>(work: Promise<T>): Promise<T>;
  /** Stops the jobs, waits for the requests in flight (10 s at most), closes the store it opened. Idempotent. */
  close(): Promise<void>;
}

async function open(config: AppConfig, plans: Readonly<Record<Plan, PlanLimits>>): Promise<ServiceRuntime> {
  const { log } = basicsOf(config);
  const opened = await openStore(config, log);
  try {
    const services = createServices(config, opened);
    const { store, rates, tracker, now } = services;
    const saved = await store.rates.load();
    if (saved !== null) rates.restore(saved);
    for (const sample of await store.statusSamples.since(new Date(now().getTime() - RETENTION_MS))) {
      tracker.add({ at: sample.at, ...sample.snapshot });
    }
    const state = createRuntimeState(services, {
      jobConcurrencyPerState: backgroundConfig(config).jobConcurrencyPerState,
      ...(config.keyCacheMs === undefined ? {} : { keyCacheMs: config.keyCacheMs }),
    });
    const jobs =
      config.jobs === false
        ? null
        : startJobs({
            store,
            rates,
            tracker,
            statusFeed: services.statusFeed,
            now,
            instanceId: crypto.randomUUID(),
            log,
            ...(config.usageLogDays === undefined ? {} : { usageLogDays: config.usageLogDays }),
            ...(config.evidenceYears === undefined ? {} : { evidenceYears: config.evidenceYears }),
          });
    const workers = config.workers === false ? null : startWorkers(config, state, plans, log);
    return { ...state, jobs, workers: workers?.all ?? [], batch: workers?.batch ?? null };
  } catch (error) {
    if (opened.ownsStore) await opened.store.close().catch(() => undefined);
    throw error;
  }
}

/** The background workers of this process (docs/service.md#jobs, #vat-monitoring, #webhooks), over the open services. */
function startWorkers(config: AppConfig, runtime: RuntimeState, plans: Readonly<Record<Plan, PlanLimits>>, log: (line: string) => void): { all: Worker[]; batch: BatchRunner } {
  const { services } = runtime;
  const deps = { runtime: () => runtime, services: () => services, plans, log, now: services.now, config: backgroundConfig(config) };
  const batch = startBatchRunner({ runtime, plans });
  return { all: [batch, startWatchScheduler(deps), startWebhookDelivery(deps)], batch };
}

/** The lifecycle of the service `config` describes; nothing is opened until the runtime is first asked for. */
export function createLifecycle(config: AppConfig, plans: Readonly<Record<Plan, PlanLimits>>): Lifecycle {
  let runtime: ServiceRuntime | null = null;
  let readying: Promise<ServiceRuntime> | null = null;
  let closing: Promise<void> | null = null;
  const inFlight = new Set<Promise<unknown>>();

  function ready(): ServiceRuntime | Promise<ServiceRuntime> {
    if (runtime !== null) return runtime;
    if (closing !== null) return Promise.reject(new Error('the service is closed'));
    readying ??= open(config, plans).then(
      (opened) => {
        runtime = opened;
        return opened;
      },
      (error: unknown) => {
        // A failed start may be retried (e.g. a data directory that was locked).
        readying = null;
        throw error;
      },
    );
    return readying;
  }

  async function close(): Promise<void> {
    const opened = runtime ?? (readying === null ? null : await readying.catch(() => null));
    await opened?.jobs?.stop();
    await Promise.all((opened?.workers ?? []).map((worker) => worker.stop()));
    if (inFlight.size > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_WAIT_MS);
      });
      await Promise.race([Promise.allSettled([...inFlight]), timeout]);
      clearTimeout(timer);
    }
    if (opened?.services.ownsStore) await opened.services.store.close();
    runtime = null;
  }

  return {
    runtime: ready,
    track(work) {
      inFlight.add(work);
      const done = (): void => {
        inFlight.delete(work);
      };
      work.then(done, done);
      return work;
    },
    close() {
      closing ??= close();
      return closing;
    },
  };
}
