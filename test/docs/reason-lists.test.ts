/**
 * The reason codes are a contract published in three places besides the types: the table of
 * docs/envelope.md#reason-codes, each field's page under docs/fields/ ("Reasons") and the OpenAPI
 * document (test/server checks that one).
 * Each must list exactly the codes of src/reasons.ts, in the same order.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REASONS } from '../../src/reasons.js';
import { repoRoot } from '../support/repo-root.js';

const envelope = readFileSync(join(repoRoot, 'docs/envelope.md'), 'utf8');
/** The first cell of each field's row: its name, linking to the field's "Reasons". */
const ROW_OF_FIELD: Readonly<Record<keyof typeof REASONS, string>> = {
  iban: '[IBAN](fields/iban.md#reasons)',
  vat: '[VAT number](fields/vat.md#reasons)',
  email: '[email](fields/email.md#reasons)',
  phone: '[phone](fields/phone.md#reasons)',
  nif: '[Spanish NIF](fields/nif.md#reasons)',
  nas: '[Canadian SIN](fields/nas.md#reasons)',
  ssn: '[US SSN](fields/ssn.md#reasons)',
};
const fields = Object.keys(REASONS) as (keyof typeof REASONS)[];

const codesIn = (text: string): string[] => [...text.matchAll(/`([A-Z]+_[A-Z_]+)`/g)].map((match) => match[1] as string);

describe('the published reason lists', () => {
  const table = envelope.slice(envelope.indexOf('| field | reason codes |'));

  it.each(fields)('the table of docs/envelope.md lists the %s codes of the types, in order', (field) => {
    const row = table.split('\n').find((line) => line.startsWith(`| ${ROW_OF_FIELD[field]} |`));
    expect(row, field).toBeDefined();
    expect(codesIn(row ?? '')).toEqual([...REASONS[field]]);
  });

  it.each(fields)('docs/fields/%s.md explains every code of the field, in order', (field) => {
    const page = readFileSync(join(repoRoot, 'docs/fields', `${field}.md`), 'utf8');
    const start = page.indexOf('## Reasons');
    expect(start, `docs/fields/${field}.md has a "## Reasons" section`).toBeGreaterThan(-1);
    const next = page.indexOf('\n## ', start + 1);
    const section = page.slice(start, next === -1 ? undefined : next);
    const rowCodes = section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => codesIn(line)[0]);
    expect(rowCodes).toEqual([...REASONS[field]]);
  });
});
