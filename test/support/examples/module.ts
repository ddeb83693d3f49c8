/**
 * One `@example` as a TypeScript module that tsc can check and the test can import: the names of
 * its scope imported at the top (test/support/examples/scope.ts), its own imports moved up to them
 * with `verifield/…` pointing at the sources, and its code in a block (so that its declarations
 * may shadow those names) line for line, each `expression; // value` line made a call of
 * checkExampleLine (test/support/examples/check.ts).
 */
import { relative } from 'node:path';
import ts from 'typescript';
import { readLine } from './assertions.js';
import type { DocExample, ExampleLine } from './doc-comments.js';
import { notRunReason, type ScratchFolder } from './run.js';
import { repoRoot } from '../repo-root.js';
import { scopeOf, sourceOfSpecifier, type ScopeImport } from './scope.js';

export interface ExampleModule {
  example: DocExample;
  /** Absolute path of the module written. */
  path: string;
  /** Why the example is only type-checked (its first line `// not run: <why>`); null when it runs. */
  notRun: string | null;
  /** What makes the example unusable as written, each starting with its `file:line`. */
  problems: string[];
  /** The source line of a line of the module; null for the lines it adds. */
  sourceLine(moduleLine: number): number | null;
}

const CHECK_MODULE = 'test/support/examples/check.ts';

/** The specifier that reaches the repository-relative `file` from the scratch folder. */
function specifierFrom(scratch: ScratchFolder, file: string): string {
  const path = relative(scratch.path, `${repoRoot}${file}`).split('\\').join('/');
  return (path.startsWith('.') ? path : `./${path}`).replace(/\.ts$/, '.js');
}

function scopeImportLine(scratch: ScratchFolder, scope: ScopeImport): string {
  const names = scope.names.map(({ name, typeOnly }) => (typeOnly ? `type ${name}` : name));
  return `import { ${names.join(', ')} } from '${specifierFrom(scratch, scope.source)}';`;
}

interface ImportLine {
  /** The line with `verifield/…` replaced by the source's specifier. */
  text: string;
  names: string[];
}

/** An import statement of the example, on one line; null when `text` is not one. */
function readImport(scratch: ScratchFolder, text: string): ImportLine | null {
  const statements = ts.createSourceFile('import.ts', text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS).statements;
  const declaration = statements[0];
  if (statements.length !== 1 || declaration === undefined || !ts.isImportDeclaration(declaration)) return null;
  const specifier = (declaration.moduleSpecifier as ts.StringLiteral).text;
  const source = sourceOfSpecifier(specifier);
  const clause = declaration.importClause;
  const bindings = clause?.namedBindings;
  const names = [
    ...(clause?.name === undefined ? [] : [clause.name.text]),
    ...(bindings === undefined ? [] : ts.isNamespaceImport(bindings) ? [bindings.name.text] : bindings.elements.map((element) => element.name.text)),
  ];
  const rewritten = source === null ? text : text.replace(/(['"])[^'"]+\1/, `'${specifierFrom(scratch, source)}'`);
  return { text: rewritten, names };
}

function moduleName(example: DocExample): string {
  return `${example.file.replace(/[^\w]/g, '_')}_${(example.lines[0] as ExampleLine).number}.ts`;
}

/** Writes the module of `example` into `scratch`. */
export function writeExampleModule(example: DocExample, scratch: ScratchFolder): ExampleModule {
  const problems: string[] = [];
  const imports: string[] = [];
  const taken = new Set<string>();
  const body = example.lines.map(({ number, text }) => {
    const location = `${example.file}:${number}`;
    if (/^\s*import[\s{]/.test(text)) {
      const line = readImport(scratch, text);
      if (line === null) {
        problems.push(`${location}: an import of an example takes one line: ${text.trim()}`);
        return text;
      }
      imports.push(line.text);
      for (const name of line.names) taken.add(name);
      return '';
    }
    const reading = readLine(text);
    if (reading.kind === 'unreadable-expected') problems.push(`${location}: the comment after \`${reading.expression}\` is not a JavaScript value: ${reading.expected}`);
    if (reading.kind !== 'assertion') return text;
    const args = [JSON.stringify(location), JSON.stringify(reading.expression), `(${reading.expression})`, `(${reading.expected})`];
    return `__checkExampleLine(${args.join(', ')});`;
  });
  const header = [
    `import { checkExampleLine as __checkExampleLine } from '${specifierFrom(scratch, CHECK_MODULE)}';`,
    ...scopeOf(example.file, taken).map((scope) => scopeImportLine(scratch, scope)),
    ...imports,
    '{',
  ];
  const path = scratch.file(moduleName(example), [...header, ...body, '}', ''].join('\n'));
  return {
    example,
    path,
    notRun: notRunReason((example.lines[0] as ExampleLine).text),
    problems,
    sourceLine: (moduleLine) => example.lines[moduleLine - header.length - 1]?.number ?? null,
  };
}
