/**
 * Builds dist/ from src/: the email data modules (scripts/generate-email-data.ts), the field
 * aggregates (scripts/generate-fields.ts), the service's JSON Schemas (scripts/generate-schemas.ts),
 * the dashboard's minified script and stylesheet (scripts/generate-assets.ts),
 * then tsup.
 *
 *   node scripts/build.mjs           `npm run build`: every subpath in ESM and CJS with its type
 *                                    declarations, as published; always rebuilds.
 *   node scripts/build.mjs --to-run  `npm start`: nothing when dist/ is up to date (see
 *                                    scripts/build-freshness.mjs); otherwise only what running
 *                                    needs: the ESM files, without the declarations (most of a full
 *                                    build's time), the CommonJS copies or Rollup's extra
 *                                    tree-shaking pass for browser bundles.
 *   node scripts/build.mjs --for-pack  `prepack` (npm pack, npm publish): the full build, unless
 *                                    dist/ already is the full build, up to date and complete, so
 *                                    that a tarball never ships `npm start`'s partial dist/. Its
 *                                    output goes to stderr: `npm pack --json` prints on stdout.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleReason, unpackableReason, writeStamp } from './build-freshness.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const toRun = process.argv.includes('--to-run');
const forPack = process.argv.includes('--for-pack');

function runNode(args) {
  const run = spawnSync(process.execPath, args, { cwd: root, stdio: forPack ? ['inherit', 2, 'inherit'] : 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

if (toRun) {
  const reason = staleReason(root);
  if (reason === null) {
    console.log('dist/ is up to date');
    process.exit(0);
  }
  console.log(`Building dist/ to run it (${reason}); \`npm run build\` makes the full build, with CommonJS and type declarations`);
}

if (forPack) {
  const reason = unpackableReason(root);
  if (reason === null) {
    console.error('dist/ is the full build and up to date: packed as it is');
    process.exit(0);
  }
  console.error(`Building dist/ in full before packing (${reason})`);
}

const started = Date.now();
// tsup runs its two configs (browser and Node entry points) in parallel, so neither may clean dist/.
rmSync(join(root, 'dist'), { recursive: true, force: true });
runNode([require.resolve('tsx/cli'), 'scripts/generate-email-data.ts']);
// The aggregates of the field folders (src/fields/generated/), which tsup's entries import.
runNode([require.resolve('tsx/cli'), 'scripts/generate-fields.ts']);
// The JSON Schemas of the service's shapes (src/server/shapes/generated/), derived from their types.
runNode([require.resolve('tsx/cli'), 'scripts/generate-schemas.ts']);
// The dashboard's script and stylesheet, minified (src/server/dashboard/assets/generated/).
runNode([require.resolve('tsx/cli'), 'scripts/generate-assets.ts']);
// Taken after the generator, whose data modules are inputs too: they must not look newer than the build.
const inputsReadAt = Date.now();
const tsup = join(dirname(require.resolve('tsup/package.json')), require('tsup/package.json').bin.tsup);
runNode(toRun ? [tsup, '--format', 'esm', '--no-dts', '--no-treeshake', '--silent'] : [tsup]);
mkdirSync(join(root, 'dist'), { recursive: true });
writeStamp(root, { inputsReadAt, full: !toRun });
if (toRun) console.log(`Built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
