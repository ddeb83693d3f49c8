import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The scale-out tests (`*.scale.test.ts`, beside the code they test) need real PostgreSQL and
    // Redis: `npm run test:scale` (vitest.scale.config.ts).
    exclude: ['test/**/*.scale.test.ts', '**/node_modules/**'],
    testTimeout: 20_000,
    // Opening the embedded store takes seconds on a loaded machine (CI runners, parallel files).
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
