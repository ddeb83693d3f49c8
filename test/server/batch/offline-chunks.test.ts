/**
 * An offline field's job, run a chunk at a time by the batch runner (src/server/batch/runner.ts)
 * over SQLite in memory, through a failure to count a chunk (its answers go in with its count,
 * so neither is stored): the runner stops there, the job is resumed once its lease lapsed, and in
 * the end every line holds its own answer, once, in order, and the account is counted exactly one
 * validation per line.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { validateIban } from '../../../src/iban/index.js';
import { startBatchRunner, JOB_LEASE_MS, type BatchRunner } from '../../../src/server/batch/runner.js';
import { createRuntimeState } from '../../../src/server/pipeline/runtime-state.js';
import { periodOf } from '../../../src/server/pipeline/period.js';
import { createServices } from '../../../src/server/services.js';
import { openStore } from '../../../src/server/storage/compose.js';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import type { BatchJobLine, Store } from '../../../src/server/storage/types.js';
import { germanIban } from '../../support/generators/iban.js';
import { createAccount, createKey } from '../../support/server.js';
import { queuedJob } from './harness.js';

let runner: BatchRunner | undefined;
let store: Store | undefined;

afterEach(async () => {
  await runner?.stop();
  await store?.close();
});

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const until = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('an offline job whose chunk could not be counted', () => {
  it('is resumed after its lease and ends with every line answered once and counted once', async () => {
    const inner = await openEmbeddedStore();
    store = inner;
    // The third chunk (lines 1,001 to 1,500) fails to count, once: its lines were validated, neither counted nor stored.
    const failedLines = new Set<string>();
    const failing: Store = {
      ...inner,
      usage: {
        ...inner.usage,
        async count(entry, quota) {
          const line = entry.jobLine?.answer.line ?? 0;
          if (line > 1_000 && line <= 1_500 && !failedLines.has(entry.requestId)) {
            failedLines.add(entry.requestId);
            throw new Error('the disk is full');
          }
          return inner.usage.count(entry, quota);
        },
      },
    };
    let offsetMs = 0;
    const logs: string[] = [];
    const config = { now: () => new Date(Date.now() + offsetMs), log: (line: string) => logs.push(line) };
    const services = createServices(config, await openStore({ store: failing }));
    const account = await createAccount(inner, 'PRO');
    const { id: keyId } = await createKey(inner, account);
    const values = Array.from({ length: 2_345 }, (_, index) => (index % 5 === 4 ? `DE00 ${index}` : germanIban(String(index).padStart(18, '0'))));
    const job = queuedJob(account.id, keyId, 'iban', values.length);
    await inner.batchJobs.create(job, values);

    runner = startBatchRunner({ runtime: createRuntimeState(services, { jobConcurrencyPerState: 2 }), idlePollMs: 50 });
    await waitFor(async () => logs.some((line) => line.includes('the disk is full')), 'the failure');
    const stalled = await inner.batchJobs.get(account.id, job.id);
    expect(stalled?.status).toBe('running');
    expect(stalled?.done).toBeLessThan(values.length);

    // The lease lapses (as after a crash); the runner, woken, takes the job up again.
    offsetMs = JOB_LEASE_MS + 1_000;
    runner.nudge();
    await waitFor(async () => (await inner.batchJobs.get(account.id, job.id))?.status === 'done', 'the job to end');

    const ended = await inner.batchJobs.get(account.id, job.id);
    const expected = values.map((value) => validateIban(value));
    expect(ended).toMatchObject({ done: values.length, valid: expected.filter((r) => r.valid).length, invalid: expected.filter((r) => !r.valid).length });
    const lines: BatchJobLine[] = [];
    for (let after = 0; ; ) {
      const page = await inner.batchJobs.lines(job.id, after, 1_000);
      lines.push(...page);
      if (page.length < 1_000) break;
      after = (page[page.length - 1] as BatchJobLine).line;
    }
    expect(lines.map((line) => line.line)).toEqual(values.map((_, index) => index + 1));
    expect(lines.map((line) => line.result)).toEqual(expected);
    expect(await inner.usage.used(account.id, periodOf(account.subscriptionStart, new Date()).start)).toBe(values.length);
  });
});
