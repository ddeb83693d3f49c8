/**
 * The reason codes are a contract published in two places besides the types: each field's page
 * under docs/fields/ ("Reasons") and the OpenAPI document (test/server checks that one). Each must
 * list exactly the codes of src/reasons.ts, in the same order. docs/envelope.md links to the pages
 * instead of listing the codes again, so that a field's codes are written in its own folder's page only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REASONS } from '../../src/reasons.js';
import { repoRoot } from '../support/repo-root.js';

const fields = Object.keys(REASONS) as (keyof typeof REASONS)[];

const codesIn = (text: string): string[] => [...text.matchAll(/`([A-Z]+_[A-Z_]+)`/g)].map((match) => match[1] as string);

describe('the published reason lists', () => {
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

  it('docs/envelope.md sends the reader to the field pages instead of listing the codes again', () => {
    const envelope = readFileSync(join(repoRoot, 'docs/envelope.md'), 'utf8');
    expect(envelope).toContain('](fields/)');
    expect(envelope).not.toContain('| field | reason codes |');
  });
});
