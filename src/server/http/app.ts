/**
 * `createApp`: the HTTP service of docs/service.md as a Hono app (a Web-standard fetch handler), plus
 * `ready()` (open the store, restore rates and status samples, start the jobs) and `close()`
 * (stop the jobs, let requests in flight finish their counts, close the store it opened): the
 * lifecycle of ../runtime.ts. The routes are in routes/; this file only wires them to the services. {@link assembleApp} also
 * hands over the validation pipeline it built, for the Node listener's fast path (start.ts).
 */
import type { HttpBindings } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { mountAdminApi } from '../admin-api/routes.js';
import { mountDashboard } from '../dashboard/routes/index.js';
import { createEmailSignIn, smtpMailSender, type EmailSignIn } from '../dashboard/email-sign-in.js';
import { loggablePath } from '../dashboard/sign-in.js';
import { backgroundConfig, DEFAULT_USAGE_LOG_DAYS } from '../config.js';
import { bearerToken } from '../pipeline/authenticator.js';
import { answerResponse, apiErrorResponse, describeError, ERROR_MESSAGES, errorResponse } from '../answers/errors.js';
import { createLogThrottle, logFailure } from '../answers/log-throttle.js';
import { notFoundMessage, notFoundResponse } from './not-found.js';
import { openApiRoute } from './openapi.js';
import { PLANS, type PlanLimits } from '../policy/plans.js';
import { mountHealthRoutes } from './routes/health.js';
import { mountReferenceRoutes } from './routes/reference.js';
import { mountValidationRoutes } from './routes/validation.js';
import type { ApiRouteDeps } from './routes/api-key.js';
import { mountEvidenceRoutes } from './routes/evidence.js';
import { mountJobRoutes } from './routes/jobs.js';
import { mountWatchRoutes } from './routes/watch.js';
import type { ValidateDeps } from '../pipeline/validate.js';
import { createFailureBudget, KEY_FAILURES } from '../pipeline/failure-budget.js';
import { storeUnavailableAnswer, storeUnavailableResponse } from '../pipeline/metered.js';
import { trustedProxies, type TrustedProxies } from './client-source.js';
import { nodeSource } from './node-input.js';
import { createLifecycle, type AppConfig } from '../runtime.js';
import { basicsOf, type Services } from '../services.js';
import { StoreUnavailableError } from '../storage/guard.js';
import type { Plan } from '../storage/types.js';

export type { AppConfig } from '../runtime.js';

/** The app: a Hono app with the service's lifecycle. */
export type VerifieldApp = Hono & {
  /** Opens the store, runs its migrations, restores rates and samples, starts the jobs. Idempotent. */
  ready(): Promise<void>;
  /** Stops the jobs, waits for requests in flight (their counts commit), closes the store it opened. */
  close(): Promise<void>;
};

/** An app and the validation pipeline its routes run, which a listener may run without Web objects. */
export interface AssembledApp {
  app: VerifieldApp;
  /** What src/server/pipeline/validate.ts `handleValidation` needs, shared with the app's routes. */
  validation: ValidateDeps;
  /** The proxies of `config.trustProxy`, for the listener's own reading of a request's source (node-input.ts). */
  trusted: TrustedProxies;
}

/** The methods the service's paths answer, for telling a known path from an unknown one. */
const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function mergedPlans(overrides: AppConfig['planOverrides']): Readonly<Record<Plan, PlanLimits>> {
  if (overrides === undefined) return PLANS;
  const plans = { ...PLANS };
  for (const plan of Object.keys(overrides) as Plan[]) plans[plan] = { ...PLANS[plan], ...overrides[plan] };
  return plans;
}

/** Sign-in by email when the configuration names an SMTP server; a RangeError when it does without a public URL. */
function signInByEmail(config: AppConfig, log: (line: string) => void): EmailSignIn | undefined {
  const { smtpUrl, publicUrl } = config;
  if (smtpUrl === undefined) return undefined;
  if (publicUrl === undefined) throw new RangeError('smtpUrl needs publicUrl: the address the mailed sign-in links point at');
  const from = config.smtpFrom ?? `no-reply@${new URL(publicUrl).hostname}`;
  return createEmailSignIn({ send: smtpMailSender(smtpUrl, from), publicUrl, log });
}

/**
 * Creates the service. Requests that arrive before `ready()` has finished wait for it (the first
 * one starts it).
 * @example
 * ```ts
 * const store = await openEmbeddedStore();
 * const app = createApp({ store, jobs: false });
 * await app.ready();
 * (await app.fetch(new Request('http://localhost/healthz'))).status; // 200
 * (await app.fetch(new Request('http://localhost/api/v1/validate/iban'))).status; // 405
 * await app.close();
 * await store.close();
 * ```
 */
export function createApp(config: AppConfig): VerifieldApp {
  return assembleApp(config).app;
}

/** {@link createApp}, with the validation pipeline the app runs (start.ts serves it on Node's own request objects). */
export function assembleApp(config: AppConfig): AssembledApp {
  const { log, now } = basicsOf(config);
  const plans = mergedPlans(config.planOverrides);
  const lifecycle = createLifecycle(config, plans);
  // One per service, not per log sink: two services over one sink (tests, embedding) count their failures apart.
  const failureLog = createLogThrottle({ log });

  const app = new Hono();
  const trusted = trustedProxies(config.trustProxy ?? []);
  // Under @hono/node-server the request's Node object is in the bindings; a fetch called directly has no source.
  const sourceOf = (c: Context): string | undefined => {
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    return incoming === undefined ? undefined : nodeSource(incoming, trusted);
  };
  const limits = config.authFailureLimits ?? true;
  const validation: ValidateDeps = { runtime: lifecycle.runtime, plans, track: lifecycle.track, failureLog };
  if (limits) validation.failures = createFailureBudget({ ...KEY_FAILURES, what: 'API key', log });
  mountValidationRoutes(app, validation, limits ? sourceOf : undefined);
  const services = async (): Promise<Services> => (await lifecycle.runtime()).services;
  const runtime = lifecycle.runtime;
  mountReferenceRoutes(app, { services, log });
  mountHealthRoutes(app, { services, failureLog });
  const api: ApiRouteDeps = {
    runtime,
    services,
    plans,
    log,
    now,
    config: backgroundConfig(config),
    // The runner of this process looks at once rather than at its next poll (up to a second later).
    jobSubmitted: () => void Promise.resolve(lifecycle.runtime()).then((runtime) => runtime.batch?.nudge(), () => undefined),
    ...(validation.failures === undefined ? {} : { failures: validation.failures, sourceOf }),
  };
  mountJobRoutes(app, api);
  mountWatchRoutes(app, api);
  mountEvidenceRoutes(app, api);
  // A path a route of its own answers (by some method) is a known one, not one a catch-all such as the
  // admin API's 404 takes: the 404's trailing-slash hint names only those.
  const knownPath = (path: string): boolean =>
    ROUTE_METHODS.some((method) => app.router.match(method, path)[0].some(([[, route]]) => !route.path.endsWith('*')));
  mountAdminApi(app, { services, plans, log, failureLog, adminToken: config.adminToken, pathHint: (path) => notFoundMessage(path, knownPath), ...(limits ? { sourceOf } : {}) });
  const emailSignIn = signInByEmail(config, log);
  mountDashboard(app, {
    services,
    plans,
    failureLog,
    usageLogDays: config.usageLogDays ?? DEFAULT_USAGE_LOG_DAYS,
    sourceOf,
    jobs: { maxQueuedJobs: api.config.maxQueuedJobs, submitted: api.jobSubmitted ?? (() => undefined) },
    ...(emailSignIn === undefined ? {} : { emailSignIn }),
    ...(config.publicUrl === undefined ? {} : { publicUrl: config.publicUrl }),
  });
  openApiRoute(app);

  app.notFound((c) => notFoundResponse(c.req.path, knownPath));
  app.onError((error, c) => {
    const validation = c.req.path.startsWith('/api/v1/validate/');
    // A store that cannot be reached is an outage the client may wait out, on every path, not an internal error.
    if (error instanceof StoreUnavailableError) {
      return validation ? answerResponse(storeUnavailableAnswer(error.outage)) : storeUnavailableResponse(error.outage);
    }
    const requestId = crypto.randomUUID();
    // Validation requests handle their own failures; what lands here carries no value, and keys are cut out anyway.
    const keys = [c.req.header('x-api-key'), bearerToken(c.req.header('authorization'))].filter((key): key is string => key !== undefined);
    logFailure(failureLog, { level: 'error', msg: 'request failed', requestId, path: loggablePath(c.req.path) }, describeError(error, keys));
    const headers = { 'X-Request-Id': requestId };
    return validation ? errorResponse(500, 'INTERNAL', ERROR_MESSAGES.INTERNAL, '', headers) : apiErrorResponse(500, 'INTERNAL', ERROR_MESSAGES.INTERNAL, headers);
  });

  const verifieldApp: VerifieldApp = Object.assign(app, {
    async ready() {
      await lifecycle.runtime();
    },
    close: lifecycle.close,
  });
  return { app: verifieldApp, validation, trusted };
}
