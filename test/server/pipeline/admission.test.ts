/**
 * A key's admission decided once for every counted validation (src/server/pipeline/admission.ts,
 * asked by the metered validation): a job line and a watch re-check whose key was revoked or lost
 * the field's scope, or whose account was suspended, after the job was submitted or the watch
 * created, are refused with the error code a request with that key would get, and nothing is
 * counted. The runtime reads keys without a cache here (`keyCacheMs: 0`): with one, the same
 * change takes effect within the cache's age, for requests and background work alike.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBatchRunner, type BatchRunner } from '../../../src/server/batch/runner.js';
import { createRuntimeState, type RuntimeState } from '../../../src/server/pipeline/runtime-state.js';
import { KeyRefusal } from '../../../src/server/pipeline/admission.js';
import { PLANS } from '../../../src/server/policy/plans.js';
import { createServices } from '../../../src/server/services.js';
import { openStore } from '../../../src/server/storage/compose.js';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import type { Account, Field, Store, VatWatchRecord } from '../../../src/server/storage/types.js';
import { checkWatch } from '../../../src/server/watch/check.js';
import { checkDueWatches } from '../../../src/server/watch/scheduler.js';
import { germanIban } from '../../support/generators/iban.js';
import { startViesFake, type ViesFake } from '../../support/fakes/vies.js';
import { createAccount, createKey } from '../../support/server.js';
import { queuedJob } from '../../support/job-records.js';

const LU = 'LU26375245';

let inner: Store;
let vies: ViesFake;
let runtime: RuntimeState;
let runner: BatchRunner | undefined;
let account: Account;
let keyId: string;
/** The fields taken out of every key's scope, as if the key had been narrowed. */
const narrowed = new Set<Field>();

beforeEach(async () => {
  inner = await openEmbeddedStore();
  vies = await startViesFake();
  vies.register(LU, { valid: true, name: 'ACME SARL', address: '1 RUE DU MARCHE' });
  narrowed.clear();
  // The store's keys as read after a narrowing: the scopes without the fields taken out.
  const store: Store = {
    ...inner,
    keys: {
      ...inner.keys,
      list: async (accountId) => (await inner.keys.list(accountId)).map((key) => ({ ...key, scopes: key.scopes.filter((field) => !narrowed.has(field)) })),
    },
  };
  const services = createServices({ viesUrl: vies.url, log: () => undefined, jobs: false }, await openStore({ store }));
  runtime = createRuntimeState(services, { jobConcurrencyPerState: 2, keyCacheMs: 0 });
  account = await createAccount(inner, 'PRO');
  keyId = (await createKey(inner, account)).id;
});

afterEach(async () => {
  await runner?.stop();
  runner = undefined;
  await vies.close();
  await inner.close();
});

/** What happens to a key after the job was submitted or the watch created, and the code a request with it then gets. */
const CHANGES: Array<{ change: string; code: string; status: number; apply(): Promise<unknown> }> = [
  { change: 'its account suspended', code: 'ACCOUNT_SUSPENDED', status: 401, apply: () => inner.accounts.update(account.id, { suspended: true }, new Date()) },
  { change: 'the key revoked', code: 'INVALID_API_KEY', status: 401, apply: () => inner.keys.revoke(keyId, new Date()) },
  {
    change: 'the key narrowed',
    code: 'FORBIDDEN',
    status: 403,
    apply: async () => {
      narrowed.add('iban');
      narrowed.add('vat');
    },
  },
];

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const until = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(CHANGES)('after $change', ({ code, status, apply }) => {
  it(`a job's next line is refused with ${code}: the job fails, nothing counted`, async () => {
    const values = Array.from({ length: 600 }, (_, index) => germanIban(String(index).padStart(18, '0')));
    const job = queuedJob(account.id, keyId, 'iban', values.length);
    await inner.batchJobs.create(job, values);
    await apply();
    runner = startBatchRunner({ runtime, idlePollMs: 20 });
    await waitFor(async () => (await inner.batchJobs.get(account.id, job.id))?.status === 'failed', 'the job to fail');
    const ended = await inner.batchJobs.get(account.id, job.id);
    expect(ended?.error).toMatch(new RegExp(`^${code}: `));
    expect(ended?.done).toBe(0);
    expect(await inner.usage.used(account.id, runtime.periods.of(account.subscriptionStart, new Date()).start)).toBe(0);
  });

  it(`a watch re-check is refused with ${code}: nothing counted, the verdict kept`, async () => {
    const now = new Date();
    const watch: VatWatchRecord = {
      id: crypto.randomUUID(),
      accountId: account.id,
      keyId,
      value: LU,
      traderName: null,
      registered: true,
      name: 'ACME SARL',
      address: '1 RUE DU MARCHE',
      lastCheckedAt: now,
      lastAttemptAt: now,
      nextCheckAt: now,
      createdAt: now,
    };
    await inner.watches.create(watch);
    await apply();
    const deps = { runtime: () => runtime, plans: PLANS, log: () => undefined, now: () => new Date(), config: { jobConcurrencyPerState: 2, watchIntervalMs: 86_400_000 } };
    const refused = await checkWatch(deps, watch);
    expect(refused).toBeInstanceOf(KeyRefusal);
    expect(refused).toMatchObject({ status, code });
    // The scheduler's round: the same refusal, the watch back at its next turn.
    await inner.watches.recordCheck(watch.id, { registered: null, name: null, address: null, at: new Date(), nextCheckAt: new Date(0) });
    expect(await checkDueWatches(deps)).toBe(1);
    expect(await inner.usage.log(account.id, 10)).toEqual([]);
    expect(vies.calls).toBe(0);
    const [kept] = await inner.watches.list(account.id);
    expect(kept).toMatchObject({ registered: true, name: 'ACME SARL' });
    expect(kept?.nextCheckAt.getTime()).toBeGreaterThan(Date.now());
  });
});
