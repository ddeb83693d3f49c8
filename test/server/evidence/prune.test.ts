/**
 * The prune job's evidence part (src/server/jobs/prune.ts): records older than `evidenceYears`
 * go, younger ones stay, whatever the usage log's much shorter retention.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPruning, DEFAULT_EVIDENCE_YEARS, evidenceCutoff } from '../../../src/server/jobs/prune.js';
import { openEmbeddedStore } from '../../../src/server/storage/sqlite/store.js';
import type { Account, Store, VatEvidenceRecord } from '../../../src/server/storage/types.js';
import { createAccount } from '../../support/server.js';
import { luxembourgVat } from '../../support/generators/vat.js';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const VALUE = luxembourgVat('246813');

let store: Store;
let account: Account;

beforeAll(async () => {
  store = await openEmbeddedStore();
  account = await createAccount(store, 'STARTER');
});
afterAll(async () => {
  await store?.close();
});

function record(checkedAt: Date): VatEvidenceRecord {
  return {
    id: randomUUID(),
    accountId: account.id,
    value: VALUE,
    countryCode: 'LU',
    registered: true,
    name: 'ACME SARL',
    address: null,
    requestDate: checkedAt.toISOString().slice(0, 10),
    consultationNumber: null,
    requester: null,
    checkedAt,
    replySha256: 'a'.repeat(64),
  };
}

function pruning(logs: string[], evidenceYears?: number): () => Promise<void> {
  const context = { store, now: () => NOW, log: (line: string) => logs.push(line), claim: async () => true, signal: new AbortController().signal, stopped: () => false };
  return evidenceYears === undefined ? createPruning(context, 1) : createPruning(context, 1, evidenceYears);
}

describe('evidence retention', () => {
  it('keeps 10 years by default: a record of 10 years and a day ago goes, one of 9 years and 364 days stays', async () => {
    expect(DEFAULT_EVIDENCE_YEARS).toBe(10);
    const old = record(new Date('2016-11-21T10:00:00.000Z'));
    const young = record(new Date('2016-11-23T10:00:00.000Z'));
    const recent = record(new Date('2026-11-01T10:00:00.000Z'));
    for (const r of [old, young, recent]) await store.evidence.add(r);
    const logs: string[] = [];
    // The usage log keeps 1 day here: evidence does not follow it.
    await pruning(logs)();
    const left = (await store.evidence.forValue(account.id, VALUE)).map((r) => r.id).sort();
    expect(left).toEqual([young.id, recent.id].sort());
    expect(logs).toContain('jobs: pruned 1 VIES evidence records older than 10 years');
  });

  it('follows evidenceYears', async () => {
    const logs: string[] = [];
    await pruning(logs, 1)();
    const left = await store.evidence.forValue(account.id, VALUE);
    expect(left.map((r) => r.checkedAt.toISOString())).toEqual(['2026-11-01T10:00:00.000Z']);
    expect(logs).toContain('jobs: pruned 1 VIES evidence records older than 1 year');
  });

  it('counts calendar years in UTC (a leap day steps to 1 March)', () => {
    expect(evidenceCutoff(new Date('2026-11-22T10:00:00.000Z'), 10).toISOString()).toBe('2016-11-22T10:00:00.000Z');
    expect(evidenceCutoff(new Date('2028-02-29T00:00:00.000Z'), 1).toISOString()).toBe('2027-03-01T00:00:00.000Z');
  });
});
