import { defineConfig } from 'tsup';
import { browserEntryPoints, nodeEntryPoints } from './scripts/entry-points.js';

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
  { ...shared, entry: nodeEntryPoints, platform: 'node', removeNodeProtocol: false },
]);
