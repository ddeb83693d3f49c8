/**
 * The `@example` blocks of the doc comments of src run as tests, one test per example named by
 * its `file:line`:
 * - in scope are the names the file's package entry exports and the file's own exports
 *   (test/support/examples/scope.ts); `import … from 'verifield/…'` reaches the sources;
 * - `expression; // value` asserts that the expression deep-equals the value, a JavaScript
 *   literal (test/support/examples/assertions.ts); other lines just run; top-level await works;
 * - every example is type-checked with the project's compiler options (tsconfig.json), then run
 *   in this process, in an empty folder, with the environment variables that point the adapters,
 *   the client and a service at loopback fakes (test/support/examples/world.ts);
 * - an example whose first line is `// not run: <why>` is only type-checked (the documentation's rule,
 *   test/docs/doc-examples.test.ts), and its test says why.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docExamplesOf } from '../support/examples/doc-comments.js';
import { writeExampleModule, type ExampleModule } from '../support/examples/module.js';
import { scratchFolder, typeCheck, type TypeCheck } from '../support/examples/run.js';
import { repoRoot } from '../support/repo-root.js';
import { startExampleWorld, type ExampleWorld } from '../support/examples/world.js';

/** Every TypeScript source of src, repository-relative; the generated email data holds no doc comments. */
const sourceFiles = readdirSync(join(repoRoot, 'src'), { recursive: true, encoding: 'utf8' })
  .map((path) => `src/${path.split('\\').join('/')}`)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.generated.ts'))
  .sort();

const scratch = scratchFolder('api-examples');
const modules = sourceFiles
  .flatMap((file) => docExamplesOf(file, readFileSync(join(repoRoot, file), 'utf8')))
  .map((example) => writeExampleModule(example, scratch));

/** The folders whose every exported function shows an example: the offline field modules and the envelope builders. */
const EXAMPLE_FOR_EVERY_FUNCTION = ['src/iban/', 'src/nif/', 'src/nas/', 'src/ssn/', 'src/phone/', 'src/result.ts', 'src/checksum.ts'];

/** Exported functions of `file` without an `@example` in their doc comment. */
function functionsWithoutExample(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(repoRoot, file), 'utf8'), ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  return source.statements
    .filter(ts.isFunctionDeclaration)
    .filter((declaration) => (ts.getModifiers(declaration) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword))
    .filter((declaration) => !ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === 'example'))
    .map((declaration) => `${file}: ${declaration.name?.text ?? 'default'}`);
}

function typeErrorsOf(types: TypeCheck, module: ExampleModule): string[] {
  return types.diagnostics
    .filter((diagnostic) => diagnostic.file === module.path)
    .map((diagnostic) => `${module.example.file}:${module.sourceLine(diagnostic.line) ?? '(added line)'}: ${diagnostic.message}`);
}

/** An error thrown by the example's code, located at its source line (assertion failures are located already). */
function located(module: ExampleModule, error: unknown): unknown {
  if (!(error instanceof Error) || error.message.startsWith(`${module.example.file}:`)) return error;
  const frame = new RegExp(`${basename(module.path).replace(/\./g, '\\.')}:(\\d+)`).exec(error.stack ?? '');
  const line = frame === null ? null : module.sourceLine(Number(frame[1]));
  return new Error(`${line === null ? module.example.location : `${module.example.file}:${line}`}: the example threw: ${error.message}`, { cause: error });
}

describe('the @example blocks of src', () => {
  const workingFolder = scratchFolder('api-examples-cwd');
  const savedCwd = process.cwd();
  const savedEnv = { ...process.env };
  let world: ExampleWorld;
  let types: TypeCheck;

  beforeAll(async () => {
    [world, types] = await Promise.all([
      startExampleWorld(),
      typeCheck(scratch, {
        extends: relative(scratch.path, join(repoRoot, 'tsconfig.json')),
        include: [],
        files: modules.map((module) => module.path),
      }),
    ]);
    Object.assign(process.env, world.env);
    // Examples may write files (an embedded store in ./.verifield): here, not in the repository.
    process.chdir(workingFolder.path);
    // One tsc over every example: generous, since tsc alone can take a minute or two under load.
  }, 300_000);

  afterAll(async () => {
    process.chdir(savedCwd);
    for (const name of Object.keys(world?.env ?? {})) {
      if (savedEnv[name] === undefined) delete process.env[name];
      else process.env[name] = savedEnv[name];
    }
    await world?.close();
  });

  it('finds examples in every field module', () => {
    const folders = new Set(modules.map((module) => module.example.file.split('/').slice(0, 2).join('/')));
    for (const field of ['iban', 'nif', 'nas', 'ssn', 'phone', 'vat', 'email']) expect(folders).toContain(`src/${field}`);
  });

  it('shows an example for every exported function of the offline field modules and result.ts', () => {
    const files = sourceFiles.filter((file) => EXAMPLE_FOR_EVERY_FUNCTION.some((prefix) => file.startsWith(prefix)));
    expect(files.flatMap(functionsWithoutExample)).toEqual([]);
  });

  it('ran tsc over the examples', () => {
    expect(types.stderr).toBe('');
    expect(types.status === 0 || types.diagnostics.length > 0).toBe(true);
  });

  for (const module of modules) {
    const { location } = module.example;
    const name = module.notRun === null ? `${location} gives the values its comments say` : `${location} type-checks; not run: ${module.notRun}`;
    it(name, async () => {
      expect(module.problems).toEqual([]);
      expect(typeErrorsOf(types, module)).toEqual([]);
      if (module.notRun !== null) return;
      try {
        await import(pathToFileURL(module.path).href);
      } catch (error) {
        throw located(module, error);
      }
    });
  }
});
