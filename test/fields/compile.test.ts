/**
 * Adding a field: the compiler names every place that needs it. An eighth field written into the
 * catalog alone (src/fields/catalog.ts) must fail to compile in exactly the files that need the
 * field's own code or words (its validators, its OpenAPI description, its usage-log policy, the
 * client's method, the catalog's field orders), and nowhere that derives from the catalog (the server's routes,
 * validators and scopes, the store, the usage log, the CLI). The type checker reads the
 * repository's sources with the catalog replaced in memory.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/repo-root.js';
const CATALOG = `${repoRoot}src/fields/catalog.ts`;

/** Where the new field must be written by hand. */
const NEEDS_THE_FIELD = ['src/fields/catalog.ts', 'src/fields/operations.ts', 'src/fields/usage-log.ts', 'src/fields/validators.ts', 'src/client/index.ts'];

/** What derives from the catalog and must compile untouched. */
const DERIVED = [
  'src/server/http/openapi.ts',
  'src/server/pipeline/validators.ts',
  'src/server/admin/key-admin.ts',
  'src/server/storage/types.ts',
  'src/server/storage/sql/meter.ts',
  'src/server/pipeline/metered.ts',
  'src/cli/check.ts',
];

/** The files of `files` that have type errors when the catalog's text is `catalog`. */
function filesWithErrors(catalog: string, files: readonly string[]): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(`${repoRoot}tsconfig.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (config === undefined) throw new Error('tsconfig.json could not be read');
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) =>
    fileName === CATALOG ? ts.createSourceFile(fileName, catalog, languageVersion) : getSourceFile(fileName, languageVersion, ...rest);
  const program = ts.createProgram(
    files.map((file) => `${repoRoot}${file}`),
    config.options,
    host,
  );
  return files.filter((file) => {
    const source = program.getSourceFile(`${repoRoot}${file}`);
    return source !== undefined && program.getSemanticDiagnostics(source).length + program.getSyntacticDiagnostics(source).length > 0;
  });
}

/** The catalog's text with a field `eori` added to the catalog and to FieldResults, as a person would start. */
function catalogWithAnEighthField(): string {
  const text = readFileSync(CATALOG, 'utf8');
  const withEntry = text.replace(
    "  ssn: { operation: 'validateSsn'",
    "  eori: { operation: 'validateEori', takesTraderName: false },\n  ssn: { operation: 'validateSsn'",
  );
  const withResult = withEntry.replace('  ssn: SsnValidationResult;\n}', '  ssn: SsnValidationResult;\n  eori: IbanValidationResult;\n}');
  expect(withResult).not.toBe(withEntry);
  expect(withEntry).not.toBe(text);
  return withResult;
}

describe('adding a field to the catalog', () => {
  it('compiles as the repository has it', () => {
    expect(filesWithErrors(readFileSync(CATALOG, 'utf8'), [...NEEDS_THE_FIELD, ...DERIVED])).toEqual([]);
  }, 120_000);

  it('fails to compile where the field must be written, and only there', () => {
    expect(filesWithErrors(catalogWithAnEighthField(), [...NEEDS_THE_FIELD, ...DERIVED])).toEqual(NEEDS_THE_FIELD);
  }, 120_000);

  it('fails to compile without the field’s result type', () => {
    const withoutResult = catalogWithAnEighthField().replace('  eori: IbanValidationResult;\n', '');
    expect(filesWithErrors(withoutResult, ['src/fields/catalog.ts'])).toEqual(['src/fields/catalog.ts']);
  }, 120_000);
});
