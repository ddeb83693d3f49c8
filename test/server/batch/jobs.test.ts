/**
 * Batch jobs end to end on the job routes and the runner (harness.ts): a VAT job with VIES busy
 * faults and one member state down, every line answered once and counted once, the fake never
 * seeing more than the per-state limit in flight; CSV and NDJSON in and out; the FREE quota
 * refused up front; cancel; another account's job is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf } from '../../../src/server/pipeline/period.js';
import { accountWithKey } from '../../support/server.js';
import { vatNumbers } from '../../support/generators/vat.js';
import { startJobHarness, type JobHarness } from './harness.js';
import { parseCsv } from '../../support/csv.js';
import type { Job, JobResultLine } from '../../../src/account-api.js';

let h: JobHarness;

beforeAll(async () => {
  h = await startJobHarness({ perState: 2 });
});
afterAll(async () => {
  await h?.close();
});

const json = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });


async function waitForEnd(key: string, id: string, timeoutMs = 60_000): Promise<Job> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = (await (await h.request(`/api/v1/jobs/${id}`, { key })).json()) as Job;
    if (job.status === 'done' || job.status === 'failed' || job.status === 'cancelled') return job;
    if (Date.now() > until) throw new Error(`job still ${job.status} (${job.done}/${job.total})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A job sent as a CSV or NDJSON body with `query`: the answer's status and the job it accepted. */
async function submitList(key: string, query: string, body: string, type: 'text/csv' | 'application/x-ndjson'): Promise<{ status: number; job: { id: string; total: number } }> {
  const answer = await h.request(`/api/v1/jobs?${query}`, { key, method: 'POST', body, headers: { 'Content-Type': type } });
  return { status: answer.status, job: (await answer.json()) as { id: string; total: number } };
}

async function ndjsonResults(key: string, id: string): Promise<Array<{ line: number; result: { valid: boolean; originalValue: string; vatDetails?: { source?: string } } }>> {
  const response = await h.request(`/api/v1/jobs/${id}/results`, { key });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/x-ndjson');
  const text = await response.text();
  return text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line));
}

describe('a VAT job against a busy VIES with one member state down', () => {
  it('answers every line once, counts each once, and never has more than 2 calls of a state in flight', async () => {
    const { account, key } = await accountWithKey(h.store, 'GROWTH');
    const lu = vatNumbers('LU', 400, 1);
    const de = vatNumbers('DE', 400, 2);
    const at = vatNumbers('AT', 200, 3);
    lu.forEach((vat, i) => h.vies.register(vat, { valid: i % 2 === 0, name: `Trader ${i}` }));
    de.forEach((vat, i) => h.vies.register(vat, { valid: i % 3 !== 0 }));
    const values = [...lu, ...de, ...at].sort();
    h.vies.latencyMs = 5;
    // Luxembourg is busy on every 7th call; Austria is down.
    h.vies.scheduleFaults('LU', (call) => (call % 7 === 0 ? 'MS_MAX_CONCURRENT_REQ' : null));
    h.vies.scheduleFaults('AT', () => 'MS_UNAVAILABLE');
    const started = performance.now();
    const submitted = await h.request('/api/v1/jobs', { key, ...json({ field: 'vat', values }) });
    expect(submitted.status).toBe(202);
    const { id, status, total } = (await submitted.json()) as { id: string; status: string; total: number };
    expect(submitted.headers.get('location')).toBe(`/api/v1/jobs/${id}`);
    expect({ status, total }).toEqual({ status: 'queued', total: values.length });

    const job = await waitForEnd(key, id);
    const seconds = (performance.now() - started) / 1000;
    h.vies.scheduleFaults('LU', null);
    h.vies.scheduleFaults('AT', null);
    expect(job).toMatchObject({ status: 'done', total: values.length, done: values.length });
    expect(job.valid + job.invalid).toBe(values.length);

    const lines = await ndjsonResults(key, id);
    expect(lines.map((l) => l.line)).toEqual(values.map((_, i) => i + 1));
    expect(lines.map((l) => l.result.originalValue)).toEqual(values);
    // Busy faults were waited out: every Luxembourg line has a live verdict; Austria's are unverified.
    const source = (l: (typeof lines)[number]): string | undefined => l.result.vatDetails?.source;
    const luLines = lines.filter((l) => l.result.originalValue.startsWith('LU'));
    const luSources = new Map<string | undefined, number>();
    for (const l of luLines) luSources.set(source(l), (luSources.get(source(l)) ?? 0) + 1);
    expect(Object.fromEntries(luSources)).toEqual({ LIVE: 400 });
    expect(luLines.filter((l) => l.result.valid)).toHaveLength(200);
    expect(lines.filter((l) => l.result.originalValue.startsWith('AT')).every((l) => source(l) === 'UNVERIFIED')).toBe(true);

    const used = await h.store.usage.used(account.id, periodOf(account.subscriptionStart, new Date()).start);
    expect(used).toBe(values.length);
    for (const country of ['LU', 'DE', 'AT']) expect(h.vies.maxInFlightFor(country)).toBeLessThanOrEqual(2);
    expect(h.vies.maxInFlightFor('LU')).toBe(2);
    console.info(`[W2] ${values.length} VAT values in ${seconds.toFixed(1)} s (${(values.length / seconds).toFixed(0)}/s), 2 per state, fake latency 5 ms; max in flight ${JSON.stringify(Object.fromEntries(h.vies.maxInFlight))}; LU calls ${h.vies.callsFor('LU')}`);
  }, 120_000);
});

describe('inputs and outputs', () => {
  it('reads CSV (first column, RFC 4180 quotes) and NDJSON, and writes CSV results', async () => {
    const { account, key } = await accountWithKey(h.store, 'STARTER');
    const csv = '"DE89 3704 0044 0532 0130 00","a, quoted ""note"""\r\nGB82WEST12345698765432,x\r\n\r\nnot an iban\r\n';
    const { status: csvStatus, job: csvJob } = await submitList(key, 'field=iban&webhookUrl=http%3A%2F%2F127.0.0.1%3A9%2Fhook', csv, 'text/csv');
    expect(csvStatus).toBe(202);
    expect(csvJob.total).toBe(3);
    const ndjson = '"DE89370400440532013000"\n{"value":"FR14 2004 1010 0505 0001 3M02 606"}\n';
    const { status: ndjsonStatus, job: ndjsonJob } = await submitList(key, 'field=iban', ndjson, 'application/x-ndjson');
    expect(ndjsonStatus).toBe(202);
    expect(ndjsonJob.total).toBe(2);

    const ended = await waitForEnd(key, csvJob.id);
    expect(ended).toMatchObject({ status: 'done', valid: 2, invalid: 1 });
    // job.completed went to the job's own URL, with the job's final status object.
    const deliveries = await h.store.webhooks.deliveries(account.id, 10);
    expect(deliveries.map((d) => [d.type, d.url, d.data])).toEqual([['job.completed', 'http://127.0.0.1:9/hook', { job: ended }]]);
    const results = await h.request(`/api/v1/jobs/${csvJob.id}/results`, { key, headers: { Accept: 'text/csv' } });
    expect(results.headers.get('content-type')).toContain('text/csv');
    const rows = (await results.text()).trimEnd().split('\r\n');
    // The envelope's columns, the field, then one column per member of the IBAN details.
    expect(rows[0]?.startsWith('line,valid,reason,message,normalizedValue,originalValue,field,ibanDetails.')).toBe(true);
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatch(/^1,true,,[^,]*,DE89370400440532013000,DE89 3704 0044 0532 0130 00,iban,/);
    expect(rows[2]?.startsWith('2,true,')).toBe(true);
    expect(rows[3]).toMatch(/^3,false,IBAN_[A-Z_]+,.*,not an iban,iban,/);

    expect(await waitForEnd(key, ndjsonJob.id)).toMatchObject({ status: 'done', valid: 2 });
    const lines = await ndjsonResults(key, ndjsonJob.id);
    expect(lines.map((l) => [l.line, l.result.valid])).toEqual([[1, true], [2, true]]);
  });

  it('takes a CSV header line value as a header: neither validated nor counted', async () => {
    const { account, key } = await accountWithKey(h.store, 'STARTER');
    const csv = 'value\r\nDE89 3704 0044 0532 0130 00\r\nnot an iban\r\n';
    const { status, job } = await submitList(key, 'field=iban', csv, 'text/csv');
    expect(status).toBe(202);
    expect(job.total).toBe(2);
    expect(await waitForEnd(key, job.id)).toMatchObject({ status: 'done', done: 2, valid: 1, invalid: 1 });
    const lines = await ndjsonResults(key, job.id);
    expect(lines.map((l) => [l.line, l.result.originalValue])).toEqual([[1, 'DE89 3704 0044 0532 0130 00'], [2, 'not an iban']]);
    expect(await h.store.usage.used(account.id, periodOf(account.subscriptionStart, new Date()).start)).toBe(2);
    expect((await h.store.usage.log(account.id, 10)).map((entry) => entry.value)).not.toContain('value');
  });

  it('runs a mixed file (CSV field,value, NDJSON { field, value }): each line as its field, its details in the CSV columns', async () => {
    const { account, key } = await accountWithKey(h.store, 'GROWTH');
    const [registered] = vatNumbers('LU', 1, 21);
    h.vies.register(registered as string, { valid: true, name: 'Mixed Trader' });
    const csv = `field,value\r\niban,DE89 3704 0044 0532 0130 00\r\nvat,${registered}\r\nNIF,12345678Z\r\nphone,+44 20 7946 0958\r\nbic,not a bic\r\n`;
    const { status, job } = await submitList(key, '', csv, 'text/csv');
    expect(status).toBe(202);
    expect(job.total).toBe(5);
    expect(await waitForEnd(key, job.id)).toMatchObject({ status: 'done', field: 'mixed', done: 5, valid: 4, invalid: 1 });
    const lines = await ndjsonResults(key, job.id);
    expect(lines.map((l) => [l.line, (l as { field?: string }).field, l.result.valid])).toEqual([[1, 'iban', true], [2, 'vat', true], [3, 'nif', true], [4, 'phone', true], [5, 'bic', false]]);
    expect(lines[1]?.result.vatDetails?.source).toBe('LIVE');
    // The header is counted nowhere; the NIF is masked in the log as on its own endpoint.
    expect(await h.store.usage.used(account.id, periodOf(account.subscriptionStart, new Date()).start)).toBe(5);
    expect((await h.store.usage.log(account.id, 10)).map((entry) => [entry.endpoint, entry.value]).sort()).toContainEqual(['nif', '***']);

    const table = parseCsv(await (await h.request(`/api/v1/jobs/${job.id}/results`, { key, headers: { Accept: 'text/csv' } })).text());
    const header = table[0] as string[];
    const cell = (row: number, column: string): string | undefined => table[row]?.[header.indexOf(column)];
    expect(header.slice(0, 7)).toEqual(['line', 'valid', 'reason', 'message', 'normalizedValue', 'originalValue', 'field']);
    // Every field's details have their columns; each line fills its own field's.
    for (const column of ['ibanDetails.country_code', 'vatDetails.registered', 'vatDetails.source', 'vatDetails.trader_name', 'vatDetails.consultation_number', 'nifDetails.type', 'phoneDetails.country_code', 'bicDetails.countryCode']) {
      expect(header, column).toContain(column);
    }
    expect([cell(1, 'field'), cell(1, 'ibanDetails.country_code'), cell(1, 'vatDetails.registered')]).toEqual(['iban', 'DE', '']);
    expect([cell(2, 'field'), cell(2, 'vatDetails.registered'), cell(2, 'vatDetails.source'), cell(2, 'vatDetails.trader_name')]).toEqual(['vat', 'true', 'LIVE', 'Mixed Trader']);
    const results = lines as unknown as JobResultLine[];
    expect(cell(3, 'nifDetails.type')).toBe(results[2]?.result.nifDetails?.type);
    expect(cell(4, 'phoneDetails.country_code')).toBe(results[3]?.result.phoneDetails?.country_code);
    expect(cell(4, 'phoneDetails.calling_code')).toBe(String(results[3]?.result.phoneDetails?.calling_code));

    const ndjson = '{"field":"iban","value":"GB82WEST12345698765432"}\n{"field":"ssn","value":"078-05-1120"}\n';
    const mixedNdjson = await submitList(key, '', ndjson, 'application/x-ndjson');
    expect(mixedNdjson.status).toBe(202);
    expect((await ndjsonResults(key, (await waitForEnd(key, mixedNdjson.job.id)).id)).map((l) => (l as { field?: string }).field)).toEqual(['iban', 'ssn']);
  });

  it("refuses a mixed file naming a field the key may not validate, storing nothing", async () => {
    const { key } = await accountWithKey(h.store, 'STARTER', { scopes: ['iban'] });
    const lines = Array.from({ length: 250 }, () => 'iban,DE89 3704 0044 0532 0130 00');
    const refused = await h.request('/api/v1/jobs', { key, method: 'POST', body: ['field,value', ...lines, 'vat,DE129273398'].join('\n'), headers: { 'Content-Type': 'text/csv' } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { errorCode: string }).errorCode).toBe('FORBIDDEN');
    expect(((await (await h.request('/api/v1/jobs', { key })).json()) as { jobs: unknown[] }).jobs).toEqual([]);
  });

  it('refuses bad input with INVALID_JOB and a precise message', async () => {
    const { key } = await accountWithKey(h.store, 'STARTER');
    const cases: Array<[RequestInit, string]> = [
      [json({ field: 'vat', values: [] }), 'A job needs at least one value'],
      [json({ field: 'swift', values: ['x'] }), '"field" must be one of'],
      [json({ field: 'vat', values: ['ok', 3] }), 'Value 2 is not a string'],
      [json({ field: 'vat', values: ['x'], webhookUrl: 'ftp://example.com' }), '"webhookUrl": The webhook URL must use http or https'],
      // The account webhook's rules (docs/service.md#webhooks): credentials in the URL are refused.
      [json({ field: 'vat', values: ['x'], webhookUrl: 'http://u:p@hooks.example.com/x' }), '"webhookUrl": The webhook URL must not hold a user name or password'],
      [{ method: 'POST', body: '{', headers: { 'Content-Type': 'application/json' } }, 'The request body is not valid JSON'],
      [{ method: 'POST', body: 'x\n"abc', headers: { 'Content-Type': 'text/csv' } }, 'the field'],
    ];
    for (const [init, message] of cases) {
      const response = await h.request('/api/v1/jobs?field=vat', { key, ...init });
      const body = (await response.json()) as { errorCode: string; message: string };
      if (message === 'the field') {
        expect(response.status).toBe(400);
        expect(body.message).toBe('Record 2 has a quote that is never closed');
        continue;
      }
      expect(response.status).toBe(400);
      expect(body.errorCode).toBe('INVALID_JOB');
      expect(body.message).toContain(message);
    }
    // One value too many is past a limit, as 16 MiB is: 413, answered as soon as value 100,001 is read.
    const tooMany = await h.request('/api/v1/jobs?field=vat', { key, ...json({ field: 'vat', values: Array.from({ length: 100_001 }, () => 'x') }) });
    expect(tooMany.status).toBe(413);
    expect(await tooMany.json()).toEqual({ errorCode: 'BODY_TOO_LARGE', message: 'A job takes at most 100,000 values' });
    const unsupported = await h.request('/api/v1/jobs', { key, method: 'POST', body: 'x', headers: { 'Content-Type': 'text/plain' } });
    expect(unsupported.status).toBe(415);
    const tooLarge = await h.request('/api/v1/jobs?field=iban', { key, method: 'POST', body: 'x'.repeat(16 * 1024 * 1024 + 1), headers: { 'Content-Type': 'text/csv' } });
    expect(tooLarge.status).toBe(413);
  });
});

describe('quota, scope, cancel and isolation', () => {
  it('refuses a FREE job larger than the quota left, before storing anything', async () => {
    const { key } = await accountWithKey(h.store, 'FREE');
    const response = await h.request('/api/v1/jobs', { key, ...json({ field: 'iban', values: Array.from({ length: 5_000 }, () => 'DE89370400440532013000') }) });
    expect(response.status).toBe(429);
    const body = (await response.json()) as { errorCode: string; message: string };
    expect(body.errorCode).toBe('QUOTA_EXCEEDED');
    expect(body.message).toMatch(/^This job has 5,000 values but only [\d,]+ of the [\d,]+ validations of this billing period are left/);
    const list = (await (await h.request('/api/v1/jobs', { key })).json()) as { jobs: unknown[] };
    expect(list.jobs).toEqual([]);
  });

  it('answers 401 without a key and 403 for a key without the scope', async () => {
    expect((await h.request('/api/v1/jobs', json({ field: 'iban', values: ['x'] }))).status).toBe(401);
    const { key } = await accountWithKey(h.store, 'STARTER', { scopes: ['iban'] });
    const forbidden = await h.request('/api/v1/jobs', { key, ...json({ field: 'vat', values: ['x'] }) });
    expect(forbidden.status).toBe(403);
  });

  it('cancel is final: the cancel answer counts every line ever counted, each in the results, and none is counted after', async () => {
    const { account, key } = await accountWithKey(h.store, 'GROWTH');
    h.vies.latencyMs = 20;
    const values = vatNumbers('LU', 1_000, 11);
    values.forEach((vat) => h.vies.register(vat, { valid: true }));
    const submitted = (await (await h.request('/api/v1/jobs', { key, ...json({ field: 'vat', values }) })).json()) as { id: string };
    for (let done = 0; done < 100; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done = ((await (await h.request(`/api/v1/jobs/${submitted.id}`, { key })).json()) as Job).done;
    }
    const cancelled = (await (await h.request(`/api/v1/jobs/${submitted.id}`, { key, method: 'DELETE' })).json()) as Job;
    expect(cancelled.status).toBe('cancelled');
    // Lines were in flight at VIES when the cancel came: give them time to come back.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const after = (await (await h.request(`/api/v1/jobs/${submitted.id}`, { key })).json()) as Job;
    expect(after).toMatchObject({ status: 'cancelled', done: cancelled.done });
    expect(after.done).toBeLessThan(values.length);
    expect(await h.store.usage.used(account.id, periodOf(account.subscriptionStart, new Date()).start)).toBe(cancelled.done);
    const results = await ndjsonResults(key, submitted.id);
    const logged = (await h.store.usage.log(account.id, 2_000)).map((entry) => Number(entry.requestId.split(':')[2]));
    expect(results.map((line) => line.line)).toEqual(logged.sort((a, b) => a - b));
    expect(results).toHaveLength(cancelled.done);
    h.vies.latencyMs = 0;
  });

  it('cancels a running job (409 once it has ended) and hides it from another account', async () => {
    const a = await accountWithKey(h.store, 'GROWTH');
    const b = await accountWithKey(h.store, 'GROWTH');
    h.vies.latencyMs = 50;
    const values = vatNumbers('DE', 2_000, 9);
    const submitted = (await (await h.request('/api/v1/jobs', { key: a.key, ...json({ field: 'vat', values }) })).json()) as { id: string };
    for (const path of [`/api/v1/jobs/${submitted.id}`, `/api/v1/jobs/${submitted.id}/results`]) {
      expect((await h.request(path, { key: b.key })).status).toBe(404);
    }
    expect((await h.request(`/api/v1/jobs/${submitted.id}`, { key: b.key, method: 'DELETE' })).status).toBe(404);
    const cancelled = await h.request(`/api/v1/jobs/${submitted.id}`, { key: a.key, method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as Job).status).toBe('cancelled');
    const again = await h.request(`/api/v1/jobs/${submitted.id}`, { key: a.key, method: 'DELETE' });
    expect(again.status).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = (await (await h.request(`/api/v1/jobs/${submitted.id}`, { key: a.key })).json()) as Job;
    expect(after.status).toBe('cancelled');
    expect(after.done).toBeLessThan(values.length);
    const listed = (await (await h.request('/api/v1/jobs', { key: b.key })).json()) as { jobs: unknown[] };
    expect(listed.jobs).toEqual([]);
    h.vies.latencyMs = 0;
  });
});
