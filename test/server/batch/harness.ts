/**
 * The service over real HTTP (startServer on 127.0.0.1:0, its own batch runner among its workers)
 * over a real embedded store (SQLite in memory) and the loopback VIES fake: what the job tests use.
 */
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import type { Store } from '../../../src/server/storage/types.js';
import { startViesFake, type ViesFake } from '../../support/fakes/vies.js';
import { startTestServer, type TestServer } from '../../support/server.js';

// bench/server/job-cost.ts and the batch tests take it from here.
export { queuedJob } from '../../support/job-records.js';

export interface JobHarness {
  vies: ViesFake;
  store: Store;
  server: TestServer;
  request(path: string, init?: RequestInit & { key?: string }): Promise<Response>;
  close(): Promise<void>;
}

export async function startJobHarness(options: { perState?: number } = {}): Promise<JobHarness> {
  const vies = await startViesFake();
  const store = await openEmbeddedStore();
  // The periodic jobs stay off (they would reach the Commission); the workers (job runner) run.
  const server = await startTestServer(store, { port: 0, host: '127.0.0.1', viesUrl: vies.url, jobs: false, jobConcurrencyPerState: options.perState ?? 2 });
  return {
    vies,
    store,
    server,
    request(path, init = {}) {
      const { key, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (key !== undefined) headers.set('X-API-KEY', key);
      return fetch(`${server.url}${path}`, { ...rest, headers });
    },
    async close() {
      await server.close();
      await store.close();
      await vies.close();
    },
  };
}

