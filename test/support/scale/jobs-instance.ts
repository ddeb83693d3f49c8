/**
 * One instance's periodic jobs (src/server/jobs/periodic.ts) in a process of its own, on PostgreSQL, on a
 * virtual clock the parent test moves: it starts at VF_START (ISO time), prints `ready`, then for
 * every line `T` (ms since the epoch) it reads on stdin fires the timers due up to T, waits for the
 * runs they started and prints `at T`. On `end` it stops the jobs, closes the store and exits.
 * The parent moves all instances' clocks in step, so at each step they race for the same slots,
 * as instances with synchronised clocks do, but over days in seconds.
 * Environment: VF_DATABASE_URL, VF_TEDB_URL, VF_STATUS_URL, VF_START, VF_INSTANCE.
 */
import { createInterface } from 'node:readline';
import { tedbRatesSource } from '../../../src/adapters/tedb/source.js';
import { viesStatusFeed } from '../../../src/adapters/vies-status.js';
import { startJobs } from '../../../src/server/jobs/periodic.js';
import { openPostgres } from '../../../src/server/storage/postgres/client.js';
import { createSqlStore } from '../../../src/server/storage/sql/store.js';
import { restorableRatesService } from '../../../src/server/storage/stored-rates.js';
import { createAvailabilityTracker } from '../../../src/vat/reference/availability.js';
import { createRatesService } from '../../../src/vat/reference/rates.js';
import { virtualTime } from '../virtual-time.js';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const time = virtualTime(required('VF_START'));
const instanceId = required('VF_INSTANCE');
const store = await createSqlStore(await openPostgres(required('VF_DATABASE_URL'), { maxConnections: 4 }));
const rates = restorableRatesService(createRatesService({ source: tedbRatesSource({ url: required('VF_TEDB_URL') }), now: time.now }));
const jobs = startJobs({
  store,
  rates,
  tracker: createAvailabilityTracker({ now: time.now }),
  statusFeed: viesStatusFeed({ url: required('VF_STATUS_URL') }),
  now: time.now,
  instanceId,
  log: (line) => process.stderr.write(`${instanceId}: ${line}\n`),
  timers: time.timers,
});
process.stdout.write('ready\n');

for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'end') break;
  await time.advanceTo(Number(line));
  process.stdout.write(`at ${line}\n`);
}
await jobs.stop();
await store.close();
process.stdout.write('stopped\n');
