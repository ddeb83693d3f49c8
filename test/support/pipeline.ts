/**
 * The stages of the validation pipeline (src/server/pipeline/) on their own: a runtime over the
 * embedded store in memory, a fixed clock, an account with a key, and the request as the auth
 * stage would hand it on, so that each stage test starts where its stage starts.
 */
import { randomUUID } from 'node:crypto';
import { webInput } from '../../src/server/pipeline/body.js';
import type { ValidationInput } from '../../src/server/pipeline/input.js';
import type { KnownRequest, ValidateRuntime } from '../../src/server/pipeline/context.js';
import { periodOf } from '../../src/server/pipeline/period.js';
import { createRuntimeState } from '../../src/server/pipeline/runtime-state.js';
import { PLANS, type PlanLimits } from '../../src/server/policy/plans.js';
import { createServices } from '../../src/server/services.js';
import { openEmbeddedStore } from '../../src/server/storage/index.js';
import type { ConcurrencyLimiter } from '../../src/server/storage/limiter.js';
import { createMemoryLimiter } from '../../src/server/storage/memory/limiter.js';
import type { Account, ApiKeyRecord, Field, Plan, Store } from '../../src/server/storage/types.js';
import { accountWithKey, type KeyOptions } from './server.js';

/** The stages' clock: inside the billing period that starts on 2026-01-15. */
export const AT = new Date('2026-02-01T12:00:00Z');

export interface PipelineFixture {
  store: Store;
  runtime: ValidateRuntime;
  account: Account;
  /** The account's key, as its user holds it. */
  key: string;
  /** The key as stored. */
  record: ApiKeyRecord;
  /** The log lines of the services. */
  logs: string[];
}

/** What a fixture may be given: the store (default: the embedded store in memory) and the limiter (default: a new one in memory). */
export interface FixtureOptions extends KeyOptions {
  store?: Store;
  limiter?: ConcurrencyLimiter;
}

/** A runtime with one account of `plan` and its key. */
export async function pipelineFixture(plan: Plan, options: FixtureOptions = {}): Promise<PipelineFixture> {
  const store = options.store ?? (await openEmbeddedStore());
  const logs: string[] = [];
  const now = (): Date => new Date(AT.getTime());
  const limiter = options.limiter ?? createMemoryLimiter();
  const services = createServices({ now, log: (line) => logs.push(line) }, { store, ownsStore: false, limiter });
  const runtime: ValidateRuntime = createRuntimeState(services, { jobConcurrencyPerState: 2 });
  const { account, key } = await accountWithKey(store, plan, { now: AT, ...options });
  const [record] = await store.keys.list(account.id);
  if (record === undefined) throw new Error('the key was not stored');
  return { store, runtime, account, key, record, logs };
}

/** A JSON request body as the pipeline reads it, with more headers if given. */
export function jsonInput(body: string, headers: Record<string, string> = {}): ValidationInput {
  return webInput(
    new Request('http://localhost/api/v1/validate/iban', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body }),
  );
}

/** The request as the auth stage hands it on: `fixture`'s account and key, for `field`, at {@link AT}. */
export function knownRequest(fixture: PipelineFixture, input: ValidationInput, field: Field = 'iban', plan: PlanLimits = PLANS[fixture.account.plan]): KnownRequest {
  const { runtime, account, record } = fixture;
  return {
    field,
    input,
    requestId: randomUUID(),
    started: performance.now(),
    services: runtime.services,
    hint: runtime.quota,
    account,
    key: record,
    plan,
    period: periodOf(account.subscriptionStart, AT),
    at: AT,
  };
}
