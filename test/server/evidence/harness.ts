/**
 * The evidence tests' service: the real server (startServer over the embedded store, VIES the
 * loopback fake) for validations, and the evidence routes on a Hono app over the same store, with
 * the API key rules of src/server/http/routes/api-key.ts. The server's fetch records every VIES
 * reply byte for byte, so a test can hash what VIES really sent.
 */
import { Hono } from 'hono';
import { mountEvidenceRoutes } from '../../../src/server/http/routes/evidence.js';
import type { ApiRouteDeps } from '../../../src/server/http/routes/api-key.js';
import { createRuntimeState } from '../../../src/server/pipeline/runtime-state.js';
import { PLANS } from '../../../src/server/policy/plans.js';
import { createServices } from '../../../src/server/services.js';
import { createMemoryLimiter } from '../../../src/server/storage/memory/limiter.js';
import type { Store } from '../../../src/server/storage/types.js';
import { fakeConfig, startTestServer, type Fakes, type TestServer } from '../../support/server.js';

export interface EvidenceService {
  server: TestServer;
  /** Every VIES reply body the server received, in order. */
  replies: Uint8Array[];
  /** GET on the evidence routes with `key` (X-API-KEY) and an optional Accept. */
  get(path: string, key: string, accept?: string): Promise<Response>;
  close(): Promise<void>;
}

export async function startEvidenceService(fakes: Fakes, store: Store): Promise<EvidenceService> {
  const replies: Uint8Array[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    // The fake's REST endpoint: the base URL the service was given, and the operation under it.
    if (String(input) !== `${fakes.vies.url}/check-vat-number`) return response;
    const bytes = new Uint8Array(await response.clone().arrayBuffer());
    replies.push(bytes);
    return response;
  };
  const config = { ...fakeConfig(fakes), keyCacheMs: 0, fetch: recordingFetch };
  const server = await startTestServer(store, config);
  const services = createServices(config, { store, ownsStore: false, limiter: createMemoryLimiter() });
  const runtime = createRuntimeState(services, { jobConcurrencyPerState: 2 });
  const deps: ApiRouteDeps = {
    runtime: () => runtime,
    services: () => services,
    plans: PLANS,
    log: () => undefined,
    now: () => new Date(),
    config: { jobConcurrencyPerState: 2, maxQueuedJobs: 20, watchIntervalMs: 7 * 86_400_000, allowPrivateWebhooks: true, evidenceYears: 10 },
  };
  const app = new Hono();
  mountEvidenceRoutes(app, deps);
  return {
    server,
    replies,
    get: (path, key, accept) => Promise.resolve(app.request(path, { headers: { 'X-API-KEY': key, ...(accept === undefined ? {} : { Accept: accept }) } })),
    close: () => server.close(),
  };
}
