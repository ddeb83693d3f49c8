/**
 * The names an `@example` of a source file has in scope: what the package entry the file belongs to
 * exports (src/iban/** -> src/iban/index.ts, …, src/index.ts for the rest), and what the file itself
 * exports (the example documents it). `import … from 'verifield/<subpath>'` in an example means the
 * source entry behind that subpath, from scripts/entry-points.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { binOnlyEntryPoints, browserEntryPoints, nodeEntryPoints } from '../../../scripts/entry-points.js';
import { PACKAGE_NAME } from '../../../scripts/package-entries.js';
import {  } from './run.js';
import { repoRoot } from '../repo-root.js';

/** Entry name (`iban/index`) -> source file (`src/iban/index.ts`), for every package subpath. */
const entrySources: ReadonlyMap<string, string> = new Map(
  Object.entries({ ...browserEntryPoints, ...nodeEntryPoints }).filter(([entry]) => !binOnlyEntryPoints.includes(entry)),
);

/** The source file behind `verifield` or `verifield/<subpath>`; null for another specifier. */
export function sourceOfSpecifier(specifier: string): string | null {
  if (specifier === PACKAGE_NAME) return entrySources.get('index') ?? null;
  if (!specifier.startsWith(`${PACKAGE_NAME}/`)) return null;
  const subpath = specifier.slice(PACKAGE_NAME.length + 1);
  // `verifield/messages/es` is an entry of its own (`messages/es`), not a folder's index.
  return entrySources.get(`${subpath}/index`) ?? entrySources.get(subpath) ?? null;
}

/** The entry a source file belongs to: the `index.ts` entry of the deepest folder holding it, else the root. */
export function entryOf(file: string): string {
  const folders = [...entrySources.values()].filter((source) => source.endsWith('/index.ts') && dirname(source) !== 'src');
  const owners = folders.filter((source) => file.startsWith(`${dirname(source)}/`));
  return owners.sort((a, b) => b.length - a.length)[0] ?? (entrySources.get('index') as string);
}

export interface ExportedName {
  name: string;
  /** A type or interface: imported with `type`, erased when run. */
  typeOnly: boolean;
}

function hasExportModifier(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
}

/** `./x.js` from `file` -> the repository-relative `.ts` source. */
function resolveRelative(file: string, specifier: string): string {
  const base = join(dirname(file), specifier.replace(/\.js$/, ''));
  return existsSync(join(repoRoot, `${base}.ts`)) ? `${base}.ts` : join(base, 'index.ts');
}

function declaredNames(statement: ts.Statement): ExportedName[] {
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((declaration) => (ts.isIdentifier(declaration.name) ? [{ name: declaration.name.text, typeOnly: false }] : []));
  }
  const typeOnly = ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement);
  const named = ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement) || typeOnly;
  return named && statement.name !== undefined ? [{ name: statement.name.text, typeOnly }] : [];
}

function reExportedNames(file: string, statement: ts.ExportDeclaration): ExportedName[] {
  const clause = statement.exportClause;
  if (clause === undefined) {
    // `export * from './x.js'`
    return ts.isStringLiteral(statement.moduleSpecifier as ts.Expression)
      ? exportedNames(resolveRelative(file, (statement.moduleSpecifier as ts.StringLiteral).text))
      : [];
  }
  if (ts.isNamespaceExport(clause)) return [{ name: clause.name.text, typeOnly: statement.isTypeOnly }];
  return clause.elements.map((element) => ({ name: element.name.text, typeOnly: statement.isTypeOnly || element.isTypeOnly }));
}

/** What `file` (repository-relative) exports by name, read from its syntax. */
export function exportedNames(file: string): ExportedName[] {
  const text = readFileSync(join(repoRoot, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  return source.statements.flatMap((statement) => {
    if (ts.isExportDeclaration(statement)) return reExportedNames(file, statement);
    return hasExportModifier(statement) && !ts.isExportAssignment(statement) ? declaredNames(statement) : [];
  });
}

/** A module and the names to import from it. */
export interface ScopeImport {
  /** Repository-relative source file. */
  source: string;
  names: ExportedName[];
}

/** The imports that put the entry's and the file's own exports in scope, minus `taken` (names the example imports itself). */
export function scopeOf(file: string, taken: ReadonlySet<string>): ScopeImport[] {
  const entry = entryOf(file);
  const seen = new Set(taken);
  const fresh = (names: ExportedName[]) => names.filter(({ name }) => name !== 'default' && !seen.has(name) && seen.add(name));
  const own = fresh(exportedNames(file));
  const fromEntry = entry === file ? [] : fresh(exportedNames(entry));
  return [
    { source: file, names: own },
    { source: entry, names: fromEntry },
  ].filter((scope) => scope.names.length > 0);
}
