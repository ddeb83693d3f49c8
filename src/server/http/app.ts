/**
 * `createApp`: the HTTP service of docs/service.md as a Hono app (a Web-standard fetch handler), plus
 * `ready()` (open the store, restore rates and status samples, start the jobs) and `close()`
 * (stop the jobs, let requests in flight finish their counts, close the store it opened).
 * The routes are in routes/; this file only wires them to the services.
 */
import { Hono } from 'hono';
import type { ServerConfig } from '../config.js';
import { bearerToken, createAuthenticator, type Authenticator } from '../pipeline/auth.js';
import { describeError, ERROR_MESSAGES, errorResponse, messageResponse, methodNotAllowed } from './errors.js';
import { startJobs, type Jobs } from '../jobs/periodic.js';
import { logFailure } from './log-throttle.js';
import type { ConcurrencyLimiter } from '../storage/limiter.js';
import { openApiRoute } from './openapi.js';
import { PLANS, type PlanLimits } from '../policy/plans.js';
import { createQuotaHint, type QuotaHint } from '../pipeline/quota.js';
import { mountHealthRoutes } from './routes/health.js';
import { mountReferenceRoutes } from './routes/reference.js';
import { mountValidationRoutes, type ValidateDeps, type ValidateRuntime } from '../pipeline/validate.js';
import { basicsOf, createServices, type AdapterOverrides, type Services } from '../services.js';
import { openStore } from '../storage/compose.js';
import { FIELDS, type Plan } from '../storage/types.js';

/** Settings for tests and embedding, beyond the flags and env vars of {@link ServerConfig}. */
export interface AppConfig extends ServerConfig, AdapterOverrides {
  /** Changes to the plan table of docs/service.md#plans, e.g. `{ FREE: { quota: 5 } }` (tests, special contracts). */
  planOverrides?: Partial<Record<Plan, Partial<PlanLimits>>>;
  /** Milliseconds an API key lookup is reused (a revoked key stops working within it). Default 2000; 0: no cache. */
  keyCacheMs?: number;
}

/** The app: a Hono app with the service's lifecycle. */
export type VerifieldApp = Hono & {
  /** Opens the store, runs its migrations, restores rates and samples, starts the jobs. Idempotent. */
  ready(): Promise<void>;
  /** Stops the jobs, waits for requests in flight (their counts commit), closes the store it opened. */
  close(): Promise<void>;
};

/** How long close() waits for requests in flight before closing the store anyway. */
const CLOSE_WAIT_MS = 10_000;
const WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

interface Runtime extends ValidateRuntime {
  jobs: Jobs | null;
}

// The validation pipeline's dependencies of each app, for the Node listener's fast path (start.ts).
const validationDeps = new WeakMap<VerifieldApp, ValidateDeps>();

/** The validation pipeline of an app made by {@link createApp}. */
export function validationDepsOf(app: VerifieldApp): ValidateDeps {
  const deps = validationDeps.get(app);
  if (deps === undefined) throw new TypeError('not an app made by createApp');
  return deps;
}

function mergedPlans(overrides: AppConfig['planOverrides']): Readonly<Record<Plan, PlanLimits>> {
  if (overrides === undefined) return PLANS;
  const plans = { ...PLANS };
  for (const plan of Object.keys(overrides) as Plan[]) plans[plan] = { ...PLANS[plan], ...overrides[plan] };
  return plans;
}

/**
 * Creates the service. Requests that arrive before `ready()` has finished wait for it (the first
 * one starts it).
 * @example
 * const app = createApp({ dataDir: './.verifield' });
 * await app.ready();
 * const response = await app.fetch(new Request('http://localhost/api/v1/vat/rates'));
 */
export function createApp(config: AppConfig): VerifieldApp {
  const { log } = basicsOf(config);
  const plans = mergedPlans(config.planOverrides);
  // The limiter comes with the store (memory, PostgreSQL leases or Redis), known once it is open.
  const limiter: ConcurrencyLimiter = {
    acquire: async (request) => (await ensureReady()).services.limiter.acquire(request),
    inFlight: (accountId) => runtime?.services.limiter.inFlight(accountId) ?? 0,
    get sharedInUse() {
      return runtime?.services.limiter.sharedInUse ?? 0;
    },
  };
  let runtime: Runtime | null = null;
  let readying: Promise<Runtime> | null = null;
  let closing: Promise<void> | null = null;
  const inFlight = new Set<Promise<unknown>>();

  async function open(): Promise<Runtime> {
    const opened = await openStore(config, log);
    try {
      const services: Services = createServices(config, opened);
      const { store, rates, tracker, now } = services;
      const saved = await store.rates.load();
      if (saved !== null) rates.restore(saved);
      for (const sample of await store.statusSamples.since(new Date(now().getTime() - WINDOW_MS))) {
        tracker.add({ at: sample.at, ...sample.snapshot });
      }
      const auth: Authenticator = createAuthenticator({
        store,
        now,
        ...(config.keyCacheMs === undefined ? {} : { cacheMs: config.keyCacheMs }),
      });
      const quota: QuotaHint = createQuotaHint(store.usage);
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
            });
      return { services, auth, quota, jobs };
    } catch (error) {
      if (opened.ownsStore) await opened.store.close().catch(() => undefined);
      throw error;
    }
  }

  function ensureReady(): Runtime | Promise<Runtime> {
    if (runtime !== null) return runtime;
    if (closing !== null) return Promise.reject(new Error('the service is closed'));
    readying ??= open().then(
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

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    const done = (): void => {
      inFlight.delete(work);
    };
    work.then(done, done);
    return work;
  }

  async function close(): Promise<void> {
    const opened = runtime ?? (readying === null ? null : await readying.catch(() => null));
    await opened?.jobs?.stop();
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

  const app = new Hono();
  const deps: ValidateDeps = { runtime: ensureReady, limiter, plans, track, log };
  mountValidationRoutes(app, deps);
  const services = async (): Promise<Services> => (await ensureReady()).services;
  mountReferenceRoutes(app, { services, log });
  mountHealthRoutes(app, { services, log });
  openApiRoute(app);

  // Other methods on the validation paths: say which one works instead of a bare 404.
  for (const field of FIELDS) app.all(`/api/v1/validate/${field}`, () => methodNotAllowed());
  app.notFound(() => messageResponse(404, 'Not found'));
  app.onError((error, c) => {
    const requestId = crypto.randomUUID();
    // Validation requests handle their own failures; what lands here carries no value, and keys are cut out anyway.
    const keys = [c.req.header('x-api-key'), bearerToken(c.req.header('authorization'))].filter((key): key is string => key !== undefined);
    logFailure(log, { level: 'error', msg: 'request failed', requestId, path: c.req.path }, describeError(error, keys));
    const headers = { 'X-Request-Id': requestId };
    return c.req.path.startsWith('/api/v1/validate/')
      ? errorResponse(500, 'INTERNAL', ERROR_MESSAGES.INTERNAL, '', headers)
      : messageResponse(500, ERROR_MESSAGES.INTERNAL, headers);
  });

  const verifieldApp: VerifieldApp = Object.assign(app, {
    async ready() {
      await ensureReady();
    },
    close() {
      closing ??= close();
      return closing;
    },
  });
  validationDeps.set(verifieldApp, deps);
  return verifieldApp;
}
