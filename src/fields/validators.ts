/**
 * The library functions that answer each field of ./catalog.ts: the offline validator (what
 * `verifield check` runs) and, for the fields that ask the outside world, the verified one the
 * service runs through the ports. Rules about values stay in the fields' own folders: this table
 * only says which function answers and passes it what the service knows.
 */
import { serviceEmailLevel } from '../email/service-depth.js';
import { validateEmail, verifyEmail } from '../email/index.js';
import { validateIban } from '../iban/index.js';
import { validateNas } from '../nas/index.js';
import { validateNif } from '../nif/index.js';
import { validatePhone } from '../phone/index.js';
import type { CircuitBreakerStore, Clock, DnsResolver, DomainAgeSource, VatAnswerCache, VatRegistry } from '../ports.js';
import type { ValidationLevel } from '../result.js';
import { validateSsn } from '../ssn/index.js';
import { validateVat, verifyVat } from '../vat/index.js';
import type { FieldName, FieldResults } from './catalog.js';

/** What the service hands a verified validator besides the value: its ports and the caller's settings. */
export interface ServiceContext {
  /** VIES. */
  registry: VatRegistry;
  /** The store's VIES answers. */
  viesCache: VatAnswerCache;
  /** The store's per-country circuit breakers. */
  breaker: CircuitBreakerStore;
  dns: DnsResolver;
  domainAge: DomainAgeSource;
  now: Clock;
  /** The email level of the account's plan (src/email/service-depth.ts turns it into a depth). */
  emailLevel: ValidationLevel;
  /** The account's own VAT number as VIES takes it (src/vat/registry/requester.ts), or null. */
  requester: string | null;
  /** The company name the caller expects, on the fields that take one (`takesTraderName`). */
  traderName?: string;
}

/** What a request says besides the value and the offline validator reads, on the fields that take it (./catalog.ts). */
export interface RequestOptions {
  /** The country a phone number written without its country code is read in, ISO 3166-1 alpha-2 (`takesDefaultCountry`). */
  defaultCountry?: string;
}

/** The functions that answer field `F`. */
export interface FieldValidators<F extends FieldName> {
  /** Offline, synchronous: shape and check digits only. */
  offline: (value: string, options?: RequestOptions) => FieldResults[F];
  /** What the service runs instead of `offline`, for a field that asks the outside world. */
  verified?: (value: string, context: ServiceContext) => Promise<FieldResults[F]>;
}

/** Field -> the functions that answer it. */
export const VALIDATORS: { readonly [F in FieldName]: FieldValidators<F> } = {
  vat: {
    offline: validateVat,
    verified: (value, context) =>
      verifyVat(value, {
        registry: context.registry,
        cache: context.viesCache,
        breaker: context.breaker,
        now: context.now,
        ...(context.traderName === undefined ? {} : { traderName: context.traderName }),
        ...(context.requester === null ? {} : { requester: context.requester }),
      }),
  },
  iban: { offline: validateIban },
  email: {
    // Wrapped: validateEmail's second parameter is its options, never what a caller passes along.
    offline: (value) => validateEmail(value),
    verified: (value, context) =>
      verifyEmail(value, { dns: context.dns, domainAge: context.domainAge, level: serviceEmailLevel(context.emailLevel), now: context.now }),
  },
  // Wrapped: only the option the request named is passed on, never what else a caller's object holds.
  phone: { offline: (value, options) => (options?.defaultCountry === undefined ? validatePhone(value) : validatePhone(value, { defaultCountry: options.defaultCountry })) },
  nif: { offline: validateNif },
  nas: { offline: validateNas },
  ssn: { offline: validateSsn },
};
