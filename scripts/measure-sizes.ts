/**
 * Prints the size table (every subpath, its budget, its main function next to the closest peer)
 * as markdown for docs/library.md#choosing-a-subpath and the release note. With `--record` it also rewrites
 * scripts/size-budgets.json: each budget becomes the measured size plus 10 %.
 *
 *   npm run build && npm run size:report      # print
 *   npm run build && npm run size:record      # print and record new budgets
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { packageEntries } from './package-entries.js';
import { FIELD_OF_SUBPATH } from '../src/fields/generated/package.js';
import { budgetFor, budgetsFileUrl, isFieldSubpath, readBudgets, SIZE_METHOD, subpathCheck, type SizeBudget, type SizeBudgetsFile } from './size-checks.js';
import { installedVersion, measureChecks, peerComparisons, snippetCheck } from './size-measure.js';

function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(2)} kB`;
}

const record = process.argv.includes('--record');
const subpathSizes = await measureChecks(packageEntries.map(subpathCheck));
const snippets = peerComparisons.flatMap((comparison) => [comparison.ours, ...comparison.peers]);
const snippetSizes = new Map(
  (await measureChecks(snippets.map(snippetCheck))).map((size, index) => [snippets[index], size] as const),
);

/** Writes a field subpath's budget into its src/<field>/field.ts (\`sizeBudget.subpath\`). */
function recordFieldBudget(specifier: string, budget: SizeBudget): void {
  const file = new URL(`../src/${FIELD_OF_SUBPATH[specifier]}/field.ts`, import.meta.url);
  const text = readFileSync(file, 'utf8');
  const recorded = text.replace(/subpath: \{ measuredBytes: \d+, limitBytes: \d+ \}/, `subpath: { measuredBytes: ${budget.measuredBytes}, limitBytes: ${budget.limitBytes} }`);
  if (recorded === text && !text.includes(`measuredBytes: ${budget.measuredBytes}, limitBytes: ${budget.limitBytes}`)) {
    throw new Error(`${file.pathname}: no \`sizeBudget: { subpath: { measuredBytes, limitBytes } }\` to record ${specifier}'s budget in`);
  }
  writeFileSync(file, recorded);
}

const recorded = readBudgets().budgets;
const budgets: SizeBudgetsFile = { method: SIZE_METHOD, budgets: {} };
const lines = [
  '| Subpath | Platform | Whole subpath | Budget | Main function alone | Closest peer | Peer | Ours / peer |',
  '|---|---|---:|---:|---|---|---:|---:|',
];
packageEntries.forEach((entry, index) => {
  const measured = subpathSizes[index] as number;
  const budget = record ? budgetFor(measured) : recorded[entry.specifier];
  budgets.budgets[entry.specifier] = budgetFor(measured);
  const budgetText = budget === undefined ? 'none recorded' : kB(budget.limitBytes);
  const comparison = peerComparisons.find((candidate) => candidate.specifier === entry.specifier);
  const head = `| \`${entry.specifier}\` | ${entry.platform} | ${kB(measured)} | ${budgetText}`;
  if (comparison === undefined) {
    lines.push(`${head} | — | — | — | — |`);
    return;
  }
  const ours = snippetSizes.get(comparison.ours) as number;
  comparison.peers.forEach((peer, peerIndex) => {
    const peerSize = snippetSizes.get(peer) as number;
    const peerName = `${peer.packageName} ${installedVersion(peer.packageName)} ${peer.label}`;
    const ratio = `${(ours / peerSize).toFixed(2)}×`;
    const prefix = peerIndex === 0 ? `${head} | \`${comparison.ours.label}\` ${kB(ours)}` : '| | | | |';
    lines.push(`${prefix} | ${peerName} | ${kB(peerSize)} | ${ratio} |`);
  });
});

console.log(lines.join('\n'));
console.log(`\nSizes are min+gzip (1 kB = 1000 bytes): ${SIZE_METHOD}`);
console.log('“Main function alone” and the peers: an entry importing just that function, bundled for the browser the same way.');
if (record) {
  const [fieldBudgets, otherBudgets] = [true, false].map((ofField) => Object.entries(budgets.budgets).filter(([specifier]) => isFieldSubpath(specifier) === ofField));
  writeFileSync(budgetsFileUrl, `${JSON.stringify({ ...budgets, budgets: Object.fromEntries(otherBudgets ?? []) }, null, 2)}\n`);
  for (const [specifier, budget] of fieldBudgets ?? []) recordFieldBudget(specifier, budget);
  console.log(`\nRecorded ${otherBudgets?.length ?? 0} budgets in scripts/size-budgets.json and ${fieldBudgets?.length ?? 0} in the field folders' field.ts.`);
}
