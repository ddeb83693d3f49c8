/**
 * The runtime state of one service: every cache, memo, limit and pacing slot the service keeps in
 * memory, on one object that ../runtime.ts creates when the store opens and passes down to the
 * pipeline, the batch runner and the watch re-checks. Nothing of it lives at module level, so two
 * services in one process (tests, embedding) share nothing, and the limits are those of the
 * service's configuration, not of whichever caller came first.
 */
import { createAnswerLanguages, type AnswerLanguages } from '../answers/answer-language.js';
import type { Services } from '../services.js';
import type { StoreAvailability } from '../storage/guard.js';
import { createAuthenticator, type Authenticator } from './authenticator.js';
import { createPeriods, type Periods } from './period.js';
import { createQuotaHint, type QuotaHint } from './quota-hint.js';
import { createCountrySlots, type CountrySlots } from './slots.js';
import { createRequesters, type Requesters } from './validators.js';

export interface RuntimeState {
  services: Services;
  /** Whether the store can count now (storage/guard.ts); undefined for a store without a guard (an injected one). */
  availability: StoreAvailability | undefined;
  /** The one authenticator of every /api/v1 endpoint, with one key cache (`keyCacheMs`). */
  auth: Authenticator;
  /** The counts this process knows (quota-hint.ts). */
  quota: QuotaHint;
  /** The accounts' billing periods, worked out once a day each. */
  periods: Periods;
  /** The accounts' VAT numbers as VIES requesters, read once each. */
  requesters: Requesters;
  /** The answer language of the Accept-Language values seen last. */
  languages: AnswerLanguages;
  /** VIES calls in flight per member state for background work (jobs, watch re-checks), `jobConcurrencyPerState` each. */
  viesSlots: CountrySlots;
}

export interface RuntimeStateOptions {
  /** Milliseconds a key lookup is reused (authenticator.ts); default its DEFAULT_KEY_CACHE_MS. */
  keyCacheMs?: number;
  /** VIES calls in flight per member state for background work. */
  jobConcurrencyPerState: number;
}

/** The state of a service over its open `services`. */
export function createRuntimeState(services: Services, options: RuntimeStateOptions): RuntimeState {
  const { store, now } = services;
  return {
    services,
    // The one read of the store's availability: the pipeline, the workers and the account endpoints ask it here.
    availability: services.availability,
    auth: createAuthenticator({ store, byId: store, now, ...(options.keyCacheMs === undefined ? {} : { cacheMs: options.keyCacheMs }) }),
    quota: createQuotaHint(store.usage),
    periods: createPeriods(),
    requesters: createRequesters(),
    languages: createAnswerLanguages(),
    viesSlots: createCountrySlots(options.jobConcurrencyPerState),
  };
}
