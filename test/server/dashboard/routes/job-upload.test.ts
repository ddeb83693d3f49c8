/**
 * A job uploaded from the dashboard's Jobs page (multipart/form-data, read as it arrives): run
 * under the key the form chose, 303 to the job's page; its progress as JSON; its results to
 * download as CSV and NDJSON (the API's bodies); refused with the form again (and nothing stored)
 * without the CSRF token, for a key without the field's scope, and for a bad file.
 */
import { describe, expect, it } from 'vitest';
import type { Job } from '../../../../src/account-api.js';
import { validateIban } from '../../../../src/iban/index.js';
import { getPage, useSignedInAccount } from '../../../support/dashboard.js';
import { parseCsv } from '../../../support/csv.js';
import { createKey } from '../../../support/server.js';
import { germanIban } from '../../../support/generators/iban.js';

// The batch runner runs (workers), so an uploaded job ends by itself.
const fixture = useSignedInAccount('GROWTH', { workers: true });

const jobsPath = (): string => `/dashboard/accounts/${fixture.account.id}/jobs`;

/** POSTs the upload form: the CSRF token (unless `csrf` says otherwise), the key, the field and the file, in the form's order. */
async function upload(file: { name: string; text: string }, fields: { key: string; field: string; csrf?: string | null }): Promise<Response> {
  const form = new FormData();
  if (fields.csrf !== null) form.set('_csrf', fields.csrf ?? fixture.browser.csrf);
  form.set('key', fields.key);
  form.set('field', fields.field);
  form.set('file', new Blob([file.text], { type: 'text/plain' }), file.name);
  return fetch(`${fixture.server.url}${jobsPath()}`, { method: 'POST', redirect: 'manual', headers: { Cookie: fixture.browser.cookie }, body: form });
}

async function waitForEnd(progressPath: string): Promise<Job> {
  const until = Date.now() + 30_000;
  for (;;) {
    const answer = await getPage(fixture.server.url, progressPath, fixture.browser);
    expect(answer.status).toBe(200);
    const job = JSON.parse(answer.text) as Job;
    if (job.status !== 'queued' && job.status !== 'running') return job;
    if (Date.now() > until) throw new Error(`job still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a job uploaded on the Jobs page', () => {
  it('offers the account keys and the fields, runs the file under the chosen key, and shows its progress and downloads', async () => {
    const { id: keyId } = await createKey(fixture.server.store, fixture.account);
    const page = await getPage(fixture.server.url, jobsPath(), fixture.browser);
    expect(page.text).toContain('enctype="multipart/form-data"');
    expect(page.text).toContain(`<option value="${keyId}"`);
    expect(page.text).toContain('name="file" type="file"');

    const values = ['value', germanIban('000000000000000001'), 'not an iban', germanIban('000000000000000002')];
    const answer = await upload({ name: 'ibans.csv', text: values.join('\r\n') }, { key: keyId, field: 'iban' });
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`^${jobsPath()}/[0-9a-f-]{36}$`));

    const jobPage = await getPage(fixture.server.url, location, fixture.browser);
    expect(jobPage.status).toBe(200);
    expect(jobPage.text).toContain('<progress');
    expect(jobPage.text).toContain(`href="${location}/results.csv"`);
    const job = await waitForEnd(`${location}/progress`);
    expect(job).toMatchObject({ field: 'iban', status: 'done', total: 3, done: 3, valid: 2, invalid: 1 });
    const key = (await fixture.server.store.usage.log(fixture.account.id, 10)).map((entry) => entry.keyId);
    expect(new Set(key)).toEqual(new Set([keyId]));

    const csv = await getPage(fixture.server.url, `${location}/results.csv`, fixture.browser);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="job-${job.id}.csv"`);
    const rows = parseCsv(csv.text);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[5]])).toEqual(values.slice(1).map((value, index) => [String(index + 1), String(validateIban(value).valid), value]));
    const ndjson = await getPage(fixture.server.url, `${location}/results.ndjson`, fixture.browser);
    expect(ndjson.text.trim().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual(values.slice(1).map((value, index) => ({ line: index + 1, result: validateIban(value) })));
  });

  it('runs a mixed file when the field is left to each line', async () => {
    const { id: keyId } = await createKey(fixture.server.store, fixture.account);
    const answer = await upload({ name: 'mixed.ndjson', text: `{"field":"iban","value":"${germanIban('000000000000000003')}"}\n{"field":"nif","value":"12345678Z"}\n` }, { key: keyId, field: '' });
    expect(answer.status).toBe(303);
    expect(await waitForEnd(`${answer.headers.get('location') ?? ''}/progress`)).toMatchObject({ field: 'mixed', status: 'done', done: 2 });
  });

  it('writes a value a spreadsheet would run as text in the CSV download', async () => {
    const { id: keyId } = await createKey(fixture.server.store, fixture.account);
    const answer = await upload({ name: 'formula.csv', text: '"=HYPERLINK(""http://x.example"")"\n@SUM(A1)\n' }, { key: keyId, field: 'iban' });
    const location = answer.headers.get('location') ?? '';
    await waitForEnd(`${location}/progress`);
    const rows = parseCsv((await getPage(fixture.server.url, `${location}/results.csv`, fixture.browser)).text);
    expect(rows.slice(1).map((row) => row[5])).toEqual(["'=HYPERLINK(\"http://x.example\")", "'@SUM(A1)"]);
  });

  it('refuses without the CSRF token, for a key without the scope, or a file that is not a job, storing nothing', async () => {
    const narrow = await createKey(fixture.server.store, fixture.account, { scopes: ['vat'] });
    const before = (await fixture.server.store.batchJobs.list(fixture.account.id, 100)).length;
    expect((await upload({ name: 'a.csv', text: 'x' }, { key: narrow.id, field: 'vat', csrf: null })).status).toBe(403);
    const scope = await upload({ name: 'a.csv', text: 'DE89370400440532013000' }, { key: narrow.id, field: 'iban' });
    expect(scope.status).toBe(403);
    expect(await scope.text()).toContain('cannot run this job');
    const bad = await upload({ name: 'a.csv', text: 'iban,x' }, { key: narrow.id, field: '' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('must begin with the header field,value');
    const noFile = await fetch(`${fixture.server.url}${jobsPath()}`, { method: 'POST', redirect: 'manual', headers: { Cookie: fixture.browser.cookie }, body: (() => { const f = new FormData(); f.set('_csrf', fixture.browser.csrf); return f; })() });
    expect(noFile.status).toBe(400);
    expect((await fixture.server.store.batchJobs.list(fixture.account.id, 100)).length).toBe(before);
  });
});
