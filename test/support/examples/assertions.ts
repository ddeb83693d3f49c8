/**
 * Which lines of an example assert a value. A line that is one expression statement followed by
 * `// value` asserts that the expression deep-equals the value, a JavaScript literal:
 *
 *     validateIban('DE89 3704 0044 0532 0130 00').valid; // true
 *
 * Declarations and other statements may carry a comment of prose; after an expression statement
 * the comment must be the value (prose goes on a line of its own), so that a typo in an expected
 * value cannot turn an assertion into a comment.
 */
import ts from 'typescript';

export type LineReading =
  | { kind: 'code' }
  | { kind: 'assertion'; expression: string; expected: string }
  /** An expression statement whose comment is not a JavaScript value. */
  | { kind: 'unreadable-expected'; expression: string; expected: string };

const TRANSPILE: ts.TranspileOptions = {
  reportDiagnostics: true,
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, moduleDetection: ts.ModuleDetectionKind.Force },
};

/** `code` is exactly one expression statement without syntax errors. */
function isOneExpression(code: string): boolean {
  if (code.trim() === '' || (ts.transpileModule(code, TRANSPILE).diagnostics?.length ?? 0) > 0) return false;
  const statements = ts.createSourceFile('line.ts', code, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS).statements;
  return statements.length === 1 && ts.isExpressionStatement(statements[0] as ts.Statement);
}

/** How one line of an example reads: the first `//` after a whole expression statement starts its expected value. */
export function readLine(text: string): LineReading {
  for (let slashes = text.indexOf('//'); slashes !== -1; slashes = text.indexOf('//', slashes + 2)) {
    const code = text.slice(0, slashes);
    if (!isOneExpression(code)) continue;
    const expression = code.trim().replace(/;$/, '');
    const expected = text.slice(slashes + 2).trim();
    return isOneExpression(`(${expected})`) ? { kind: 'assertion', expression, expected } : { kind: 'unreadable-expected', expression, expected };
  }
  return { kind: 'code' };
}
