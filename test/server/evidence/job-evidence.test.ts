/**
 * Evidence of a VAT job (docs/service.md#evidence): its lines' VIES answers are kept in batches
 * (src/server/storage/sql/vies.ts groupedWrites), and still every line answered live has its
 * record, for the job's account, saying what VIES said, and no other record is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey } from '../../support/server.js';
import { vatNumbers } from '../../support/generators/vat.js';
import { startJobHarness, type JobHarness } from '../batch/harness.js';
import type { Job } from '../../../src/account-api.js';

let h: JobHarness;

beforeAll(async () => {
  h = await startJobHarness({ perState: 2 });
});
afterAll(async () => {
  await h?.close();
});

interface Line {
  line: number;
  result: { valid: boolean; normalizedValue: string | null; vatDetails?: { source?: string } };
}

describe('a VAT job', () => {
  it('keeps one evidence record for each line VIES answered', async () => {
    const { account, key } = await accountWithKey(h.store, 'GROWTH');
    const values = [...vatNumbers('DE', 60, 41), ...vatNumbers('FR', 60, 42), ...vatNumbers('LU', 40, 43)];
    // Two in three registered, the rest unknown to VIES: both kinds of live answer.
    values.forEach((vat, index) => h.vies.register(vat, { valid: index % 3 !== 2, name: `Trader ${index}` }));
    h.vies.latencyMs = 1;
    const submitted = await h.request('/api/v1/jobs', {
      key,
      method: 'POST',
      body: JSON.stringify({ field: 'vat', values }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(submitted.status).toBe(202);
    const { id } = (await submitted.json()) as { id: string };
    const until = Date.now() + 60_000;
    for (;;) {
      const job = (await (await h.request(`/api/v1/jobs/${id}`, { key })).json()) as Job;
      if (job.status === 'done') break;
      if (job.status !== 'queued' && job.status !== 'running') throw new Error(`the job ended ${job.status}`);
      if (Date.now() > until) throw new Error(`the job is still ${job.status} (${job.done}/${job.total})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const text = await (await h.request(`/api/v1/jobs/${id}/results`, { key })).text();
    const lines = text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Line);
    expect(lines).toHaveLength(values.length);
    const live = lines.filter((line) => line.result.vatDetails?.source === 'LIVE');
    expect(live).toHaveLength(values.length);

    for (const { result } of live) {
      const records = await h.store.evidence.forValue(account.id, result.normalizedValue as string);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ accountId: account.id, registered: result.valid });
    }
  }, 120_000);
});
