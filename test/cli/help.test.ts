/**
 * `verifield --version` and the help texts: the version is package.json's, from the sources and
 * from the build (`dist/cli/index.js`, which `npm test` builds first and `npm start` runs); every
 * command and subcommand answers --help with its usage and exit 0 (run in-process through the I/O
 * seam: what is tested is the argument reading, not the process).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELDS_IN_CHECK_ORDER } from '../../src/fields/catalog.js';
import { COMMANDS, generalUsage, synopsisLines } from '../../src/cli/commands.js';
import { memoryIo, runCli, runCliInProcess } from '../support/cli.js';
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
  it('lists every command, --version and the batch options, and exits 0', async () => {
    const run = runCli(['--help']);
    expect(run.status).toBe(0);
    // The text itself comes from the table every command is run from (src/cli/commands.ts).
    expect(run.stdout).toBe(`${await generalUsage()}\n`);
    for (const line of [
      'verifield serve [options]',
      'verifield accounts create --name NAME',
      'verifield keys revoke KEY',
      'verifield jobs status JOB_ID',
      'verifield jobs results JOB_ID [--csv]',
      'verifield jobs cancel JOB_ID',
      'verifield check FIELD VALUE [--no-fail]',
      'verifield check FIELD --file PATH [--no-fail]',
      'verifield --version',
      // The order of `check --help` (test/fields/registry.test.ts checks it).
      `FIELD is one of: ${FIELDS_IN_CHECK_ORDER.join(', ')}`,
    ]) {
      expect(run.stdout).toContain(line);
    }
  }, SLOW);

  it('explains check: one line per line, the summary, the exit statuses and the progress variable', async () => {
    const run = await runCliInProcess(['check', '--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('output line N answers input line N');
    expect(run.stdout).toContain('Exit status: 0 every value valid; 1 some value invalid (0 with --no-fail); 2 a wrong call');
    expect(run.stdout).toContain('VERIFIELD_PROGRESS_INTERVAL_MS');
    expect(run.stdout).toContain('--lang writes the messages in LANG (en, es, fr, de, it, pt, nl, pl; es-MX reads as es)');
    expect((await runCliInProcess(['keys', '--help'])).stdout).toContain('Revoking a key revoked before changes nothing');
  });

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

describe('COMMAND SUBCOMMAND --help', () => {
  it('prints the usage on stdout and exits 0 for every command and subcommand, as --help or -h, whatever else the line holds', async () => {
    const walked: string[] = [];
    for (const [name, load] of COMMANDS) {
      const { run, usage } = await load();
      // The subcommands are the lower-case words after the command in its usage's `verifield …` lines.
      const subcommands = [...new Set(synopsisLines(usage).map((line) => line.split(/\s+/)[2] ?? ''))].filter((word) => /^[a-z][a-z-]*$/.test(word));
      const calls: string[][] = [['--help'], ['-h'], ...subcommands.flatMap((sub) => [[sub, '--help'], [sub, '-h'], [sub, 'extra', '--colour', 'red', '--help']])];
      for (const argv of calls) {
        const output = memoryIo();
        const status = await run(argv, output.io);
        expect({ call: `verifield ${name} ${argv.join(' ')}`, status, stdout: output.stdout, stderr: output.stderr }).toEqual({
          call: `verifield ${name} ${argv.join(' ')}`,
          status: 0,
          stdout: `${usage}\n`,
          stderr: '',
        });
      }
      walked.push(name, ...subcommands.map((sub) => `${name} ${sub}`));
    }
    expect(walked).toEqual(
      expect.arrayContaining(['serve', 'check', 'accounts create', 'accounts login-link', 'keys revoke', 'admin login-link', 'webhooks set', 'webhooks rotate', 'jobs submit', 'jobs status', 'jobs results', 'jobs cancel']),
    );
  }, SLOW);

  it('reads --help after -- as a value, not as a call for help', async () => {
    const run = await runCliInProcess(['keys', 'revoke', '--', '--help', 'x']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('unexpected argument: x');
  });
});
