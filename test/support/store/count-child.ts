/**
 * Child process of the store's SIGKILL test: opens the embedded store in the directory given as
 * argument, creates an account, then counts usage entries with 20 requests in flight for ever,
 * writing `ok <requestId>` once each count has resolved (committed). Each line is written with a
 * synchronous write to fd 1 before the next count starts, so an acknowledged id has left the
 * process before any kill, and at most the 20 counts in flight can be written but not printed.
 * (process.stdout queues in memory when the pipe is full, and a kill would lose that queue.)
 */
import { writeSync } from 'node:fs';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import { usageEntry } from './usage-entry.js';

const dataDir = process.argv[2];
if (dataDir === undefined) throw new Error('usage: count-child.ts DATA_DIR');
const store = await openEmbeddedStore(dataDir);
const account = await store.accounts.create({ name: 'kill test', plan: 'PRO', subscriptionStart: '2026-01-01', vatNumber: null });

/** Writes `line` to stdout before returning, waiting while the pipe is full. */
function print(line: string): void {
  let bytes = Buffer.from(line);
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(writeSync(1, bytes));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    }
  }
}
print(`account ${account.id}\n`);

async function worker(): Promise<never> {
  for (;;) {
    const entry = usageEntry(account.id, '2026-01-01', { at: new Date() });
    await store.usage.count(entry, null);
    print(`ok ${entry.requestId}\n`);
  }
}
await Promise.all(Array.from({ length: 20 }, worker));
