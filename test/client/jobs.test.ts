/**
 * The client's background methods against the real service (startServer on 127.0.0.1:0, its
 * workers running, adapters on the loopback fakes): a job submitted, followed to its end and its
 * results read as an async iterable in input order; the list; cancel refused once ended; another
 * account's job a 404; a watched VAT number listed, re-checked and removed; its evidence read back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, VerifieldApiError, type Job, type JobResultLine, type VerifieldClient } from '../../src/client/index.js';
import { validateIban } from '../../src/iban/index.js';
import { openEmbeddedStore } from '../../src/server/storage/index.js';
import type { Store } from '../../src/server/storage/types.js';
import { germanIban } from '../support/generators/iban.js';
import { luxembourgVat } from '../support/generators/vat.js';
import { accountWithKey, fakeConfig, startFakes, startTestServer, until, type Fakes, type TestServer } from '../support/server.js';
import { rejectionOf } from '../support/rejection.js';

let fakes: Fakes;
let store: Store;
let service: TestServer;
let client: VerifieldClient;
let other: VerifieldClient;

const VALUES = [germanIban('370400440532013000'), 'DE00370400440532013000', '', germanIban('500105175407324931'), 'not an iban'];
const WATCHED = luxembourgVat('271828');

/** The rejection of `promise`, which must be a VerifieldApiError. */
const apiError = (promise: Promise<unknown>): Promise<VerifieldApiError> => rejectionOf(promise, VerifieldApiError);

async function collect(lines: AsyncIterable<JobResultLine>): Promise<JobResultLine[]> {
  const all: JobResultLine[] = [];
  for await (const line of lines) all.push(line);
  return all;
}

beforeAll(async () => {
  fakes = await startFakes();
  store = await openEmbeddedStore();
  service = await startTestServer(store, { ...fakeConfig(fakes), keyCacheMs: 0, allowPrivateWebhooks: true, watchIntervalMs: 3_600_000 });
  const mine = await accountWithKey(store, 'STARTER');
  const theirs = await accountWithKey(store, 'STARTER');
  client = createClient({ baseUrl: service.url, apiKey: mine.key });
  other = createClient({ baseUrl: service.url, apiKey: theirs.key });
});

afterAll(async () => {
  await service?.close();
  await store?.close();
  await fakes?.close();
});

describe('jobs through the client', () => {
  let id = '';

  it('submits a job (202: id, queued, total) and follows it to done', async () => {
    const submitted = await client.submitJob({ field: 'iban', values: VALUES });
    expect(submitted).toMatchObject({ status: 'queued', total: VALUES.length });
    id = submitted.id;
    let job: Job | undefined;
    await until(async () => {
      job = await client.job(id);
      return job.status === 'done';
    }, 20_000, 'the job to finish');
    const expectedValid = VALUES.filter((value) => validateIban(value).valid).length;
    expect(job).toMatchObject({ id, field: 'iban', total: 5, done: 5, valid: expectedValid, invalid: 5 - expectedValid, error: null });
    expect(Date.parse(job?.finishedAt ?? '')).not.toBeNaN();
  });

  it('reads the results as an async iterable, one per input line, in order, each the library answer', async () => {
    const lines = await collect(client.jobResults(id));
    expect(lines.map((line) => line.line)).toEqual([1, 2, 3, 4, 5]);
    lines.forEach((line, index) => expect(line.result).toEqual(validateIban(VALUES[index] as string)));
  });

  it('lists the job among the account jobs, and refuses to cancel it once ended (409)', async () => {
    expect((await client.jobs()).map((job) => job.id)).toContain(id);
    expect((await apiError(client.cancelJob(id))).status).toBe(409);
  });

  it("answers 404 for another account's job, its results and its cancellation", async () => {
    expect((await apiError(other.job(id))).status).toBe(404);
    expect((await apiError(collect(other.jobResults(id)))).status).toBe(404);
    expect((await apiError(other.cancelJob(id))).status).toBe(404);
    expect((await other.jobs()).map((job) => job.id)).not.toContain(id);
  });

  it('refuses a job without values with 400 INVALID_JOB', async () => {
    const error = await apiError(client.submitJob({ field: 'iban', values: [] }));
    expect(error.status).toBe(400);
    expect(error.errorCode).toBe('INVALID_JOB');
  });
});

describe('watches and evidence through the client', () => {
  it('watches a number, lists it, re-checks it now, reads its evidence, and removes it', async () => {
    fakes.vies.register(WATCHED, { valid: true, name: 'WATCHED TRADER SARL', address: '1 RUE DU TEST, LUXEMBOURG' });
    const watch = await client.watchVat(WATCHED, { traderName: 'Watched Trader' });
    expect(watch).toMatchObject({ value: WATCHED, traderName: 'Watched Trader' });
    expect((await client.watches()).map((listed) => listed.id)).toContain(watch.id);
    expect(await other.watches()).toEqual([]);

    const checked = await client.checkWatch(watch.id);
    expect(checked).toMatchObject({ id: watch.id, registered: true, name: 'WATCHED TRADER SARL' });

    const evidence = await client.evidence(WATCHED);
    expect(evidence.length).toBeGreaterThan(0);
    expect(evidence[0]).toMatchObject({ value: WATCHED, countryCode: 'LU', registered: true });
    expect(evidence[0]?.replySha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await client.evidenceRecord(evidence[0]?.id as string)).toEqual(evidence[0]);
    expect((await apiError(other.evidenceRecord(evidence[0]?.id as string))).status).toBe(404);

    await client.unwatchVat(watch.id);
    expect((await client.watches()).map((listed) => listed.id)).not.toContain(watch.id);
  });

  it('refuses to watch a number that cannot exist (400)', async () => {
    expect((await apiError(client.watchVat('LU00000001'))).status).toBe(400);
  });
});
