/**
 * The plans are written once for readers, in docs/service.md#plans, and once for the code, in
 * `PLANS` (src/server/policy/plans.ts): the table must say exactly what the code does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLANS } from '../../src/server/index.js';
import { repoRoot } from '../support/repo-root.js';

const HEADER = '| Plan | Validations per billing period | In flight at once | Live API keys | Over quota | Email depth | Shared pool |';

/** The table's rows as the limits they state, by plan. */
function documentedPlans(): Record<string, unknown> {
  const page = readFileSync(join(repoRoot, 'docs/service.md'), 'utf8');
  const start = page.indexOf(HEADER);
  expect(start, 'docs/service.md has the plans table').toBeGreaterThan(-1);
  const rows = page.slice(start).split('\n').slice(2);
  const table = rows.slice(0, rows.findIndex((row) => !row.startsWith('|')));
  return Object.fromEntries(
    table.map((row) => {
      const [plan, quota, inFlight, keys, overQuota, emailLevel, sharedPool] = row.split('|').slice(1, -1).map((cell) => cell.trim());
      return [
        plan,
        {
          quota: Number(quota?.replaceAll(',', '')),
          maxConcurrent: Number(inFlight),
          maxKeys: Number(keys),
          blocksOverQuota: overQuota === 'requests refused (429)' ? true : overQuota === 'counted, billed per unit' ? false : overQuota,
          emailLevel,
          usesSharedPool: sharedPool === 'yes' ? true : sharedPool === 'no' ? false : sharedPool,
        },
      ];
    }),
  );
}

describe('the plans table of docs/service.md', () => {
  it('states every plan of PLANS, in order, with its limits', () => {
    const documented = documentedPlans();
    expect(Object.keys(documented)).toEqual(Object.keys(PLANS));
    expect(documented).toEqual(PLANS);
  });
});
