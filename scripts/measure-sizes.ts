/**
 * Prints the size table (every subpath, its budget, its main function next to the closest peer)
 * as markdown for docs/library.md#choosing-a-subpath and the release note. With `--record` it also rewrites
 * scripts/size-budgets.json: each budget becomes the measured size plus 10 %.
 *
 *   npm run build && npm run size:report      # print
 *   npm run build && npm run size:record      # print and record new budgets
 */
import { writeFileSync } from 'node:fs';
import { packageEntries } from './package-entries.js';
import { budgetFor, budgetsFileUrl, readBudgets, SIZE_METHOD, subpathCheck, type SizeBudgetsFile } from './size-checks.js';
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
  writeFileSync(budgetsFileUrl, `${JSON.stringify(budgets, null, 2)}\n`);
  console.log(`\nRecorded ${Object.keys(budgets.budgets).length} budgets in scripts/size-budgets.json.`);
}
