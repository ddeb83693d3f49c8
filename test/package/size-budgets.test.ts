/**
 * The size budgets of scripts/size-budgets.json (checked by `npm run size`, which npm test runs):
 * one per subpath, each the measured size plus at most 10 %, and still close to what the subpath
 * weighs today; and the fixed limits of the functions a form imports alone (`validateVat` 5 KiB,
 * `validateEmailSyntax` 8 KiB). Sizes are measured on the build (npm test builds first) with
 * size-limit's plugins.
 */
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageEntries } from '../../scripts/package-entries.js';
import { FIELD_SCHEMA_BUDGETS } from '../../src/fields/generated/package.js';
import {
  BUDGET_HEADROOM,
  budgetFor,
  namedImportBudgets,
  namedImportCheck,
  readBudgets,
  sizeLimitChecks,
  subpathCheck,
} from '../../scripts/size-checks.js';
import { measureChecks } from '../../scripts/size-measure.js';
import { repoRoot } from '../support/repo-root.js';
const { budgets } = readBudgets();
const namedCheckNames = namedImportBudgets.map((budget) => `${budget.specifier} { ${budget.exportName} }`);
let currentSizes = new Map<string, number>();
let namedSizes: number[] = [];

beforeAll(async () => {
  const sizes = await measureChecks([...packageEntries.map(subpathCheck), ...namedImportBudgets.map(namedImportCheck)]);
  currentSizes = new Map(packageEntries.map((entry, index) => [entry.specifier, sizes[index] as number]));
  namedSizes = sizes.slice(packageEntries.length);
}, 60_000);

describe('size budgets', () => {
  it('has a budget for every subpath and none for a subpath that is gone', () => {
    expect(Object.keys(budgets).sort()).toEqual(packageEntries.map((entry) => entry.specifier).sort());
    expect(sizeLimitChecks().map((check) => check.name)).toEqual([
      ...packageEntries.map((entry) => entry.specifier),
      ...namedCheckNames,
    ]);
  });

  it('checks validateVat, validateIban, validateEmailSyntax, each catalog and each schema imported alone against their fixed limits', () => {
    const named = sizeLimitChecks().slice(packageEntries.length);
    const catalogs = ['es', 'fr', 'de', 'it', 'pt', 'nl', 'pl'].map((language) => [
      `verifield/messages/${language} { ${language} }`,
      { [`dist/messages/${language}.js`]: `{ ${language} }` },
      '3000 B',
    ]);
    // Every field folder's schema, in the registry's order; the seven first fields' limits are fixed here.
    const fixedLimits: Readonly<Record<string, number>> = { iban: 6700, vat: 7100, nif: 3900, nas: 2800, ssn: 3100, email: 9800, phone: 54500 };
    const schemaLimits = FIELD_SCHEMA_BUDGETS.map(({ exportName, limitBytes }) => [exportName.slice(0, -'Schema'.length), limitBytes] as const);
    expect(Object.fromEntries(schemaLimits.filter(([field]) => Object.hasOwn(fixedLimits, field)))).toEqual(fixedLimits);
    const schemas = schemaLimits.map(([field, limit]) => [
      `verifield/standard-schema { ${field}Schema }`,
      { 'dist/standard-schema/index.js': `{ ${field}Schema }` },
      `${limit} B`,
    ]);
    expect(named.map((check) => [check.name, check.import, check.limit])).toEqual([
      ['verifield/vat { validateVat }', { 'dist/vat/index.js': '{ validateVat }' }, '5100 B'],
      ['verifield/iban { validateIban }', { 'dist/iban/index.js': '{ validateIban }' }, '4500 B'],
      ['verifield/email-syntax { validateEmailSyntax }', { 'dist/email-syntax/index.js': '{ validateEmailSyntax }' }, '8100 B'],
      ...catalogs,
      ...schemas,
    ]);
    for (const check of named) expect(check.modifyEsbuildConfig({}).platform, check.name).toBe('browser');
    namedImportBudgets.forEach((budget, index) => {
      expect(namedSizes[index], budget.exportName).toBeGreaterThan(0);
      expect(namedSizes[index], budget.exportName).toBeLessThanOrEqual(budget.limitBytes);
      // Imported alone, each weighs less than its whole subpath: the rest of the subpath is left out.
      expect(namedSizes[index], budget.exportName).toBeLessThanOrEqual(currentSizes.get(budget.specifier) ?? 0);
    });
  });

  it('sets each budget at the measured size plus at most 10 %', () => {
    for (const [specifier, budget] of Object.entries(budgets)) {
      expect(budget.limitBytes, specifier).toBeGreaterThanOrEqual(budget.measuredBytes);
      expect(budget.limitBytes, specifier).toBeLessThanOrEqual(budget.measuredBytes * (1 + BUDGET_HEADROOM));
    }
    expect(budgetFor(1000)).toEqual({ measuredBytes: 1000, limitBytes: 1100 });
  });

  it('finds every subpath within its budget', () => {
    for (const entry of packageEntries) {
      expect(currentSizes.get(entry.specifier), entry.specifier).toBeLessThanOrEqual(budgets[entry.specifier]?.limitBytes ?? 0);
    }
  });

  it('finds no budget gone stale: a subpath more than 10 % under its recorded size needs `npm run size:record`', () => {
    const stale = packageEntries
      .filter((entry) => (currentSizes.get(entry.specifier) ?? 0) < (budgets[entry.specifier]?.measuredBytes ?? 0) * (1 - BUDGET_HEADROOM))
      .map((entry) => entry.specifier);
    expect(stale).toEqual([]);
  });

  it('bundles a browser subpath for the browser and a Node subpath for Node without its built-ins', () => {
    for (const entry of packageEntries) {
      const config = subpathCheck(entry).modifyEsbuildConfig({});
      expect(config.platform, entry.specifier).toBe(entry.platform);
      if (entry.platform === 'node') expect(subpathCheck(entry).ignore).toEqual(expect.arrayContaining(['fs', 'node:fs', 'node:dns/promises']));
    }
  });

  it('makes size-limit exit non-zero when a subpath exceeds its budget', () => {
    const run = spawnSync(process.execPath, [`${repoRoot}node_modules/size-limit/bin.js`, '--json', '--limit', '10 B'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    const results = JSON.parse(run.stdout) as { name: string; passed: boolean }[];
    expect(results.map((result) => result.name)).toEqual([...packageEntries.map((entry) => entry.specifier), ...namedCheckNames]);
    expect(results.every((result) => !result.passed)).toBe(true);
  }, 60_000);
});
