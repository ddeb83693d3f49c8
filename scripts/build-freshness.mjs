/**
 * Whether dist/ still matches its inputs, so that `npm start` rebuilds only after a change, and
 * whether it is complete enough to pack (`npm pack` and `npm publish` run the prepack script).
 * A build writes dist/.build-stamp.json holding the time it started reading its inputs; dist/ is
 * stale when any input (a file or a folder, so that added and deleted files count) changed after
 * that time. Plain JavaScript: `npm start` runs it with node alone, before anything is built.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Files and folders (walked) whose change changes what the build makes. */
export const BUILD_INPUTS = [
  'src',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsup.config.ts',
  'scripts/entry-points.ts',
  'scripts/generate-email-data.ts',
  'scripts/build.mjs',
  'scripts/build-freshness.mjs',
];

export const STAMP_FILE = 'dist/.build-stamp.json';

/** The stamp of the last build, or null when there is none (or it cannot be read). */
export function readStamp(root) {
  try {
    const stamp = JSON.parse(readFileSync(join(root, STAMP_FILE), 'utf8'));
    if (typeof stamp?.inputsReadAt !== 'number' || typeof stamp.full !== 'boolean') return null;
    return stamp;
  } catch {
    return null;
  }
}

/** Records a finished build whose inputs were read from `inputsReadAt` (ms since the epoch). */
export function writeStamp(root, { inputsReadAt, full }) {
  writeFileSync(join(root, STAMP_FILE), `${JSON.stringify({ inputsReadAt, full })}\n`);
}

/** The first input found changed after `since`, relative to `root`; null when none did. */
export function changedInputSince(root, since, inputs = BUILD_INPUTS) {
  const visit = (path) => {
    let stats;
    try {
      stats = statSync(path);
    } catch {
      return null; // an optional input that does not exist (e.g. no package-lock.json)
    }
    if (stats.mtimeMs > since) return relative(root, path);
    if (!stats.isDirectory()) return null;
    for (const name of readdirSync(path)) {
      const changed = visit(join(path, name));
      if (changed !== null) return changed;
    }
    return null;
  };
  for (const input of inputs) {
    const changed = visit(join(root, input));
    if (changed !== null) return changed;
  }
  return null;
}

/** Why dist/ must be rebuilt before running it, or null when it is up to date. */
export function staleReason(root, inputs = BUILD_INPUTS) {
  const stamp = readStamp(root);
  if (stamp === null) return 'no build yet';
  const changed = changedInputSince(root, stamp.inputsReadAt, inputs);
  return changed === null ? null : `${changed} changed`;
}

/** Every file package.json points at (main, module, types, bin, each condition of exports), relative to `root`. */
export function packageTargets(root) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const leaves = (value) => (typeof value === 'string' ? [value] : Object.values(value ?? {}).flatMap(leaves));
  return [...new Set([pkg.main, pkg.module, pkg.types, ...leaves(pkg.bin), ...leaves(pkg.exports)])]
    .filter((target) => typeof target === 'string' && target !== './package.json')
    .map((target) => target.replace(/^\.\//, ''));
}

/**
 * Why dist/ must be built again before it is packed, or null when it can be packed as it is: the
 * full build (not `npm start`'s ESM files), up to date, with every file package.json names.
 */
export function unpackableReason(root, inputs = BUILD_INPUTS) {
  const stamp = readStamp(root);
  if (stamp === null) return 'no build yet';
  if (!stamp.full) return 'dist/ holds only what `npm start` runs, without CommonJS or type declarations';
  const changed = changedInputSince(root, stamp.inputsReadAt, inputs);
  if (changed !== null) return `${changed} changed`;
  const missing = packageTargets(root).find((target) => !existsSync(join(root, target)));
  return missing === undefined ? null : `${missing} is missing`;
}
