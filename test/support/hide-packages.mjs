/**
 * A Node module hook that makes packages look uninstalled: every package named in the
 * comma-separated VERIFIELD_TEST_HIDDEN_PACKAGES fails to resolve with the error Node gives for a
 * package that is not in node_modules (ERR_MODULE_NOT_FOUND, "Cannot find package '<name>'").
 * Load it first: `node --import ./test/support/hide-packages.mjs --import tsx src/cli/index.ts ...`.
 */
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const hidden = new Set((process.env.VERIFIELD_TEST_HIDDEN_PACKAGES ?? '').split(',').filter((name) => name !== ''));

export async function resolve(specifier, context, nextResolve) {
  if (hidden.has(specifier)) {
    const error = new Error(`Cannot find package '${specifier}' imported from ${context.parentURL ?? 'the command line'}`);
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return nextResolve(specifier, context);
}

// The hooks run in a thread of their own, which loads this file again: only the main thread registers.
if (isMainThread) register(import.meta.url);
