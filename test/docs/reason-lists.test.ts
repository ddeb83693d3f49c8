/**
 * The reason codes are a contract published in three places besides the types: README's table, each
 * field's page under docs/fields/ ("Reasons") and the OpenAPI document (test/server checks that one).
 * Each must list exactly the codes of src/reasons.ts, in the same order.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REASONS } from '../../src/reasons.js';
import { repoRoot } from '../support/repo-root.js';
import { FIELD_LABELS } from '../../src/fields/generated/dashboard.js';

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
/** The README row of each field: its name there; a field not named here, its label (src/<field>/field.ts). */
const OWN_ROWS: Readonly<Partial<Record<keyof typeof REASONS, string>>> = {
  iban: 'IBAN',
  vat: 'VAT number',
  email: 'email',
  phone: 'phone',
  nif: 'Spanish NIF',
  nas: 'Canadian SIN',
  ssn: 'US SSN',
};
const fields = Object.keys(REASONS) as (keyof typeof REASONS)[];
const ROW_OF_FIELD = Object.fromEntries(fields.map((field) => [field, OWN_ROWS[field] ?? FIELD_LABELS[field]])) as Readonly<Record<keyof typeof REASONS, string>>;

const codesIn = (text: string): string[] => [...text.matchAll(/`([A-Z]+_[A-Z_]+)`/g)].map((match) => match[1] as string);

describe('the published reason lists', () => {
  const table = readme.slice(readme.indexOf('| field | reason codes |'));

  it.each(fields)("README's table lists the %s codes of the types, in order", (field) => {
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
