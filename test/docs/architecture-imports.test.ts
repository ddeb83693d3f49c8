/**
 * The import rules of docs/architecture.md#what-may-import-what, checked on every source file: a
 * field module that reaches the server, an adapter that reaches a field's code, the CLI reaching
 * past the public `verifield/server`, or a lower server room importing a higher one fails here
 * with the file and the import.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/repo-root.js';

/** The field folders: every folder of src/ with a field.ts (docs/architecture.md, "How to add … A field"). */
const FIELDS = readdirSync(join(repoRoot, 'src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(repoRoot, 'src', entry.name, 'field.ts')))
  .map((entry) => entry.name);
/**
 * The files of a field folder the registry reads, and what each may import besides the folder and
 * the shared base: the manifest's types (src/fields/manifest.ts) everywhere, the schema builder and
 * catalog type in schema.ts (openapi.ts is text only: the details schema is generated from details.ts). The validator's own files never
 * import these, so that no library bundle carries OpenAPI text, another language or the registry.
 */
const REGISTRY_PARTS: Readonly<Record<string, readonly string[]>> = {
  'field.ts': [],
  'details.ts': [],
  'reasons.ts': [],
  'validators.ts': [],
  'usage-log.ts': [],
  'openapi.ts': [],
  'schema.ts': ['src/standard-schema/field-schema.ts', 'src/messages/catalog.ts'],
  'examples.ts': [],
};
const MANIFEST = 'src/fields/manifest.ts';
/** The generated root exports: each field's validator and types, for src/index.ts. */
const ROOT_EXPORTS = 'src/fields/generated/root.ts';
/** The part of `file` (a field folder's file) the registry reads: `openapi.ts`, `messages/es.ts` …; undefined for the validator's code. */
const registryPartOf = (file: string): string | undefined => {
  const inside = file.split('/').slice(2).join('/');
  return Object.hasOwn(REGISTRY_PARTS, inside) || inside.startsWith('messages/') ? inside : undefined;
};
/** Shared by fields: the envelope (its own members, and with every field's details), the reason codes, the ports, check-digit arithmetic, character codes. */
const FIELD_BASE = ['src/envelope.ts', 'src/result.ts', 'src/reasons.ts', 'src/ports.ts', 'src/checksum.ts', 'src/char-codes.ts'];
/** npm packages a field may use: they run in a browser. */
const BROWSER_PACKAGES = ['libphonenumber-js', 'tldts'];
/** The account endpoints' JSON shapes, declared once for the client and the server. */
const ACCOUNT_API = 'src/account-api.ts';
const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

interface Import {
  /** The importing file, repository-relative. */
  from: string;
  /** A repository-relative file for a relative import, else the package name as written. */
  target: string;
  relative: boolean;
  /** `import type` / `export type`: erased, so a bundle never carries what it names. */
  typeOnly: boolean;
}

const sourceFiles = readdirSync(join(repoRoot, 'src'), { recursive: true, encoding: 'utf8' })
  .map((path) => `src/${path.split('\\').join('/')}`)
  .filter((file) => file.endsWith('.ts'));

// An import or export statement never holds a semicolon or a parenthesis before its `from`: the
// match cannot run on from an `export function …` into a later doc comment's example.
const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^'";()]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file: string): Import[] {
  const text = readFileSync(join(repoRoot, file), 'utf8');
  return [...text.matchAll(SPECIFIER)].map((match) => {
    const specifier = (match[1] ?? match[2]) as string;
    const typeOnly = /^\s*(?:import|export)\s+type\b/.test(match[0]);
    if (!specifier.startsWith('.')) return { from: file, target: specifier, relative: false, typeOnly };
    const target = posix.normalize(posix.join(dirname(file), specifier)).replace(/\.js$/, '.ts');
    return { from: file, target, relative: true, typeOnly };
  });
}

const allImports = sourceFiles.flatMap(importsOf);

const inFolder = (file: string, folder: string): boolean => file.startsWith(`${folder}/`);
const fieldOf = (file: string): string | undefined => FIELDS.find((field) => inFolder(file, `src/${field}`));
const isFieldEntry = (file: string): boolean => FIELDS.some((field) => file === `src/${field}/index.ts`);
const packageName = (specifier: string): string => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** The imports of the files under `folder` that `allowed` refuses, written `file -> target`. */
function violations(folder: string, allowed: (entry: Import) => boolean): string[] {
  return allImports
    .filter((entry) => inFolder(entry.from, folder) || entry.from === folder)
    .filter((entry) => !allowed(entry))
    .map((entry) => `${entry.from} -> ${entry.target}`);
}

describe('what may import what (docs/architecture.md)', () => {
  it('finds the imports it checks', () => {
    expect(sourceFiles.length).toBeGreaterThan(150);
    expect(allImports.filter((entry) => entry.from === 'src/vat/validators.ts').map((entry) => entry.target)).toContain('src/vat/index.ts');
    expect(FIELDS).toEqual(expect.arrayContaining(['iban', 'nif', 'nas', 'ssn', 'phone', 'email', 'vat']));
  });

  it.each(FIELDS)('the %s field imports only its own folder, the shared base and browser packages (its registry parts, the manifest too)', (field) => {
    expect(
      violations(`src/${field}`, (entry) => {
        // A folder's data generator runs in Node at \`npm run generate\` and writes data/*.generated.ts; no bundle carries it.
        if (entry.from === `src/${field}/data/generate.ts`) return true;
        if (!entry.relative) return !NODE_BUILTINS.has(entry.target) && BROWSER_PACKAGES.includes(packageName(entry.target));
        if (fieldOf(entry.target) === field || FIELD_BASE.includes(entry.target)) return true;
        const part = registryPartOf(entry.from);
        return part !== undefined && (entry.target === MANIFEST || (REGISTRY_PARTS[part] ?? []).includes(entry.target));
      }),
    ).toEqual([]);
  });

  it.each(FIELDS)("the %s field's validator imports none of the parts the registry reads", (field) => {
    expect(
      violations(`src/${field}`, (entry) => registryPartOf(entry.from) !== undefined || fieldOf(entry.target) !== field || registryPartOf(entry.target) === undefined || entry.target.endsWith('/reasons.ts') || entry.target.endsWith('/details.ts')),
    ).toEqual([]);
  });

  it("the registry imports the fields' parts it gathers, never a field's code", () => {
    expect(
      violations('src/fields', (entry) => {
        if (!entry.relative) return false;
        if (inFolder(entry.target, 'src/fields') || FIELD_BASE.includes(entry.target)) return true;
        // The generated catalogs are made of each language's file and the catalog type; the client's methods name its option types.
        if (inFolder(entry.target, 'src/messages/languages') || entry.target === 'src/messages/catalog.ts' || entry.target === 'src/client/call-options.ts') return true;
        // The root entry's part (src/index.ts alone imports it) re-exports each field's entry.
        if (entry.from === ROOT_EXPORTS && fieldOf(entry.target) !== undefined && entry.target === `src/${fieldOf(entry.target)}/index.ts`) return true;
        return fieldOf(entry.target) !== undefined && registryPartOf(entry.target) !== undefined;
      }),
    ).toEqual([]);
  });

  it('only the root entry imports the generated root exports, so that no other entry carries every field', () => {
    expect(allImports.filter((entry) => entry.target === ROOT_EXPORTS).map((entry) => entry.from)).toEqual(['src/index.ts']);
  });

  it('adapters import no field code, no server, CLI or client: only ports, the envelope and VAT reference data', () => {
    expect(
      violations('src/adapters', (entry) =>
        entry.relative ? inFolder(entry.target, 'src/adapters') || inFolder(entry.target, 'src/vat/reference') || FIELD_BASE.includes(entry.target) : true,
      ),
    ).toEqual([]);
  });

  /** Every file a bundle of `file` carries: what its relative imports of values reach, itself included. */
  const reachedFrom = (file: string, reached = new Set<string>()): Set<string> => {
    if (reached.has(file)) return reached;
    reached.add(file);
    for (const entry of allImports) if (entry.from === file && entry.relative && !entry.typeOnly) reachedFrom(entry.target, reached);
    return reached;
  };
  /** Whether `file` is a field's message file: `src/<field>/messages/<name>.ts`. */
  const isFieldMessages = (file: string): boolean => fieldOf(file) !== undefined && /^src\/[a-z-]+\/messages\/[a-z-]+\.ts$/.test(file);

  it("messages reach no field's code and no package: a result holds all a message needs, and it runs in a browser", () => {
    expect(violations('src/messages', (entry) => entry.relative)).toEqual([]);
    const reached = [...reachedFrom('src/messages/index.ts'), ...sourceFiles.filter((file) => /^src\/messages\/[a-z]{2}\.ts$/.test(file)).flatMap((file) => [...reachedFrom(file)])];
    expect(
      reached.filter(
        (file) =>
          !(
            inFolder(file, 'src/messages') ||
            inFolder(file, 'src/fields/generated') ||
            file === MANIFEST ||
            FIELD_BASE.includes(file) ||
            isFieldMessages(file) ||
            // Data a field's templates share with its validator (src/vat/outside-vies.ts): a file that imports nothing.
            (fieldOf(file) !== undefined && !allImports.some((entry) => entry.from === file))
          ),
      ),
    ).toEqual([]);
  });

  it("each catalog reaches only its language's templates, and the messages entry reaches no catalog", () => {
    const catalogs = sourceFiles.filter((file) => /^src\/messages\/[a-z]{2}\.ts$/.test(file));
    expect(catalogs).toHaveLength(7);
    for (const catalog of catalogs) {
      const language = catalog.slice('src/messages/'.length, -'.ts'.length);
      const templates = [...reachedFrom(catalog)].filter((file) => isFieldMessages(file) || inFolder(file, 'src/messages/languages'));
      expect(templates.filter((file) => !file.endsWith(`/${language}.ts`)), catalog).toEqual([]);
      expect(templates.filter((file) => isFieldMessages(file)).length, catalog).toBe(FIELDS.length);
    }
    expect([...reachedFrom('src/messages/index.ts')].filter((file) => catalogs.includes(file) || inFolder(file, 'src/fields/generated/messages'))).toEqual([]);
  });

  it("schemas reach a field through its schema.ts (which reaches its entry), localize and the catalog type, and no package", () => {
    const allowed = ['src/messages/localize.ts', 'src/messages/catalog.ts', 'src/fields/generated/standard-schema.ts'];
    expect(
      violations('src/standard-schema', (entry) => entry.relative && (inFolder(entry.target, 'src/standard-schema') || allowed.includes(entry.target) || FIELD_BASE.includes(entry.target))),
    ).toEqual([]);
    expect(allImports.filter((entry) => entry.from === 'src/fields/generated/standard-schema.ts').map((entry) => entry.target).sort()).toEqual(FIELDS.map((field) => `src/${field}/schema.ts`).sort());
    for (const field of FIELDS) {
      expect(
        violations(`src/${field}/schema.ts`, (entry) => isFieldEntry(entry.target) || entry.target === 'src/email/syntax-entry.ts' || fieldOf(entry.target) === field || REGISTRY_PARTS['schema.ts']?.includes(entry.target) === true),
      ).toEqual([]);
    }
  });

  it('the client imports the catalog and types only (and its version from package.json), so that it runs in a browser', () => {
    expect(
      violations('src/client', (entry) =>
        entry.relative
          ? inFolder(entry.target, 'src/client') ||
            ['src/fields/catalog.ts', 'src/fields/generated/client.ts', 'src/fields/generated/call-options.ts', 'package.json', ACCOUNT_API].includes(entry.target) ||
            FIELD_BASE.includes(entry.target)
          : !NODE_BUILTINS.has(entry.target),
      ),
    ).toEqual([]);
  });

  it("the account endpoints' JSON shapes are types only, over the catalog's and the envelope's types, and imported as types", () => {
    expect(violations(ACCOUNT_API, (entry) => ['src/fields/catalog.ts', 'src/result.ts'].includes(entry.target))).toEqual([]);
    // Nothing of it may run: the client and the server both import it, and a browser bundle pays for any value.
    expect(readFileSync(join(repoRoot, ACCOUNT_API), 'utf8')).not.toMatch(/^\s*(?:export\s+)?(?:const|let|var|function|class|enum)\b/m);
    const importers = sourceFiles.filter((file) => allImports.some((entry) => entry.from === file && entry.target === ACCOUNT_API));
    expect(importers).toEqual(expect.arrayContaining(['src/client/index.ts', 'src/server/batch/json.ts', 'src/server/watch/json.ts', 'src/server/evidence/json.ts']));
    for (const file of importers) {
      const statements = readFileSync(join(repoRoot, file), 'utf8').match(/^(?:import|export)\b[^;]*?account-api\.js['"]/gm) ?? [];
      expect(statements.filter((statement) => !/^(?:import|export) type\b/.test(statement)), file).toEqual([]);
    }
  });

  it('the CLI reaches the service only through the public verifield/server', () => {
    expect(
      violations('src/cli', (entry) => !entry.relative || !inFolder(entry.target, 'src/server') || entry.target === 'src/server/index.ts'),
    ).toEqual([]);
  });

  it("the server reaches a field through its entry, the registry, or the VAT field's registry policy and reference data", () => {
    expect(
      violations('src/server', (entry) => {
        // The shapes it answers the account endpoints with are src/account-api.ts's, shared with the client.
        if (entry.target === ACCOUNT_API) return true;
        const field = entry.relative ? fieldOf(entry.target) : undefined;
        if (field === undefined) return true;
        return isFieldEntry(entry.target) || inFolder(entry.target, 'src/vat/registry') || inFolder(entry.target, 'src/vat/reference');
      }),
    ).toEqual([]);
  });

  // Each server room and the rooms it must not import: lower rooms never reach up.
  // dashboard/ and admin-api/ speak HTTP beside http/, which mounts them; the admin API reads the dashboard's sessions.
  const WEB = ['http', 'dashboard', 'admin-api'];
  // The workers: batch/ (jobs) and watch/ run validations through the pipeline's validators and send events
  // through webhooks/; evidence/ and webhooks/ sit below them, over the store.
  const WORKERS = ['batch', 'watch', 'webhooks', 'evidence'];
  const FORBIDDEN_ROOMS: Readonly<Record<string, readonly string[]>> = {
    storage: [...WEB, 'pipeline', 'admin', 'jobs', ...WORKERS],
    pipeline: [...WEB, 'batch', 'watch', 'webhooks'],
    admin: [...WEB, 'pipeline', 'batch', 'watch', 'evidence'],
    jobs: [...WEB, 'pipeline', 'admin', 'batch', 'watch', 'webhooks'],
    batch: [...WEB, 'admin', 'jobs', 'watch'],
    watch: [...WEB, 'admin', 'jobs'],
    webhooks: [...WEB, 'pipeline', 'admin', 'jobs', 'batch', 'watch', 'evidence'],
    evidence: [...WEB, 'pipeline', 'admin', 'jobs', 'batch', 'watch', 'webhooks'],
    answers: [...WEB, 'pipeline', 'admin', 'jobs', ...WORKERS],
    policy: [...WEB, 'pipeline', 'admin', 'jobs', ...WORKERS],
    dashboard: ['http', 'admin-api'],
    'admin-api': ['http'],
  };

  it.each(Object.entries(FORBIDDEN_ROOMS))('src/server/%s imports none of %s', (room, forbidden) => {
    expect(
      violations(`src/server/${room}`, (entry) => !entry.relative || !forbidden.some((higher) => inFolder(entry.target, `src/server/${higher}`))),
    ).toEqual([]);
  });
  // The server's rooms from the bottom up: a file may import its own room, a room of its rank, or one
  // below it, never one above. Rank 0 is the vocabulary every room shares: the plans and limits, the
  // answers' words, the JSON Schemas of the shapes (generated), the service's settings and the store's ports (its types and the limiter's lease).
  const SERVER_RANKS: ReadonlyArray<readonly string[]> = [
    ['policy', 'answers', 'shapes', 'config.ts', 'storage/types.ts', 'storage/features/', 'storage/limiter.ts'],
    ['storage'],
    ['registries'],
    ['services.ts'],
    ['evidence', 'webhooks'],
    ['admin', 'pipeline'],
    ['batch', 'jobs'],
    ['watch'],
    ['runtime.ts'],
    ['dashboard', 'admin-api'],
    ['http'],
    ['index.ts'],
  ];

  /** The rank of a server file: its own entry (a root file, a port of storage, a folder of ports ending in /) before its room's. */
  function serverRank(file: string): number | undefined {
    if (!inFolder(file, 'src/server')) return undefined;
    const inside = file.slice('src/server/'.length);
    const room = inside.includes('/') ? (inside.split('/')[0] as string) : inside;
    const exact = SERVER_RANKS.findIndex((rooms) => rooms.some((entry) => entry === inside || (entry.endsWith('/') && inside.startsWith(entry))));
    return exact >= 0 ? exact : SERVER_RANKS.findIndex((rooms) => rooms.includes(room));
  }

  it('every server file has a rank: a new room is placed in SERVER_RANKS', () => {
    expect(sourceFiles.filter((file) => serverRank(file) === -1)).toEqual([]);
  });

  it('no import runs up inside src/server: a lower room never imports a higher one', () => {
    const upward = allImports
      .filter((entry) => entry.relative)
      .filter((entry) => {
        const from = serverRank(entry.from);
        const to = serverRank(entry.target);
        return from !== undefined && to !== undefined && to > from;
      })
      .map((entry) => `${entry.from} -> ${entry.target}`);
    expect(upward).toEqual([]);
  });

  it('no import circle among the source files', () => {
    expect(importCircles()).toEqual([]);
  });
});

/**
 * The import circles among src/ files: each group of files that reach one another through their
 * relative imports (Tarjan's strongly connected components), its files sorted, joined by ' <-> '.
 */
function importCircles(): string[] {
  const targets = new Map<string, string[]>();
  for (const entry of allImports) if (entry.relative) targets.set(entry.from, [...(targets.get(entry.from) ?? []), entry.target]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const target of targets.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = member === file ? undefined : stack.pop()) {
      onStack.delete(member);
      group.push(member);
    }
    const selfImport = (targets.get(file) ?? []).includes(file);
    if (group.length > 1 || selfImport) circles.push(group.sort().join(' <-> '));
  };
  for (const file of sourceFiles) if (!index.has(file)) visit(file);
  return circles.sort();
}
