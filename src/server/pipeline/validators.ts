/**
 * Which library function answers each validation endpoint, read from the field registry
 * (src/fields/validators.ts): the verified validator of a field that has one, the offline one
 * otherwise. No rule about a value lives here; the server only hands over what it knows: the
 * ports backed by the store, the plan's email level and the account's own VAT number as requester,
 * and keeps the VIES answers of a VAT validation as the account's evidence (../evidence/capture.ts).
 *
 * The registry loads every field's code, and phone (libphonenumber's metadata) and email (its
 * domain lists) are most of the library's: it is loaded by the first request that needs it, so
 * the service listens, and answers IBANs (and the other small offline fields), without it.
 */
import { FIELD_NAMES } from '../../fields/catalog.js';
import { ANSWERED_AT_START } from '../../fields/generated/at-start.js';
import type { FieldValidators, RequestOptions, ServiceContext } from '../../fields/validators.js';
import type { VatAnswerCache } from '../../ports.js';
import type { ValidationResult, VatValidationResult } from '../../result.js';
import { readRequester } from '../../vat/registry/requester.js';
import { evidenceRecords, keepEvidence, recordingRegistry } from '../evidence/capture.js';
import type { PlanLimits } from '../policy/plans.js';
import type { Services } from '../services.js';
import type { Account, Field } from '../storage/types.js';

/** What a validator may use besides the value. */
export interface ValidationContext {
  services: Pick<Services, 'registry' | 'nationalRegistries' | 'store' | 'dns' | 'domainAge' | 'now'>;
  account: Account;
  plan: PlanLimits;
  /** The members the request carried besides the value (its field's `requestMembers`); none: no such member. */
  options?: RequestOptions;
  /** The runtime's memo of the accounts' requesters; none: each read afresh. */
  requesters?: Requesters;
  /** 'bypass': the VIES answer cache is written but not read (a watch re-check). Default 'use'. */
  cache?: 'use' | 'bypass';
}

export type FieldValidator = (value: string, context: ValidationContext) => ValidationResult | Promise<ValidationResult>;

/** The account's VAT number in the form VIES takes as requester, or null when it has none usable (a malformed one is not sent: VIES would refuse every lookup with INVALID_REQUESTER_INFO). */
export function requesterOf(account: Account): string | null {
  const own = account.vatNumber;
  if (own === null || own === '') return null;
  const reading = readRequester(own);
  return reading.ok ? reading.normalized : null;
}

/** The requesters of one runtime (runtime-state.ts): an account's VAT number read once per distinct number. */
export interface Requesters {
  of(account: Account): string | null;
}

const MAX_REMEMBERED_REQUESTERS = 10_000;

export function createRequesters(): Requesters {
  const requesters = new Map<string, string | null>();
  return {
    of(account) {
      const own = account.vatNumber;
      if (own === null || own === '') return null;
      let requester = requesters.get(own);
      if (requester === undefined) {
        requester = requesterOf(account);
        if (requesters.size >= MAX_REMEMBERED_REQUESTERS) requesters.clear();
        requesters.set(own, requester);
      }
      return requester;
    },
  };
}

/** A VIES answer cache that is written but never read: a watch re-check must hear VIES itself (../watch/check.ts). */
function writeOnly(cache: VatAnswerCache): VatAnswerCache {
  return { get: async () => null, set: (countryCode, vatNumber, entry) => cache.set(countryCode, vatNumber, entry) };
}

/** The options of a request that carried none: one object shared by every such request. */
const NO_OPTIONS: RequestOptions = Object.freeze({});

function serviceContext({ services, account, plan, options, requesters, cache }: ValidationContext): ServiceContext {
  return {
    registry: services.registry,
    nationalRegistries: services.nationalRegistries,
    viesCache: cache === 'bypass' ? writeOnly(services.store.viesCache) : services.store.viesCache,
    breaker: services.store.breaker,
    dns: services.dns,
    domainAge: services.domainAge,
    now: services.now,
    emailLevel: plan.emailLevel,
    requester: requesters === undefined ? requesterOf(account) : requesters.of(account),
    options: options ?? NO_OPTIONS,
  };
}

type Registry = (typeof import('../../fields/validators.js'))['VALIDATORS'];

/**
 * The fields answered without loading the registry: those whose field.ts says `answeredAtStart`
 * (offline-only fields whose code is small), each with the registry's own function
 * (test/server/pipeline/validators-at-start.test.ts checks it). Every other field is answered
 * through the registry, loaded by the first request that needs it.
 */
export { ANSWERED_AT_START };

let registry: Promise<Registry> | null = null;

function loadRegistry(): Promise<Registry> {
  registry ??= import('../../fields/validators.js').then(
    (module) => module.VALIDATORS,
    (error: unknown) => {
      // A failed load (a file that could not be read) is tried again by the next request.
      registry = null;
      throw error;
    },
  );
  return registry;
}

/**
 * Whether `field` is answered offline (its folder has no `verified` validator): a job of such a
 * field runs its lines in chunks (batch/runner.ts). Read from the registry, which it loads, so
 * that asking at a job's start costs a start of the service nothing.
 */
export async function isOfflineField(field: Field): Promise<boolean> {
  const validators = await loadRegistry();
  return validators[field].verified === undefined;
}

function validatorOf<F extends Field>({ offline, verified }: FieldValidators<F>): FieldValidator {
  // The request's options are passed as they are: nothing allocated per request.
  return verified === undefined ? (value, context) => offline(value, context.options) : (value, context) => verified(value, serviceContext(context));
}

/** The validator of `field` from the registry, loaded on its first call; synchronous after it for an offline field. */
function fromRegistry(field: Field): FieldValidator {
  let loaded: FieldValidator | null = null;
  return (value, context) => {
    if (loaded !== null) return loaded(value, context);
    return loadRegistry().then((validators) => {
      loaded ??= validatorOf(validators[field]);
      return loaded(value, context);
    });
  };
}

/**
 * The VAT validator with its evidence (docs/service.md#evidence): every answer VIES gave this
 * validation is stored for the account that asked before the result is returned. Requests, jobs
 * and watch re-checks all come through here, each with its own registry (a job's is paced).
 *
 * A failure to store rejects the validation instead of answering it: evidence must never be lost
 * without anyone knowing, so the request takes the path of a meter failure (validate.ts: 503
 * STORE_UNAVAILABLE when the store is unavailable, else 500), and a job line or a watch check is
 * left unanswered, to be done again. The validation is then not counted either (the meter runs after).
 */
async function vatWithEvidence(value: string, context: ValidationContext): Promise<VatValidationResult> {
  const { services, account } = context;
  const { offline, verified = async (text: string) => offline(text) } = (await loadRegistry()).vat;
  const recording = recordingRegistry(services.registry, services.now);
  const result = await verified(value, serviceContext({ ...context, services: { ...services, registry: recording.registry } }));
  await keepEvidence(services.store.evidence, evidenceRecords(account.id, result, recording.exchanges()));
  return result;
}

/** Field -> the library call that answers it. */
export const FIELD_VALIDATORS: Readonly<Record<Field, FieldValidator>> = Object.fromEntries(
  FIELD_NAMES.map((field): [Field, FieldValidator] => {
    if (field === 'vat') return [field, vatWithEvidence];
    const atStart = ANSWERED_AT_START[field];
    return [field, atStart === undefined ? fromRegistry(field) : (value, context) => atStart(value, context.options)];
  }),
) as Record<Field, FieldValidator>;
