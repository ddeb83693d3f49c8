/**
 * A job submitted to a process tells that process's batch runner at once (`jobSubmitted`), so an idle
 * runner does not wait for its next look; a refused submission tells it nothing.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountAdmin } from '../../../src/server/admin/service.js';
import { backgroundConfig } from '../../../src/server/config.js';
import type { ApiRouteDeps } from '../../../src/server/http/routes/api-key.js';
import { createRuntimeState } from '../../../src/server/pipeline/runtime-state.js';
import { mountJobRoutes } from '../../../src/server/http/routes/jobs.js';
import { PLANS } from '../../../src/server/policy/plans.js';
import { createServices } from '../../../src/server/services.js';
import { createMemoryLimiter } from '../../../src/server/storage/memory/limiter.js';
import type { Store } from '../../../src/server/storage/types.js';
import { openTestStore } from '../../support/store/test-store.js';

let store: Store;
let app: Hono;
let nudges = 0;

beforeAll(async () => {
  store = await openTestStore();
  const services = createServices({ log: () => undefined, jobs: false }, { store, ownsStore: false, limiter: createMemoryLimiter() });
  const runtime = createRuntimeState(services, { jobConcurrencyPerState: 2 });
  const deps: ApiRouteDeps = {
    runtime: () => runtime,
    services: () => services,
    plans: { ...PLANS, FREE: { ...PLANS.FREE, quota: 3 } },
    log: () => undefined,
    now: () => new Date('2026-11-28T10:00:00Z'),
    config: { ...backgroundConfig({}), allowPrivateWebhooks: false },
    jobSubmitted: () => {
      nudges += 1;
    },
  };
  app = new Hono();
  mountJobRoutes(app, deps);
});

afterAll(async () => {
  await store?.close();
});

async function submit(key: string, values: string[]): Promise<number> {
  const response = await app.request('/api/v1/jobs', {
    method: 'POST',
    headers: { 'X-API-KEY': key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ field: 'iban', values }),
  });
  return response.status;
}

describe('a submitted job', () => {
  it('nudges the runner once when it is stored, and not when it is refused', async () => {
    const admin = createAccountAdmin(store, { now: () => new Date('2026-11-28T10:00:00Z') });
    const account = await admin.createAccount({ name: 'Nudged', plan: 'FREE', subscriptionStart: '2026-11-01' });
    const { key } = await admin.createKey({ accountId: account.id, name: 'k' });

    expect(await submit(key, ['DE89 3704 0044 0532 0130 00', 'GB82 WEST 1234 5698 7654 32'])).toBe(202);
    expect(nudges).toBe(1);
    // FREE with a quota of 3: four values are refused up front, and nothing is stored to run.
    expect(await submit(key, ['a', 'b', 'c', 'd'])).toBe(429);
    expect(nudges).toBe(1);
  });
});
