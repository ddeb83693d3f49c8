/**
 * What every test of documentation examples shares (README.md's and docs/'s in
 * test/docs/doc-examples.test.ts, the `@example` blocks of src in test/docs/api-examples.test.ts): scratch files inside the
 * repository, Node runs that do not block the test process, tsc over the examples, and the
 * `// not run: <why>` marker of an example that is only type-checked.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from '../repo-root.js';

/** First line of an example that is type-checked but not run, with the reason. */
const NOT_RUN = /^\/\/ not run: (\S.*)$/;

/** Why an example is not run, from its first line `// not run: <why>`; null when it runs. */
export function notRunReason(firstLine: string): string | null {
  return NOT_RUN.exec(firstLine)?.[1] ?? null;
}

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a file with Node without blocking this process, which may be serving the example. The child
 * is killed after `timeoutMs` (0: never), so that an example that hangs fails its test.
 */
export function runNode(args: string[], env: Record<string, string> = {}, timeoutMs = 30_000): Promise<Run> {
  return new Promise((resolveRun) => {
    execFile(process.execPath, args, { cwd: repoRoot, encoding: 'utf8', timeout: timeoutMs, env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      const status = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      resolveRun({ status, stdout, stderr });
    });
  });
}

export interface ScratchFolder {
  /** Absolute path of the folder. */
  path: string;
  /** Writes `text` to `name` in the folder and answers its absolute path. */
  file(name: string, text: string): string;
}

/**
 * An empty folder `.tmp/<name>` of the repository: inside it, so that `import … from 'verifield/…'`
 * resolves through package.json exports and bare imports through node_modules.
 */
export function scratchFolder(name: string): ScratchFolder {
  const path = join(repoRoot, '.tmp', name);
  rmSync(path, { recursive: true, force: true });
  mkdirSync(path, { recursive: true });
  return {
    path,
    file(fileName, text) {
      const filePath = join(path, fileName);
      writeFileSync(filePath, text);
      return filePath;
    },
  };
}

/** One error tsc reported, in a file it names. */
export interface TypeDiagnostic {
  /** Absolute path. */
  file: string;
  line: number;
  column: number;
  /** `TS2339: Property … does not exist …`, continuation lines included. */
  message: string;
}

export interface TypeCheck extends Run {
  diagnostics: TypeDiagnostic[];
}

const DIAGNOSTIC = /^(.+?)\((\d+),(\d+)\): error (.*)$/;

function diagnosticsOf(output: string): TypeDiagnostic[] {
  const diagnostics: TypeDiagnostic[] = [];
  for (const line of output.split('\n')) {
    const match = DIAGNOSTIC.exec(line);
    if (match !== null) {
      diagnostics.push({ file: resolve(repoRoot, match[1] as string), line: Number(match[2]), column: Number(match[3]), message: match[4] as string });
    } else if (line.startsWith(' ') && diagnostics.length > 0) {
      (diagnostics.at(-1) as TypeDiagnostic).message += `\n${line}`;
    }
  }
  return diagnostics;
}

/**
 * Runs tsc (in another process) on the tsconfig `config` written into `scratch`. tsc is not killed:
 * it takes a minute or more on a loaded 2-core machine, so the caller's test or hook timeout bounds it.
 */
export async function typeCheck(scratch: ScratchFolder, config: object): Promise<TypeCheck> {
  const tsconfig = scratch.file('tsconfig.json', JSON.stringify(config));
  const run = await runNode([join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', tsconfig, '--pretty', 'false'], {}, 0);
  return { ...run, diagnostics: diagnosticsOf(run.stdout) };
}
