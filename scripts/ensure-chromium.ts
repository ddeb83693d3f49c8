/**
 * Run by `npm test` before vitest: makes sure the browser test has Chromium (see
 * scripts/chromium-setup.ts). Exit 0 when it is there (installed now or before), 1 with one line
 * on stderr saying what to install.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { ensureChromium } from './chromium-setup.js';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function findCommand(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

const outcome = ensureChromium({
  env: process.env,
  isExecutable,
  isRoot: process.getuid?.() === 0,
  findCommand,
  run: (command, args, env) => spawnSync(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'] }).status ?? 1,
  say: (line) => console.log(line),
});

if (outcome.ok) {
  if (outcome.installed) console.log(`Chromium installed at ${outcome.path}`);
} else {
  console.error(outcome.line);
  process.exitCode = 1;
}
