import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The scale-out tests (`*.scale.test.ts`, beside the code they test) need real PostgreSQL and
    // Redis: `npm run test:scale` (vitest.scale.config.ts).
    exclude: ['test/**/*.scale.test.ts', '**/node_modules/**'],
    // One line when ../shared/fixtures is missing: the conformance layer skipped (or, under CI, failing).
    globalSetup: ['test/support/conformance-notice.ts'],
    testTimeout: 20_000,
    // Opening the embedded store takes seconds on a loaded machine (CI runners, parallel files).
    hookTimeout: 60_000,
    pool: 'forks',
    // Most files wait on sockets, child processes and timers more than they compute, so vitest's
    // default of one worker per core but one left a core idle on 2 vCPU. test/server (99 files) on
    // 2 vCPU: 279 s with 1 worker, 204 s with 2, 164 s with 3.
    maxWorkers: Math.max(3, availableParallelism()),
  },
});
