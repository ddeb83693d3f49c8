/**
 * Child process of the store's SIGKILL test: opens the embedded store in the directory given as
 * argument, creates an account, then counts usage entries with 20 requests in flight for ever,
 * writing `ok <requestId>` once each count has resolved (committed). Writes to a pipe are
 * synchronous on Linux, so a printed id was acknowledged before any kill.
 */
import { randomUUID } from 'node:crypto';
import { openEmbeddedStore } from '../../src/server/store/index.js';

const dataDir = process.argv[2];
if (dataDir === undefined) throw new Error('usage: store-count-child.ts DATA_DIR');
const store = await openEmbeddedStore(dataDir);
const account = await store.accounts.create({ name: 'kill test', plan: 'PRO', subscriptionStart: '2026-01-01', vatNumber: null });
process.stdout.write(`account ${account.id}\n`);

async function worker(): Promise<never> {
  for (;;) {
    const requestId = randomUUID();
    await store.usage.count(
      {
        requestId,
        accountId: account.id,
        keyId: 'key',
        periodStart: '2026-01-01',
        endpoint: 'iban',
        value: 'DE89370400440532013000',
        valid: true,
        status: 200,
        latencyMs: 1,
        sdk: null,
        at: new Date(),
      },
      null
    );
    process.stdout.write(`ok ${requestId}\n`);
  }
}
await Promise.all(Array.from({ length: 20 }, worker));
