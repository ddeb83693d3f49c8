/**
 * `verifield check` as a process: one value, and a file or stdin line by line, where output line N
 * answers input line N whatever the line ends, blank lines or size of the input; a summary and
 * progress on stderr; exit 1 when a value is invalid unless --no-fail.
 */
import { closeSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { until } from '../support/server.js';
import { runCli, startCli, type CliRun } from '../support/cli.js';
import { useTempDir } from '../support/temp-dir.js';

const SLOW = 120_000;
const VALID_NIF = '12345678Z';
const INVALID_NIF = '12345678A';
const VALID_IBAN = 'DE89 3704 0044 0532 0130 00';

const dir = useTempDir('verifield-check-');

function file(name: string, content: string | Buffer): string {
  const path = join(dir(), name);
  writeFileSync(path, content);
  return path;
}

interface Answer {
  valid: boolean;
  message: string;
  originalValue: string;
}

function answers(run: CliRun): Answer[] {
  return run.stdout === '' ? [] : run.stdout.replace(/\n$/, '').split('\n').map((line) => JSON.parse(line) as Answer);
}

/** The progress lines of a run's stderr (the summary line is not one). */
function progressLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('checked ') && !/ in [\d.]+ s /.test(line));
}

describe('verifield check FIELD VALUE', () => {
  it('prints the envelope, exits 0 when valid and 1 when invalid, 0 with --no-fail', () => {
    const ok = runCli(['check', 'iban', VALID_IBAN]);
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ valid: true, normalizedValue: 'DE89370400440532013000' });
    const bad = runCli(['check', 'nif', INVALID_NIF]);
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({ valid: false, originalValue: INVALID_NIF });
    expect(bad.stderr).toBe('');
    expect(runCli(['check', 'nif', INVALID_NIF, '--no-fail']).status).toBe(0);
  }, SLOW);

  it('takes the request members the offline validator reads as flags: --iban on bic, --default-country on phone', () => {
    const bic = runCli(['check', 'bic', 'BNPAFRPP', '--iban', VALID_IBAN]);
    expect(bic.status).toBe(0);
    expect(JSON.parse(bic.stdout)).toMatchObject({ valid: true, bicDetails: { countryCode: 'FR', ibanCountryMatches: false } });
    expect(JSON.parse(runCli(['check', 'bic', 'DEUTDEFF', `--iban=${VALID_IBAN}`]).stdout)).toMatchObject({ bicDetails: { ibanCountryMatches: true } });
    expect(JSON.parse(runCli(['check', 'bic', 'DEUTDEFF']).stdout)).toMatchObject({ bicDetails: { ibanCountryMatches: null } });
    const phone = runCli(['check', 'phone', '020 7946 0958', '--default-country', 'GB']);
    expect(phone.status).toBe(0);
    expect(JSON.parse(phone.stdout)).toMatchObject({ valid: true, normalizedValue: '+442079460958' });
    const lines = runCli(['check', 'bic', '--iban', VALID_IBAN, '-'], {}, { input: 'DEUTDEFF\nBNPAFRPP\n' });
    expect(answers(lines).map((answer) => (answer as Answer & { bicDetails: { ibanCountryMatches: boolean } }).bicDetails.ibanCountryMatches)).toEqual([true, false]);
  }, SLOW);

  it('takes --national-check on iban: report keeps an IBAN whose national check fails valid', () => {
    // Mod-97 holds; the Belgian account's own check digits do not.
    const reported = runCli(['check', 'iban', 'BE41 5390 0754 7035', '--national-check', 'report']);
    expect(reported.status).toBe(0);
    expect(JSON.parse(reported.stdout)).toMatchObject({ valid: true, ibanDetails: { nationalCheck: 'FAIL' } });
    const enforced = runCli(['check', 'iban', 'BE41 5390 0754 7035']);
    expect(enforced.status).toBe(1);
    expect(JSON.parse(enforced.stdout)).toMatchObject({ valid: false, reason: 'IBAN_NATIONAL_CHECK_FAILED' });
  }, SLOW);

  it('takes a value that starts with a dash after --', () => {
    const run = runCli(['check', 'phone', '--', '-34612345678']);
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ valid: false, originalValue: '-34612345678' });
  }, SLOW);
});

describe('verifield check FIELD --file PATH', () => {
  // A byte-order mark, a CRLF line, a blank line, a line of spaces, a bare LF line and no final line end.
  const lines = [VALID_NIF, INVALID_NIF, '', VALID_NIF, '   ', VALID_NIF];
  const content = `\uFEFF${lines[0]}\r\n${lines[1]}\r\n${lines[2]}\r\n${lines[3]}\n${lines[4]}\n${lines[5]}`;

  it('answers input line N with output line N: CRLF, blank lines, a byte-order mark, no final line end', () => {
    const run = runCli(['check', 'nif', '--file', file('mixed.txt', content)]);
    const got = answers(run);
    expect(got.map((answer) => answer.originalValue)).toEqual(lines);
    expect(got.map((answer) => answer.valid)).toEqual([true, false, false, true, false, true]);
    expect(got[2]?.message).toMatch(/empty/i);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^checked 6 values in \d+\.\d s \([\d,]+ values\/s\): 3 valid, 3 invalid \(2 blank lines\)\n$/);
  }, SLOW);

  it('exits 0 with --no-fail, and 0 when every value is valid', () => {
    const path = file('mixed-no-fail.txt', content);
    const run = runCli(['check', 'nif', '--file', path, '--no-fail']);
    expect(run.status).toBe(0);
    expect(answers(run).map((answer) => answer.originalValue)).toEqual(lines);
    const allValid = runCli(['check', 'nif', '--file', file('valid.txt', `${VALID_NIF}\n${VALID_NIF}\n`)]);
    expect(allValid.status).toBe(0);
    expect(answers(allValid)).toHaveLength(2);
    expect(allValid.stderr).toContain('2 valid, 0 invalid');
  }, SLOW);

  it('reads stdin for - and when no value is given', () => {
    for (const args of [['check', 'nif', '-'], ['check', 'nif'], ['check', 'nif', '--file', '-']]) {
      const run = runCli(args, {}, { input: `${VALID_NIF}\r\n\r\n${INVALID_NIF}` });
      expect(answers(run).map((answer) => [answer.originalValue, answer.valid])).toEqual([
        [VALID_NIF, true],
        ['', false],
        [INVALID_NIF, false],
      ]);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('checked 3 values');
    }
  }, SLOW);

  it('keeps characters whole across the chunks the file is read in', () => {
    // Lines of 3- and 4-byte characters, the first one padded so that the first 64 KiB chunk of
    // the read ends inside a character.
    const lines = Array.from({ length: 20_000 }, (_, i) => `${i}${'€'.repeat(i % 5)}${'𝄞'.repeat(i % 3)}`);
    const isContinuation = (bytes: Buffer): boolean => ((bytes[65_536] ?? 0) & 0b1100_0000) === 0b1000_0000;
    const pad = [0, 1, 2, 3].find((n) => isContinuation(Buffer.from(`${'x'.repeat(n)}${lines.join('\n')}\n`))) ?? 0;
    const values = [`${'x'.repeat(pad)}${lines[0]}`, ...lines.slice(1)];
    const bytes = Buffer.from(`${values.join('\n')}\n`);
    expect(isContinuation(bytes)).toBe(true);
    const run = runCli(['check', 'nif', '--file', file('multibyte.txt', bytes), '--no-fail']);
    expect(run.status).toBe(0);
    expect(answers(run).map((answer) => answer.originalValue)).toEqual(values);
  }, SLOW);

  it('streams: a 128 MB line without a break runs in a 40 MB heap, cut, answered invalid', () => {
    const path = join(dir(), 'one-long-line.txt');
    const fd = openSync(path, 'w');
    writeFileSync(fd, `${VALID_NIF}\n`);
    const block = Buffer.alloc(1 << 20, 'x');
    for (let i = 0; i < 128; i++) writeFileSync(fd, block);
    writeFileSync(fd, `\n${VALID_NIF}\n`);
    closeSync(fd);
    const run = runCli(['check', 'nif', '--file', path], {}, { nodeArgs: ['--max-old-space-size=40'] });
    rmSync(path);
    expect(run.stderr).toContain('checked 3 values');
    expect(run.status).toBe(1);
    const got = answers(run);
    expect(got.map((answer) => answer.valid)).toEqual([true, false, true]);
    expect(got[1]?.originalValue).toBe('x'.repeat(65_536));
  }, SLOW);

  it.each(['--file', 'stdin redirected from a file'])('prints plain progress lines with a percentage when stderr is not a terminal (%s)', (how) => {
    const values = Array.from({ length: 150_000 }, (_, i) => (i % 2 === 0 ? VALID_NIF : INVALID_NIF));
    const path = file(`progress ${how}.txt`, `${values.join('\n')}\n`);
    const env = { VERIFIELD_PROGRESS_INTERVAL_MS: '100' };
    let run: CliRun;
    if (how === '--file') run = runCli(['check', 'nif', '--file', path], env, { discardStdout: true });
    else {
      const fd = openSync(path, 'r');
      run = runCli(['check', 'nif'], env, { stdinFd: fd, discardStdout: true });
      closeSync(fd);
    }
    expect(run.status).toBe(1);
    expect(run.stderr).not.toContain('\r');
    expect(run.stderr).toMatch(/checked 150,000 values in \d+\.\d s \([\d,]+ values\/s\): 75,000 valid, 75,000 invalid\n$/);
    const progress = progressLines(run.stderr);
    expect(progress.length).toBeGreaterThan(0);
    const shape = /^checked ([\d,]+) values \((\d+)%(?:, (?:about \d+ s|under 1 s) left)?\)$/;
    const seen = progress.map((line) => {
      const match = shape.exec(line);
      expect(match, line).not.toBeNull();
      return { values: Number(match?.[1]?.replaceAll(',', '')), percent: Number(match?.[2]) };
    });
    for (const [index, point] of seen.entries()) {
      expect(point.percent).toBeLessThanOrEqual(100);
      if (index > 0) expect(point.values).toBeGreaterThanOrEqual(seen[index - 1]?.values ?? 0);
    }
  }, SLOW);

  it('prints progress every second while it waits for input, and answers each line as it comes', async () => {
    const cli = startCli(['check', 'nif'], { stdin: true });
    const stdin = cli.child.stdin;
    if (stdin === null) throw new Error('no stdin');
    const answered = (): number => cli.stdout.split('\n').length - 1;
    // The first answer says the command is reading; the time it waits for input starts there.
    stdin.write(`${VALID_NIF}\n`);
    await until(() => answered() === 1, 30_000);
    const startedAt = Date.now();
    for (let i = 2; i <= 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 700));
      stdin.write(`${VALID_NIF}\n`);
      // Each line is answered when it is read, not when the input ends.
      await until(() => answered() === i, 30_000);
    }
    const waitedMs = Date.now() - startedAt;
    stdin.end();
    expect(await cli.exited).toBe(0);
    expect(cli.stderr).not.toContain('\r');
    const progress = progressLines(cli.stderr);
    // The size of a pipe is unknown: a count, no percentage.
    for (const line of progress) expect(line).toMatch(/^checked [1-5] values?$/);
    // A line each second the input was awaited, give or take the first.
    expect(progress.length).toBeGreaterThanOrEqual(Math.max(1, Math.floor(waitedMs / 1000) - 1));
  }, SLOW);

  it('stops with status 2, without a stack trace, when the reader of its output goes away', async () => {
    const path = file('many.txt', `${`${VALID_NIF}\n`.repeat(200_000)}`);
    const cli = startCli(['check', 'nif', '--file', path]);
    await cli.waitFor(/"valid"/);
    cli.child.stdout?.destroy();
    expect(await cli.exited).toBe(2);
    expect(cli.stderr).toContain('verifield: stopped: the output was closed after');
    expect(cli.stderr).not.toMatch(/\n\s+at /);
  }, SLOW);
});

describe('wrong calls of verifield check exit 2 with a message and the usage', () => {
  it.each([
    [['check'], {}, 'missing FIELD'],
    [['check', 'passport', 'X'], {}, 'unknown field: passport'],
    [['check', 'iban', 'DE89', '3704'], {}, 'unexpected argument: 3704 (quote a value that contains spaces)'],
    [['check', 'nif', VALID_NIF, '--file', 'x.txt'], {}, 'a value or --file, not both'],
    [['check', 'nif', '--file'], {}, '--file needs a value'],
    [['check', 'nif', '--fail-fast'], {}, 'unknown option: --fail-fast'],
    [['check', 'nif', VALID_NIF, '--iban', VALID_IBAN], {}, '--iban is an option of check bic, not of check nif'],
    [['check', 'vat', 'LU26375245', '--trader-name', 'ACME'], {}, 'unknown option: --trader-name'],
    [['check', 'nif', '-'], { VERIFIELD_PROGRESS_INTERVAL_MS: 'soon' }, 'VERIFIELD_PROGRESS_INTERVAL_MS must be a whole number'],
  ])('verifield %j', (args, env, message) => {
    const run = runCli(args, env, { input: '' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain('usage: verifield check');
  }, SLOW);

  it('says which file it cannot read', () => {
    const missing = runCli(['check', 'nif', '--file', join(dir(), 'missing.txt')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^verifield: cannot read .*missing\.txt: ENOENT/);
    const directory = runCli(['check', 'nif', '--file', dir()]);
    expect(directory.status).toBe(2);
    expect(directory.stderr).toContain('it is a directory');
  }, SLOW);
});
