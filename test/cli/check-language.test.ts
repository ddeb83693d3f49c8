/**
 * `verifield check --lang LANG` as a process: the offline answers with the catalog's messages and
 * the same reasons, for one value and for a file; English with one note on stderr for a language
 * verifield has no catalog for.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateIban } from '../../src/iban/index.js';
import { de } from '../../src/messages/de.js';
import { es } from '../../src/messages/es.js';
import { runCli } from '../support/cli.js';
import { useTempDir } from '../support/temp-dir.js';

const SLOW = 120_000;
const BAD_CHECKSUM = 'DE89370400440532013012';
const VALID = 'DE89 3704 0044 0532 0130 00';

const dir = useTempDir('verifield-check-lang-');

describe('verifield check --lang', () => {
  it('writes the message of one value in the language, es-MX read as es, the reason and exit status unchanged', () => {
    for (const lang of ['es', 'es-MX']) {
      const run = runCli(['check', 'iban', BAD_CHECKSUM, '--lang', lang]);
      expect(run.status).toBe(1);
      expect(run.stderr).toBe('');
      const answer = JSON.parse(run.stdout) as { message: string; reason: string };
      expect(answer.message).toBe(es.messages.IBAN_BAD_CHECKSUM);
      expect({ ...answer, message: validateIban(BAD_CHECKSUM).message }).toEqual(validateIban(BAD_CHECKSUM));
    }
  }, SLOW);

  it('writes every line of a file in the language', () => {
    const path = join(dir(), 'ibans.txt');
    writeFileSync(path, `${VALID}\n${BAD_CHECKSUM}\n`);
    const run = runCli(['check', 'iban', '--file', path, '--lang=de']);
    expect(run.status).toBe(1);
    const lines = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { message: string; reason: string | null });
    expect(lines.map((line) => line.message)).toEqual([de.messages.IBAN_VALID, de.messages.IBAN_BAD_CHECKSUM]);
    expect(lines.map((line) => line.reason)).toEqual([null, 'IBAN_BAD_CHECKSUM']);
  }, SLOW);

  it('answers in English with one note on stderr for a language without a catalog, and silently for en', () => {
    const english = `${JSON.stringify(validateIban(VALID), null, 2)}\n`;
    const japanese = runCli(['check', 'iban', VALID, '--lang', 'ja']);
    expect(japanese.status).toBe(0);
    expect(japanese.stdout).toBe(english);
    expect(japanese.stderr).toMatch(/^verifield: no messages in "ja" \(there are en, es, fr, de, it, pt, nl, pl\); answering in English\n$/);
    const en = runCli(['check', 'iban', VALID, '--lang', 'en-GB']);
    expect(en.stdout).toBe(english);
    expect(en.stderr).toBe('');
  }, SLOW);

  it('says --lang needs a value', () => {
    const run = runCli(['check', 'iban', VALID, '--lang']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--lang needs a value');
  }, SLOW);
});
