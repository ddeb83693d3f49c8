/**
 * `verifield --version` and the help texts: the version is package.json's, from the sources and
 * from the build (`dist/cli/index.js`, which `npm test` builds first and `npm start` runs).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { repoRoot } from '../support/repo-root.js';

const SLOW = 120_000;
const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };

describe('verifield --version', () => {
  it('prints the package version alone and exits 0, as --version and -v', () => {
    for (const flag of ['--version', '-v']) {
      const run = runCli([flag]);
      expect(run.status).toBe(0);
      expect(run.stdout).toBe(`${version}\n`);
      expect(run.stderr).toBe('');
    }
  }, SLOW);

  it('prints the package version from the build', () => {
    const run = runCli(['--version'], {}, { built: true });
    expect(run.stdout).toBe(`${version}\n`);
    expect(run.status).toBe(0);
  }, SLOW);
});

describe('verifield --help', () => {
  it('lists every command, --version and the batch options, and exits 0', () => {
    const run = runCli(['--help']);
    expect(run.status).toBe(0);
    for (const line of [
      'verifield serve [options]',
      'verifield accounts create --name NAME',
      'verifield keys revoke KEY_ID',
      'verifield check FIELD VALUE [--no-fail]',
      'verifield check FIELD --file PATH [--no-fail]',
      'verifield --version',
      'FIELD is one of: iban, nif, nas, ssn, vat, email, phone',
    ]) {
      expect(run.stdout).toContain(line);
    }
  }, SLOW);

  it('explains check: one line per line, the summary, the exit statuses and the progress variable', () => {
    const run = runCli(['check', '--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('output line N answers input line N');
    expect(run.stdout).toContain('Exit status: 0 every value valid; 1 some value invalid (0 with --no-fail); 2 a wrong call');
    expect(run.stdout).toContain('VERIFIELD_PROGRESS_INTERVAL_MS');
    expect(run.stdout).toContain('--lang writes the messages in LANG (en, es, fr, de, it, pt, nl, pl; es-MX reads as es)');
    expect(runCli(['keys', '--help']).stdout).toContain('Revoking a key revoked before changes nothing');
  }, SLOW);

  it('exits 2 with the usage without a command or with an unknown one', () => {
    const none = runCli([]);
    expect(none.status).toBe(2);
    expect(none.stdout).toContain('usage: verifield serve');
    // A name every object has is no command either.
    const unknown = runCli(['toString']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown command: toString');
  }, SLOW);
});
