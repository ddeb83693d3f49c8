import { defineConfig } from 'tsup';
import { browserEntryPoints, nodeEntryPoints } from './scripts/entry-points.js';

// The published build (`npm run build`). `npm start` overrides format, dts and treeshake on tsup's
// command line (scripts/build.mjs --to-run): running the service needs only the ESM files.
const shared = {
  format: ['esm', 'cjs'] as ('esm' | 'cjs')[],
  dts: true,
  target: 'es2022',
  splitting: true,
  treeshake: true,
  sourcemap: false,
  outDir: 'dist',
};

export default defineConfig([
  // Field modules run in browsers too: nothing Node-only may reach them.
  { ...shared, entry: browserEntryPoints, platform: 'neutral' },
  // shims: `import.meta.url` in the CommonJS files too (the embedded store's checkpoint worker
  // finds better-sqlite3 from its own file, src/server/storage/sqlite/checkpointer.ts).
  { ...shared, entry: nodeEntryPoints, platform: 'node', removeNodeProtocol: false, shims: true },
]);
