/**
 * Every published subpath and the source file behind it. tsup builds from these tables and a test
 * checks that package.json `exports` names exactly these subpaths, so the two cannot drift apart.
 * A field's subpath (its `subpath` in src/<field>/field.ts) and each catalog language's come from
 * the field folders (src/fields/generated/package.ts, written by `npm run generate`).
 */
import { FIELD_ENTRY_POINTS } from '../src/fields/generated/package.js';

const fieldEntries = Object.entries(FIELD_ENTRY_POINTS);

/** Subpaths that must run in a browser: pure code, no Node built-ins. */
export const browserEntryPoints: Record<string, string> = {
  index: 'src/index.ts',
  ...Object.fromEntries(fieldEntries.filter(([entry]) => !entry.startsWith('messages/'))),
  'email-syntax/index': 'src/email/syntax-entry.ts',
  'messages/index': 'src/messages/index.ts',
  ...Object.fromEntries(fieldEntries.filter(([entry]) => entry.startsWith('messages/'))),
  'standard-schema/index': 'src/standard-schema/index.ts',
  'client/index': 'src/client/index.ts',
};

/** Node-only entry points: the network adapters, the HTTP service and the CLI. */
export const nodeEntryPoints: Record<string, string> = {
  'adapters/index': 'src/adapters/index.ts',
  'server/index': 'src/server/index.ts',
  'cli/index': 'src/cli/index.ts',
};

/** Entry points that are not a package subpath (the CLI is reached through `bin`). */
export const binOnlyEntryPoints: readonly string[] = ['cli/index'];
