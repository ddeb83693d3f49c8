/**
 * Child process of the checkpoint test: opens the embedded store in DATA_DIR, counts ROWS
 * validations in batches of 500 (enough to start the checkpoint worker), closes the store and
 * prints `closed`. The process must then end by itself: a worker left behind would keep it alive,
 * one stopped too early would leave the close unfinished.
 */
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import { usageEntry } from './usage-entry.js';

const [dataDir, rowsText] = process.argv.slice(2);
if (dataDir === undefined || rowsText === undefined) throw new Error('usage: fill-child.ts DATA_DIR ROWS');
const store = await openEmbeddedStore(dataDir);
const account = await store.accounts.create({ name: 'Fill', plan: 'PRO', subscriptionStart: '2026-01-01', vatNumber: null });
for (let done = 0; done < Number(rowsText); done += 500) {
  await Promise.all(Array.from({ length: 500 }, () => store.usage.count(usageEntry(account.id, '2026-01-01', { at: new Date() }), null)));
  // Time for the worker to notice the WAL's size.
  if (done % 10_000 === 0) await new Promise((resolve) => setTimeout(resolve, 50));
}
await store.close();
process.stdout.write('closed\n');
