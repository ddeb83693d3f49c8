/**
 * size-limit checks, one per package subpath, made from scripts/entry-points.ts (through
 * package-entries.ts) and the budgets recorded in scripts/size-budgets.json, then one per named
 * import with a fixed limit ({@link namedImportBudgets}). `.size-limit.cjs` loads this file,
 * `npm run size:record` rewrites the recorded budgets, `npm run size:report` prints the table with
 * the peers. Measured as size-limit measures: esbuild bundle of `import * as all from '<built ESM
 * file>'` (or `import { name } from …`), minified, gzip level 9.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { FIELD_SCHEMA_BUDGETS, FIELD_SIZE_BUDGETS } from '../src/fields/generated/package.js';
import { browserEntryPoints } from './entry-points.js';
import { packageEntries, type PackageEntry } from './package-entries.js';

/** The recorded size of a subpath and the budget made from it. */
export interface SizeBudget {
  /** min+gzip bytes measured when the budget was recorded. */
  measuredBytes: number;
  /** The budget: the measured size plus at most {@link BUDGET_HEADROOM}. */
  limitBytes: number;
}

/** The budgets file: the method, then one budget per specifier. */
export interface SizeBudgetsFile {
  method: string;
  budgets: Record<string, SizeBudget>;
}

/** Headroom a budget may give over the measured size: 10 %. */
export const BUDGET_HEADROOM = 0.1;

/** How every size in the budgets and the report is measured. */
export const SIZE_METHOD =
  "size-limit 12 with @size-limit/esbuild: esbuild bundle of `import * as all from '<subpath ESM file>'`, " +
  'minified, gzip level 9, esbuild wrapper subtracted; browser subpaths for platform browser, Node subpaths ' +
  'for platform node with Node built-ins and optional peer dependencies left out.';

/** Where the budgets live. */
export const budgetsFileUrl = new URL('./size-budgets.json', import.meta.url);

/** A size-limit check in the form of its configuration file (paths relative to the repository). */
export interface SizeCheck {
  name: string;
  path: string;
  /** `{ file: '*' }`: bundle everything the file exports (size-limit's `import` option). */
  import?: Record<string, string>;
  gzip: true;
  ignore?: string[];
  limit?: string;
  modifyEsbuildConfig: (config: Record<string, unknown>) => Record<string, unknown>;
}

/** The budget for a measured size: measured + 10 %, rounded down so it never exceeds 10 %. */
export function budgetFor(measuredBytes: number): SizeBudget {
  return { measuredBytes, limitBytes: Math.floor(measuredBytes * (1 + BUDGET_HEADROOM)) };
}

/** The budgets recorded in scripts/size-budgets.json: the subpaths that are not a field's. */
function readBudgetsFile(): SizeBudgetsFile {
  try {
    return JSON.parse(readFileSync(budgetsFileUrl, 'utf8')) as SizeBudgetsFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { method: SIZE_METHOD, budgets: {} };
    throw error;
  }
}

/** Whether `specifier` is a field's subpath, whose budget its src/<field>/field.ts records. */
export const isFieldSubpath = (specifier: string): boolean => Object.hasOwn(FIELD_SIZE_BUDGETS, specifier);

/** The recorded budgets: scripts/size-budgets.json's, and each field's from its folder. */
export function readBudgets(): SizeBudgetsFile {
  const file = readBudgetsFile();
  return { method: file.method, budgets: { ...file.budgets, ...FIELD_SIZE_BUDGETS } };
}

interface PackageJsonDependencies {
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  optionalDependencies?: Record<string, string>;
}

/**
 * What a Node subpath's bundle leaves out: Node built-ins (`fs` and `node:fs` alike) and the
 * dependencies a user installs only for the feature that needs them.
 */
export function nodeExternals(): string[] {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as PackageJsonDependencies;
  const optionalPeers = Object.keys(pkg.peerDependencies ?? {}).filter(
    (name) => pkg.peerDependenciesMeta?.[name]?.optional === true,
  );
  const builtins = builtinModules.flatMap((name) => (name.startsWith('node:') ? [name] : [name, `node:${name}`]));
  return [...builtins, ...optionalPeers, ...Object.keys(pkg.optionalDependencies ?? {})];
}

/**
 * A function a form imports alone, with a limit of its own: what the package promises that import
 * costs a browser bundle, whatever the rest of the subpath weighs. Fixed limits rather than
 * recorded ones, so `npm run size:record` cannot raise them.
 */
export interface NamedImportBudget {
  /** The subpath, e.g. `verifield/vat`. */
  specifier: string;
  /** The export imported alone, e.g. `validateVat`. */
  exportName: string;
  /** min+gzip bytes the import may cost. */
  limitBytes: number;
}

/** The languages with a catalog at `verifield/messages/<language>`: the entries beside `messages/index`. */
const CATALOG_LANGUAGES: readonly string[] = Object.keys(browserEntryPoints)
  .filter((entry) => entry.startsWith('messages/') && entry !== 'messages/index')
  .map((entry) => entry.slice('messages/'.length));

/**
 * `validateVat` within 5.1 kB: jsvat with every country (4.98 kB) plus the reason codes, which jsvat
 * does not give (about 120 B); `validateIban` within 4.5 kB with its national check digits and
 * suggestions (issue 32's budget); `validateEmailSyntax` within 8.1 kB (8 kB before its reason codes); each message catalog within 3 kB; each schema within a few per cent of what it weighs with its
 * validator. Decimal kilobytes, as the size report prints them.
 */
export const namedImportBudgets: readonly NamedImportBudget[] = [
  { specifier: 'verifield/vat', exportName: 'validateVat', limitBytes: 5100 },
  { specifier: 'verifield/iban', exportName: 'validateIban', limitBytes: 4500 },
  { specifier: 'verifield/email-syntax', exportName: 'validateEmailSyntax', limitBytes: 8100 },
  ...CATALOG_LANGUAGES.map((language) => ({ specifier: `verifield/messages/${language}`, exportName: language, limitBytes: 3000 })),
  // Each schema with its validator and `localize` (about 1.9 kB), nothing of another field.
  ...FIELD_SCHEMA_BUDGETS.map(({ exportName, limitBytes }) => ({ specifier: 'verifield/standard-schema', exportName, limitBytes })),
];

/** The check of a named import, without its limit: its subpath's check, importing just that name. */
export function namedImportCheck(budget: NamedImportBudget): SizeCheck {
  const entry = packageEntries.find((candidate) => candidate.specifier === budget.specifier);
  if (entry === undefined) throw new Error(`No subpath ${budget.specifier} for the size check of ${budget.exportName}`);
  return {
    ...subpathCheck(entry),
    name: `${budget.specifier} { ${budget.exportName} }`,
    import: { [entry.esm]: `{ ${budget.exportName} }` },
  };
}

/** The check of one subpath, without its limit. */
export function subpathCheck(entry: PackageEntry): SizeCheck {
  const platform = entry.platform;
  return {
    name: entry.specifier,
    path: entry.esm,
    import: { [entry.esm]: '*' },
    gzip: true,
    ...(platform === 'node' ? { ignore: nodeExternals() } : {}),
    // size-limit's esbuild defaults target the browser; a Node subpath is bundled as Node would load it.
    modifyEsbuildConfig: (config) =>
      platform === 'node' ? { ...config, platform: 'node', format: 'esm', logLevel: 'error' }
        : { ...config, platform: 'browser', logLevel: 'error' },
  };
}

/**
 * The checks of `.size-limit.cjs`: every subpath with its recorded budget, then every named import
 * with its fixed limit. A subpath without a budget is an error, so a new entry point cannot ship
 * unmeasured.
 */
export function sizeLimitChecks(): SizeCheck[] {
  const { budgets } = readBudgets();
  const missing = packageEntries.filter((entry) => budgets[entry.specifier] === undefined);
  if (missing.length > 0) {
    throw new Error(
      `No size budget for ${missing.map((entry) => entry.specifier).join(', ')}: ` +
        'run `npm run build && npm run size:record` and commit scripts/size-budgets.json.',
    );
  }
  return [
    ...packageEntries.map((entry) => ({
      ...subpathCheck(entry),
      limit: `${(budgets[entry.specifier] as SizeBudget).limitBytes} B`,
    })),
    ...namedImportBudgets.map((budget) => ({ ...namedImportCheck(budget), limit: `${budget.limitBytes} B` })),
  ];
}
