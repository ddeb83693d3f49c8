/**
 * Usage log retention (docs/service.md#usage-log) as the service runs it: the hourly `prune` job
 * deletes raw log rows older than `usageLogDays` from the embedded store in a data directory,
 * while the per-day totals keep every count ever made. The store's own prune and totals run on
 * both engines in test/support/store/meter-contract.ts. The same job deletes dashboard sessions
 * idle past SESSION_IDLE_MS, expired login links and the expired secrets the dashboard kept for
 * their one showing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RatesSource, ViesStatusFeed } from '../../../src/ports.js';
import { createAvailabilityTracker } from '../../../src/vat/reference/availability.js';
import { createRatesService } from '../../../src/vat/reference/rates.js';
import { startJobs } from '../../../src/server/jobs/periodic.js';
import { LOGIN_LINK_TTL_MS, REVEAL_TTL_MS, SESSION_IDLE_MS } from '../../../src/server/policy/sessions.js';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import type { BatchJobRecord, Store, UsageEntry } from '../../../src/server/storage/types.js';
import { usageEntry } from '../../support/store/usage-entry.js';
import { queuedJob } from '../../support/job-records.js';
import { virtualTime } from '../../support/virtual-time.js';

const DAY = 86_400_000;
const NOW = new Date('2027-05-01T10:30:00Z');
const PERIOD = '2027-01-01';
let dir: string;
let store: Store;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verifield-retention-'));
  store = await openEmbeddedStore(join(dir, 'data'));
});

afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Jobs on the virtual clock `time`, with feeds that never answer (only pruning is under test). */
function pruner(time: ReturnType<typeof virtualTime>, usageLogDays: number | undefined, logs: string[]) {
  const failing = (): Promise<never> => Promise.reject(new Error('offline'));
  const statusFeed: ViesStatusFeed = { fetchStatus: failing };
  const ratesSource: RatesSource = { fetchRates: failing };
  return startJobs({
    store,
    rates: createRatesService({ source: ratesSource, now: time.now }),
    tracker: createAvailabilityTracker({ now: time.now }),
    statusFeed,
    now: time.now,
    instanceId: 'pruner',
    log: (line) => logs.push(line),
    timers: time.timers,
    ...(usageLogDays === undefined ? {} : { usageLogDays }),
  });
}

/** One run of the jobs at `now` with the default retention, stopped after it; resolves with what they logged. */
async function pruneOnce(now: Date): Promise<string[]> {
  const time = virtualTime(now);
  const logs: string[] = [];
  const jobs = pruner(time, undefined, logs);
  await time.flush();
  await jobs.stop();
  return logs;
}

describe('the hourly prune job', () => {
  it('deletes the log rows older than the retention; the per-day totals still add up to every count', async () => {
    const account = await store.accounts.create({ name: 'Retention', plan: 'PRO', subscriptionStart: PERIOD, vatNumber: null });
    // One request a day for 120 days: 1 day less 30 minutes before NOW, 2 days less 30 minutes …
    const entries: UsageEntry[] = Array.from({ length: 120 }, (_, i) =>
      usageEntry(account.id, PERIOD, { at: new Date(NOW.getTime() - (i + 1) * DAY + 30 * 60_000), valid: i % 2 === 0 }),
    );
    await Promise.all(entries.map((entry) => store.usage.count(entry, null)));

    const time = virtualTime(NOW);
    const logs: string[] = [];
    const jobs = pruner(time, 30, logs);
    await time.flush();
    // The rows of the last 30 days stay.
    expect(await store.usage.log(account.id, 1_000)).toHaveLength(30);
    expect(logs).toContain('jobs: pruned 90 usage log rows older than 30 days');

    // The runs of the next hours find the row that has since turned 30 days old.
    await time.advanceTo(NOW.getTime() + 2 * 60 * 60_000);
    await jobs.stop();
    expect(await store.usage.log(account.id, 1_000)).toHaveLength(29);

    expect(await store.usage.used(account.id, PERIOD)).toBe(120);
    const totals = (await store.usage.dailyTotals?.(account.id, '2026-01-01', '2027-12-31')) ?? [];
    expect(totals.reduce((sum, total) => sum + total.count, 0)).toBe(120);
    expect(totals).toHaveLength(120);
    expect(totals.filter((total) => total.valid).length).toBe(60);
  });

  it('keeps 90 days unless told otherwise', async () => {
    const account = await store.accounts.create({ name: 'Default retention', plan: 'PRO', subscriptionStart: PERIOD, vatNumber: null });
    // A week later than the other case: its own hourly slot.
    const now = new Date(NOW.getTime() + 7 * DAY);
    const at = (days: number) => new Date(now.getTime() - days * DAY);
    await Promise.all([89, 91].map((days) => store.usage.count(usageEntry(account.id, PERIOD, { at: at(days) }), null)));
    await pruneOnce(now);
    expect((await store.usage.log(account.id, 10)).map((row) => row.at)).toEqual([at(89)]);
  });

  it('discards the job uploads a stopped process left unfinished over an hour ago, and no other job', async () => {
    const account = await store.accounts.create({ name: 'Uploads', plan: 'PRO', subscriptionStart: PERIOD, vatNumber: null });
    // Three weeks later than the first case: its own hourly slot.
    const now = new Date(NOW.getTime() + 21 * DAY);
    const upload = (minutesAgo: number): BatchJobRecord => queuedJob(account.id, 'key-1', 'iban', 0, new Date(now.getTime() - minutesAgo * 60_000));
    const [left, sending, queued] = [upload(90), upload(5), upload(120)];
    for (const job of [left, sending, queued]) {
      await store.batchJobs.begin(job);
      await store.batchJobs.append(job.id, 1, ['DE89370400440532013000', 'GB82WEST12345698765432']);
    }
    expect(await store.batchJobs.commit(queued.id, null, 20)).toBe(true);

    const logs = await pruneOnce(now);

    expect(logs).toContain('jobs: discarded 1 job uploads a stopped process left unfinished');
    expect(await store.batchJobs.pending(left.id, 0, 10)).toEqual([]);
    expect(await store.batchJobs.abandonedUploads(now, 10)).toEqual([sending.id]);
    expect(await store.batchJobs.get(account.id, queued.id)).toMatchObject({ status: 'queued', total: 2 });
  });

  it('deletes the dashboard sessions idle past their limit and the expired login links, and keeps the rest', async () => {
    const account = await store.accounts.create({ name: 'Sign-ins', plan: 'FREE', subscriptionStart: PERIOD, vatNumber: null });
    // Two weeks later than the first case: its own hourly slot.
    const now = new Date(NOW.getTime() + 14 * DAY);
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const hash = () => createHash('sha256').update(randomBytes(32)).digest('hex');
    const session = (lastSeenAt: Date) => ({ hash: hash(), accountId: account.id, createdAt: ago(2 * DAY), lastSeenAt });
    const idle = session(ago(SESSION_IDLE_MS + 60_000));
    const active = session(ago(SESSION_IDLE_MS - 60_000));
    const operator = { ...session(ago(60_000)), accountId: null };
    const link = (expiresAt: Date) => ({ hash: hash(), accountId: account.id, createdAt: new Date(expiresAt.getTime() - LOGIN_LINK_TTL_MS), expiresAt });
    const expired = link(ago(60_000));
    const valid = link(ago(-60_000));
    for (const s of [idle, active, operator]) await store.sessions.create(s);
    for (const l of [expired, valid]) await store.loginLinks.create(l);

    const logs = await pruneOnce(now);

    expect(await store.sessions.find(idle.hash)).toBeNull();
    expect(await store.sessions.find(active.hash)).toEqual(active);
    expect(await store.sessions.find(operator.hash)).toEqual(operator);
    expect(logs).toContain('jobs: pruned 1 idle dashboard sessions and 1 expired login links');
    // The expired link is gone, the valid one still signs in once.
    expect(await store.loginLinks.consume(expired.hash, ago(120_000))).toBeNull();
    expect(await store.loginLinks.consume(valid.hash, now)).toEqual(valid);
  });

  it('deletes the expired secrets a dashboard form kept for their one showing, and keeps the others', async () => {
    const account = await store.accounts.create({ name: 'Reveals', plan: 'FREE', subscriptionStart: PERIOD, vatNumber: null });
    // Four weeks later than the first case: its own hourly slot.
    const now = new Date(NOW.getTime() + 28 * DAY);
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const hash = () => createHash('sha256').update(randomBytes(32)).digest('hex');
    const session = { hash: hash(), accountId: account.id, createdAt: ago(DAY), lastSeenAt: ago(60_000) };
    await store.sessions.create(session);
    const reveal = (expiresAt: Date) => ({
      hash: hash(),
      sessionHash: session.hash,
      accountId: account.id,
      kind: 'api-key' as const,
      secret: `vf_${randomBytes(8).toString('hex')}`,
      label: 'shop',
      createdAt: new Date(expiresAt.getTime() - REVEAL_TTL_MS),
      expiresAt,
    });
    const [expired, waiting] = [reveal(ago(60_000)), reveal(ago(-60_000))];
    for (const r of [expired, waiting]) await store.secretReveals.create(r);

    const logs = await pruneOnce(now);

    expect(logs).toContain('jobs: pruned 1 expired secrets a dashboard form kept for their one showing');
    expect(logs.join('\n')).not.toContain(expired.secret);
    // Taken before its expiry, had the row stayed: the prune, not the expiry check, removed it.
    expect(await store.secretReveals.take(expired.hash, session.hash, ago(120_000))).toBeNull();
    expect(await store.secretReveals.take(waiting.hash, session.hash, now)).toEqual(waiting);
  });
});
