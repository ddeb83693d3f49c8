import { defineConfig } from 'vitest/config';

// The scale-out tests (issue 9): several `verifield serve` processes against one real PostgreSQL
// and one Redis, which `npm run test:scale` starts (scripts/services.sh) and stops around this run.
// Files run one after another: one of them restarts PostgreSQL under the others' feet otherwise.
export default defineConfig({
  test: {
    include: ['test/**/*.scale.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
