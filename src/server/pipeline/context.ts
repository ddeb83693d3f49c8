/**
 * What the stages of the validation pipeline hand each other (validate.ts runs them in order): the
 * request as it arrived, the request once its key is known, the parts of the service they use,
 * and the refusal with which a stage ends a request.
 */
import type { ValidationAnswer } from '../answers/errors.js';
import type { PlanLimits } from '../policy/plans.js';
import type { Services } from '../services.js';
import type { Account, ApiKeyRecord, Field } from '../storage/types.js';
import type { ValidationInput } from './input.js';
import type { Period } from './period.js';
import type { QuotaHint } from './quota-hint.js';
import type { RuntimeState } from './runtime-state.js';

/** What the pipeline runs on once the store is open: the service's one runtime state (runtime-state.ts). */
export type ValidateRuntime = RuntimeState;

/** A validation request before any stage ran: what the listener knows of it. */
export interface ArrivedRequest {
  field: Field;
  input: ValidationInput;
  /** The request's id in the usage log, in log lines and in the X-Request-Id of a 500 or 503. */
  requestId: string;
  /** performance.now() on arrival: the usage log's latency counts from here. */
  started: number;
}

/** A request whose key is known and allows its field: what every stage after auth reads. */
export interface KnownRequest extends ArrivedRequest {
  services: Services;
  /** The counts this process knows (quota.ts). */
  hint: QuotaHint;
  account: Account;
  key: ApiKeyRecord;
  plan: PlanLimits;
  /** The account's billing period at `at`. */
  period: Period;
  /** The request's time on the service's clock. */
  at: Date;
}

/** Whose request was refused, once its key was found: where the refusal is logged (refusal-log.ts). */
export interface RefusedHolder {
  account: Account;
  key: ApiKeyRecord;
  /** The account's billing period at `at`. */
  period: Period;
  /** The request's time on the service's clock. */
  at: Date;
}

/**
 * A stage's refusal: the answer that ends the request at that stage. A stage resolves with its
 * output or with a Refusal; only refused requests pay for the wrapper. `holder`: the key the auth
 * stage found before refusing it (revoked, expired, suspended, out of scope).
 */
export class Refusal {
  constructor(
    readonly answer: ValidationAnswer,
    readonly holder?: RefusedHolder,
  ) {}
}
