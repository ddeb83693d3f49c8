/**
 * GET /healthz and GET /readyz, for process supervisors and load balancers: no key, no quota,
 * nothing counted, never cached.
 * - /healthz: the process is alive and answering; always 200.
 * - /readyz: the service can do its work: the store takes a write (a real write read back, see
 *   Store.probe; on a scaled-out deployment Redis too) within two seconds, and is not known to be
 *   unavailable (store-guard.ts: failing writes, or a data file deleted or replaced). 200 when it does, 503
 *   when it does not or the service has not started. The body also tells the state of the VAT
 *   rates and of the VIES status feed, which do not decide readiness: validations work without
 *   them.
 */
import type { Hono } from 'hono';
import { describeError, jsonResponse } from '../../answers/errors.js';
import { lastRatesRun, STATUS_INTERVAL_MS } from '../../jobs/calendar.js';
import { logFailure, type LogThrottle } from '../../answers/log-throttle.js';
import type { Services } from '../../services.js';
import { StoreUnavailableError, type StoreAvailability } from '../../storage/guard.js';
import type { Store } from '../../storage/types.js';
import type { ReadinessReport } from '../../../ports.js';
import { statesWithoutRates } from '../../../vat/reference/rates.js';
import { failingCountries } from '../../../vat/registry/policy.js';
import { registryStates } from '../../registries/overview.js';

/** How long the store may take to take the probe's write before the service is reported not ready. */
export const READY_TIMEOUT_MS = 2_000;
/** A check this recent is answered again instead of writing anew: /readyz needs no key, so anyone may call it. */
const REUSE_MS = 1_000;
/** The feed is sampled every five minutes; a sample older than three intervals means the sampler is stuck or failing. */
const FEED_CURRENT_MS = 3 * STATUS_INTERVAL_MS;

const NO_STORE = { 'Cache-Control': 'no-store' };

export interface HealthDeps {
  /** The ready services; rejects when the service cannot start or is closed. */
  services(): Services | Promise<Services>;
  /** The service's throttle of failure lines (answers/log-throttle.ts), shared by every place that logs per-request failures. */
  failureLog: LogThrottle;
}

/** A step of the check that did not finish in time. */
class TimedOut extends Error {}

/** The store's own probe, or a read for a store that has none. */
function probe(store: Store): Promise<unknown> {
  return store.probe === undefined ? store.rates.load() : store.probe();
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function ratesState(services: Services, now: Date): ReadinessReport['vatRates'] {
  const fetchedAt = services.rates.fetchedAt;
  const lastFailureAt = services.rates.lastFailure?.at ?? null;
  const missing = statesWithoutRates(services.rates.all());
  if (fetchedAt === null) return { state: 'none', fetchedAt: null, lastFailureAt, missing };
  const current = Date.parse(fetchedAt) >= lastRatesRun(now);
  return { state: current ? 'current' : 'stale', fetchedAt, lastFailureAt, missing };
}

function feedState(services: Services, now: Date): ReadinessReport['viesStatusFeed'] {
  const last = services.tracker.newestSampleAt();
  if (last === null) return { state: 'none', lastSampleAt: null, samples: 0 };
  const state = now.getTime() - last.getTime() <= FEED_CURRENT_MS ? 'current' : 'stale';
  return { state, lastSampleAt: last.toISOString(), samples: services.tracker.sampleCount() };
}

/** Each registry and its failing prefixes, from the breakers (an unreadable breaker store: none known to fail). */
async function registriesState(services: Services, failureLog: LogThrottle): Promise<ReadinessReport['registries']> {
  let failing: ReadonlySet<string> = new Set();
  try {
    failing = new Set(await withTimeout(failingCountries(services.store.breaker), READY_TIMEOUT_MS));
  } catch (error) {
    logFailure(failureLog, { level: 'warn', msg: 'readiness: circuit breakers unreadable' }, error instanceof TimedOut ? 'timed out' : describeError(error, []));
  }
  return registryStates(services.nationalRegistries, failing);
}

/** Whether the store takes writes: not when it is known to be unavailable, else by its probe. */
async function storeState(store: Store, availability: StoreAvailability | undefined, failureLog: LogThrottle): Promise<ReadinessReport['store']> {
  // Already known (store-guard.ts, which probes it meanwhile): the reason, without another write.
  const outage = availability?.outage() ?? null;
  if (outage !== null) return { writable: false, latencyMs: null, message: outage.message };
  const startedAt = performance.now();
  try {
    await withTimeout(probe(store), READY_TIMEOUT_MS);
    return { writable: true, latencyMs: Math.round(performance.now() - startedAt), message: null };
  } catch (error) {
    // The body is public: the reason in words; the error itself (which may name hosts) goes to the log.
    // A failure the guard counts as an outage (it began with this probe) answers as the outage does.
    const message =
      error instanceof TimedOut
        ? `The store did not take a write within ${READY_TIMEOUT_MS / 1000} s`
        : error instanceof StoreUnavailableError
          ? error.outage.message
          : 'The store refused a write';
    logFailure(failureLog, { level: 'warn', msg: 'readiness: store probe failed' }, error instanceof TimedOut ? message : describeError(error instanceof StoreUnavailableError ? error.cause : error, []));
    return { writable: false, latencyMs: null, message };
  }
}

/** Runs the readiness check once. */
async function checkReadiness(deps: HealthDeps): Promise<ReadinessReport> {
  const notReady = (message: string): ReadinessReport => ({
    status: 'not-ready',
    checkedAt: new Date().toISOString(),
    store: { writable: false, latencyMs: null, message },
    vatRates: null,
    registries: null,
    viesStatusFeed: null,
  });
  let services: Services;
  try {
    services = await withTimeout(Promise.resolve().then(() => deps.services()), READY_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof TimedOut) return notReady('The service is still starting');
    logFailure(deps.failureLog, { level: 'warn', msg: 'readiness: the service is not started' }, describeError(error, []));
    return notReady('The service is not started: its store could not be opened, or it is shutting down');
  }
  const now = services.now();
  const [store, registries] = await Promise.all([
    storeState(services.store, services.availability, deps.failureLog),
    registriesState(services, deps.failureLog),
  ]);
  return {
    status: store.writable ? 'ready' : 'not-ready',
    checkedAt: now.toISOString(),
    store,
    vatRates: ratesState(services, now),
    registries,
    viesStatusFeed: feedState(services, now),
  };
}

/** The body of GET /healthz: the process is alive and answering. */
export interface HealthStatus {
  /** Always ok. */
  status: 'ok';
}

const ALIVE: HealthStatus = { status: 'ok' };

/** Mounts GET /healthz and GET /readyz. */
export function mountHealthRoutes(app: Hono, deps: HealthDeps): void {
  // The check in flight, and the last one for a second after it finished, answer every call: a
  // burst of calls costs one write.
  let shared: Promise<ReadinessReport> | null = null;
  let finishedAt = -Infinity;

  app.get('/healthz', () => jsonResponse(200, ALIVE, NO_STORE));

  app.get('/readyz', async () => {
    if (shared === null || (finishedAt !== -Infinity && Date.now() - finishedAt >= REUSE_MS)) {
      finishedAt = -Infinity;
      const running = checkReadiness(deps);
      shared = running;
      const done = (): void => {
        if (shared === running) finishedAt = Date.now();
      };
      running.then(done, done);
    }
    const report = await shared;
    return jsonResponse(report.status === 'ready' ? 200 : 503, report, NO_STORE);
  });
}
