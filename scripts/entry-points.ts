/**
 * Every published subpath and the source file behind it. tsup builds from these tables and a test
 * checks that package.json `exports` names exactly these subpaths, so the two cannot drift apart.
 */

/** Subpaths that must run in a browser: pure code, no Node built-ins. */
export const browserEntryPoints: Record<string, string> = {
  index: 'src/index.ts',
  'iban/index': 'src/iban/index.ts',
  'nif/index': 'src/nif/index.ts',
  'nas/index': 'src/nas/index.ts',
  'ssn/index': 'src/ssn/index.ts',
  'vat/index': 'src/vat/index.ts',
  'email/index': 'src/email/index.ts',
  'email-syntax/index': 'src/email/syntax-entry.ts',
  'phone/index': 'src/phone/index.ts',
  'messages/index': 'src/messages/index.ts',
  'messages/es': 'src/messages/es.ts',
  'messages/fr': 'src/messages/fr.ts',
  'messages/de': 'src/messages/de.ts',
  'messages/it': 'src/messages/it.ts',
  'messages/pt': 'src/messages/pt.ts',
  'messages/nl': 'src/messages/nl.ts',
  'messages/pl': 'src/messages/pl.ts',
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
