/**
 * Child process of the two-process metering test: opens the embedded store in DATA_DIR (which
 * another process has open too), prints `ready`, waits for a line on stdin (so that both children
 * start counting together), then counts REQUESTS validations of ACCOUNT_ID against a blocking
 * quota of QUOTA, 20 in flight, as a `serve` process would. Prints one JSON line: the counts it
 * was told were counted and blocked, and when it counted its first and last request.
 */
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import { usageEntry } from './usage-entry.js';

const [dataDir, account, quotaText, requestsText] = process.argv.slice(2);
if (dataDir === undefined || account === undefined || quotaText === undefined || requestsText === undefined) {
  throw new Error('usage: quota-child.ts DATA_DIR ACCOUNT_ID QUOTA REQUESTS');
}
const accountId: string = account;
const quota = Number(quotaText);
let left = Number(requestsText);
const store = await openEmbeddedStore(dataDir);
process.stdout.write('ready\n');
await new Promise((resolveGo) => process.stdin.once('data', resolveGo));
process.stdin.destroy();
const summary = { counted: 0, blocked: 0, firstAt: Number.POSITIVE_INFINITY, lastAt: 0 };

async function worker(): Promise<void> {
  while (left > 0) {
    left--;
    const decision = await store.usage.count(usageEntry(accountId, '2026-01-01', { keyId: `key-${process.pid}`, at: new Date() }), quota);
    const now = Date.now();
    summary.firstAt = Math.min(summary.firstAt, now);
    summary.lastAt = now;
    if (decision.counted) summary.counted++;
    if (decision.blocked) summary.blocked++;
  }
}
await Promise.all(Array.from({ length: 20 }, worker));
await store.close();
process.stdout.write(`${JSON.stringify(summary)}\n`);
