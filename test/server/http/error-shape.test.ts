/**
 * One error shape everywhere, over real HTTP (docs/envelope.md#error-answers and #other-error-answers):
 * every error of the JSON API is `{ errorCode, message }` (the validation endpoints keep their envelope
 * with errorCode); a path the service does not have is 404 NOT_FOUND with a hint; a body of another
 * Content-Type is 415 on every endpoint that takes one; a member a JSON body does not take is 400
 * UNKNOWN_MEMBER naming it; and nothing a refusal answers is counted. Also the phone endpoint's
 * `defaultCountry` and the IBAN endpoint's `nationalCheck`, through HTTP and through the client.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/client/index.js';
import { FIELD_NAMES } from '../../../src/fields/catalog.js';
import { openApiDocument } from '../../../src/server/http/openapi.js';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import type { Account, Store } from '../../../src/server/storage/types.js';
import { adminCall, OPERATOR_TOKEN } from '../../support/admin-api.js';
import { createOpenApiValidator } from '../../support/openapi-validator.js';
import { accountWithKey, ALL_FIELDS, closeInOrder, fakeConfig, post, startFakes, startTestServer, type Fakes, type TestServer } from '../../support/server.js';
import { luxembourgVat } from '../../support/generators/vat.js';

let fakes: Fakes;
let store: Store;
let service: TestServer;
let account: Account;
let key: string;

const validator = createOpenApiValidator(openApiDocument);
const REGISTERED_VAT = luxembourgVat('246813');
const OPERATOR = { token: OPERATOR_TOKEN };

beforeAll(async () => {
  fakes = await startFakes();
  fakes.vies.register(REGISTERED_VAT, { valid: true, name: 'ACME SARL' });
  store = await openEmbeddedStore();
  service = await startTestServer(store, { ...fakeConfig(fakes), keyCacheMs: 0, adminToken: OPERATOR_TOKEN });
  ({ account, key } = await accountWithKey(store, 'STARTER'));
});

afterAll(() => closeInOrder(service, store, fakes));

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

async function send(method: string, path: string, options: { body?: string; type?: string; key?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.type !== undefined) headers['Content-Type'] = options.type;
  if (options.key !== undefined) headers['X-API-KEY'] = options.key;
  const response = await fetch(`${service.url}${path}`, { method, headers, ...(options.body === undefined ? {} : { body: options.body }) });
  expect(response.headers.get('content-type'), `${method} ${path}`).toMatch(/^application\/json/);
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

/** A 404 of an unknown path, checked against the document's NotFound schema; its message. */
async function notFound(method: string, path: string): Promise<string> {
  const answer = await send(method, path, { key, type: 'application/json', ...(method === 'GET' ? {} : { body: '{"value":"x"}' }) });
  expect(answer.status, `${method} ${path}`).toBe(404);
  expect(answer.body.errorCode).toBe('NOT_FOUND');
  const matches = validator.schema('NotFound');
  expect(matches(answer.body), JSON.stringify(matches.errors)).toBe(true);
  return answer.body.message as string;
}

describe('404 NOT_FOUND on a path the service does not have, with a hint', () => {
  it('a field in the wrong case names its path', async () => {
    expect(await notFound('POST', '/api/v1/validate/IBAN')).toBe('No endpoint at /api/v1/validate/IBAN: paths are lower case, use /api/v1/validate/iban');
    expect(await notFound('POST', '/API/V1/VALIDATE/Vat')).toContain('use /api/v1/validate/vat');
  });

  it('an unknown field lists the fields', async () => {
    const message = await notFound('POST', '/api/v1/validate/swift');
    expect(message).toBe(`No validation endpoint at /api/v1/validate/swift: the fields are ${FIELD_NAMES.join(', ')}, each at POST /api/v1/validate/<field>`);
  });

  it('a trailing slash names the path without it', async () => {
    expect(await notFound('POST', '/api/v1/validate/iban/')).toBe('No endpoint at /api/v1/validate/iban/: use /api/v1/validate/iban, without the trailing slash');
    expect(await notFound('GET', '/api/v1/jobs/')).toBe('No endpoint at /api/v1/jobs/: use /api/v1/jobs, without the trailing slash');
    expect(await notFound('GET', '/api/v1/vat/rates/')).toContain('use /api/v1/vat/rates, without');
  });

  it('under /api/v1/admin too, where the admin API answers its own 404 in its own order of members', async () => {
    const slash = await adminCall(service.url, 'GET', '/accounts/', OPERATOR);
    expect(slash.status).toBe(404);
    expect(slash.json).toEqual({ message: 'No endpoint at /api/v1/admin/accounts/: use /api/v1/admin/accounts, without the trailing slash', errorCode: 'NOT_FOUND' });
    // A path only the admin API's catch-all answers is no known path: no trailing-slash hint for it.
    const unknown = await adminCall(service.url, 'GET', '/nothing/', OPERATOR);
    expect(unknown.json).toEqual({ message: 'No endpoint at /api/v1/admin/nothing/: the API is under /api/v1, described at GET /api/v1/openapi.json', errorCode: 'NOT_FOUND' });
  });

  it('anything else says where the API is described, and GET / too', async () => {
    for (const path of ['/', '/api/v2/validate/iban', '/api/v1/nothing/', '/favicon.ico']) {
      expect(await notFound('GET', path)).toBe(`No endpoint at ${path}: the API is under /api/v1, described at GET /api/v1/openapi.json`);
    }
    // A path is quoted, never echoed whole.
    expect((await notFound('GET', `/${'x'.repeat(5_000)}`)).length).toBeLessThan(250);
  });

  it('an unknown id keeps its own code; an unknown country and evidence say NOT_FOUND in the same shape', async () => {
    const id = '0192f1a4-6c1e-7d3a-9b2f-4e5d6c7b8a90';
    expect((await send('GET', `/api/v1/jobs/${id}`, { key })).body).toMatchObject({ errorCode: 'JOB_NOT_FOUND' });
    expect((await send('DELETE', `/api/v1/vat/watch/${id}`, { key })).body).toMatchObject({ errorCode: 'WATCH_NOT_FOUND' });
    expect((await send('GET', `/api/v1/vat/evidence/${id}`, { key })).body).toEqual({ errorCode: 'NOT_FOUND', message: 'No evidence record with this id' });
    expect((await send('GET', '/api/v1/vat/rates/GB')).body).toEqual({ errorCode: 'NOT_FOUND', message: 'Not an EU member state: GB' });
  });

  it('the dashboard keeps its HTML error pages', async () => {
    const page = await fetch(`${service.url}/dashboard/nothing-here`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('the account endpoints refuse a key in the same { errorCode, message } shape', () => {
  it('401 and 403 on jobs, watches and evidence are no validation envelope', async () => {
    const narrow = await accountWithKey(store, 'STARTER', { scopes: ['iban'] });
    for (const [method, path] of [
      ['GET', '/api/v1/jobs'],
      ['GET', '/api/v1/vat/watch'],
      ['GET', '/api/v1/vat/evidence?value=LU1'],
    ] as const) {
      const missing = await send(method, path);
      expect(missing.status, path).toBe(401);
      expect(missing.body, path).toEqual({ errorCode: 'MISSING_API_KEY', message: expect.any(String) });
      expect(validator.check({ method: method.toLowerCase() as 'get', path, status: 401, headers: missing.headers, body: JSON.stringify(missing.body) })).toEqual([]);
    }
    const forbidden = await send('GET', '/api/v1/vat/watch', { key: narrow.key });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ errorCode: 'FORBIDDEN', message: expect.any(String) });
  });
});

describe('415 UNSUPPORTED_MEDIA_TYPE on every endpoint that takes a body', () => {
  it('the validation endpoints take application/json only, and still answer the envelope', async () => {
    for (const field of ALL_FIELDS) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=iso-8859-1']) {
        const answer = await post(service.url, field, '{"value":"x"}', key, { 'Content-Type': type });
        expect(answer.status, `${field} ${type}`).toBe(415);
        expect(answer.body).toMatchObject({ valid: false, reason: null, errorCode: 'UNSUPPORTED_MEDIA_TYPE' });
        expect(validator.check({ method: 'post', path: `/api/v1/validate/${field}`, status: 415, headers: answer.headers, body: JSON.stringify(answer.body) })).toEqual([]);
      }
    }
  });

  it('jobs take JSON, CSV or NDJSON; watches and the admin API take JSON', async () => {
    const jobs = await send('POST', '/api/v1/jobs?field=iban', { key, type: 'text/plain', body: 'DE89370400440532013000' });
    expect(jobs.status).toBe(415);
    expect(jobs.body).toEqual({ errorCode: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the job as JSON (application/json), CSV (text/csv) or NDJSON (application/x-ndjson)' });
    const watch = await send('POST', '/api/v1/vat/watch', { key, type: 'text/plain', body: `{"value":"${REGISTERED_VAT}"}` });
    expect(watch.status).toBe(415);
    expect(watch.body).toMatchObject({ errorCode: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(validator.check({ method: 'post', path: '/api/v1/vat/watch', status: 415, headers: watch.headers, body: JSON.stringify(watch.body) })).toEqual([]);
    for (const [method, path] of [
      ['POST', '/accounts'],
      ['PATCH', `/accounts/${account.id}`],
      ['POST', `/accounts/${account.id}/keys`],
      ['PUT', `/accounts/${account.id}/webhook`],
    ] as const) {
      const admin = await adminCall(service.url, method, path, OPERATOR, { body: '{"name":"x"}', headers: { 'Content-Type': 'text/plain' } });
      expect(admin.status, `${method} ${path}`).toBe(415);
      expect(admin.json).toMatchObject({ errorCode: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });
});

describe('400 UNKNOWN_MEMBER: a member a JSON body does not take is refused by name', () => {
  it('a misspelt traderName on a VAT check is refused, not ignored', async () => {
    const answer = await post(service.url, 'vat', { value: REGISTERED_VAT, tradername: 'ACME SARL' }, key);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      valid: false,
      message: 'Unknown member "tradername" in the request body: this endpoint takes value, traderName',
      reason: null,
      normalizedValue: null,
      originalValue: REGISTERED_VAT,
      validationLevel: 'STANDARD',
      errorCode: 'UNKNOWN_MEMBER',
    });
    expect(validator.check({ method: 'post', path: '/api/v1/validate/vat', status: 400, headers: answer.headers, body: JSON.stringify(answer.body) })).toEqual([]);
  });

  it('each validation endpoint names the members it takes', async () => {
    for (const field of ALL_FIELDS) {
      const answer = await post(service.url, field, { value: 'x', lang: 'es' }, key);
      expect(answer.status, field).toBe(400);
      const takes =
        field === 'vat' ? 'value, traderName' : field === 'phone' ? 'value, defaultCountry' : field === 'bic' ? 'value, iban' : field === 'iban' ? 'value, nationalCheck' : 'value';
      expect(answer.body.message, field).toBe(`Unknown member "lang" in the request body: this endpoint takes ${takes}`);
    }
  });

  it('jobs, watches, webhooks and the admin API refuse one the same way', async () => {
    const job = await send('POST', '/api/v1/jobs', { key, type: 'application/json', body: JSON.stringify({ field: 'iban', values: ['DE89370400440532013000'], webhook_url: 'https://x.example/' }) });
    expect(job.status).toBe(400);
    expect(job.body).toEqual({ errorCode: 'UNKNOWN_MEMBER', message: 'Unknown member "webhook_url" in the request body: this endpoint takes field, values, webhookUrl' });
    const watch = await send('POST', '/api/v1/vat/watch', { key, type: 'application/json', body: JSON.stringify({ value: REGISTERED_VAT, name: 'ACME' }) });
    expect(watch.status).toBe(400);
    expect(watch.body).toEqual({ errorCode: 'UNKNOWN_MEMBER', message: 'Unknown member "name" in the request body: this endpoint takes value, traderName' });
    const webhook = await adminCall(service.url, 'PUT', `/accounts/${account.id}/webhook`, OPERATOR, { body: { url: 'https://x.example/', secret: 'mine' } });
    expect(webhook.status).toBe(400);
    expect(webhook.json).toEqual({ message: 'Unknown member "secret" in the request body: this endpoint takes url', errorCode: 'UNKNOWN_MEMBER' });
    const patch = await adminCall(service.url, 'PATCH', `/accounts/${account.id}`, OPERATOR, { body: { suspend: true } });
    expect(patch.status).toBe(400);
    expect(patch.json).toMatchObject({ errorCode: 'UNKNOWN_MEMBER' });
    // Nothing was done for any of them.
    expect(await store.batchJobs.list(account.id, 10)).toEqual([]);
    expect(await store.watches.list(account.id)).toEqual([]);
    expect(await store.webhooks.get(account.id)).toBeNull();
    expect((await store.accounts.get(account.id))?.suspendedAt).toBeNull();
  });
});

describe('nothing is counted for a refused request', () => {
  it('404, 415 and UNKNOWN_MEMBER leave the usage untouched (logged as refusals), while a good request counts one', async () => {
    const holder = await accountWithKey(store, 'FREE');
    const refused: Answer[] = [
      await send('POST', '/api/v1/validate/IBAN', { key: holder.key, type: 'application/json', body: '{"value":"DE89370400440532013000"}' }),
      await send('POST', '/api/v1/validate/iban/', { key: holder.key, type: 'application/json', body: '{"value":"DE89370400440532013000"}' }),
      await send('POST', '/api/v1/validate/iban', { key: holder.key, type: 'text/plain', body: '{"value":"DE89370400440532013000"}' }),
      await send('POST', '/api/v1/validate/vat', { key: holder.key, type: 'application/json', body: JSON.stringify({ value: REGISTERED_VAT, tradername: 'ACME' }) }),
      await send('POST', '/api/v1/validate/iban', { key: holder.key, type: 'application/json', body: '{"value":"DE89370400440532013000","defaultCountry":"DE"}' }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([404, 404, 415, 400, 400]);
    // The refusals that knew the key say so in the quota state: the whole quota is left.
    for (const answer of refused.slice(2)) expect(answer.headers.get('ratelimit')).toMatch(/^"monthly";r=250;/);
    // The three that reached the key are in the log as refusals (status, errorCode, the X-Request-Id answered), none counted.
    await vi.waitFor(async () => expect(await store.usage.log(holder.account.id, 10)).toHaveLength(3));
    const refusals = await store.usage.log(holder.account.id, 10);
    expect(refusals.map((entry) => [entry.status, entry.errorCode]).sort()).toEqual([
      [400, 'UNKNOWN_MEMBER'],
      [400, 'UNKNOWN_MEMBER'],
      [415, 'UNSUPPORTED_MEDIA_TYPE'],
    ]);
    expect(refusals.map((entry) => entry.requestId).sort()).toEqual(refused.slice(2).map((answer) => answer.headers.get('x-request-id')).sort());
    expect(await store.usage.used(holder.account.id, refusals[0]?.periodStart ?? '')).toBe(0);
    expect(fakes.vies.calls).toBe(0);
    const counted = await post(service.url, 'iban', { value: 'DE89370400440532013000' }, holder.key);
    expect(counted.status).toBe(200);
    expect(counted.headers.get('ratelimit')).toMatch(/^"monthly";r=249;/);
    expect((await store.usage.log(holder.account.id, 10)).filter((entry) => entry.errorCode === undefined)).toHaveLength(1);
  });
});

describe('defaultCountry on /api/v1/validate/phone', () => {
  it('reads a national number in the country named, and answers an unknown country as a validation', async () => {
    const national = await post(service.url, 'phone', { value: '020 7946 0958', defaultCountry: 'GB' }, key);
    expect(national.status).toBe(200);
    expect(national.body).toMatchObject({ valid: true, normalizedValue: '+442079460958', phoneDetails: { country_code: 'GB' } });
    expect(validator.check({ method: 'post', path: '/api/v1/validate/phone', status: 200, headers: national.headers, body: JSON.stringify(national.body) })).toEqual([]);
    expect((await post(service.url, 'phone', { value: '020 7946 0958' }, key)).body).toMatchObject({ valid: false, reason: 'PHONE_MISSING_COUNTRY_CODE' });
    expect((await post(service.url, 'phone', { value: '020 7946 0958', defaultCountry: null }, key)).body).toMatchObject({ valid: false });
    const unknown = await post(service.url, 'phone', { value: '020 7946 0958', defaultCountry: 'ZZ' }, key);
    expect(unknown.status).toBe(200);
    expect(unknown.body.valid).toBe(false);
    // An international number is read as written, whatever country is named.
    expect((await post(service.url, 'phone', { value: '+33 1 42 68 53 00', defaultCountry: 'GB' }, key)).body).toMatchObject({ valid: true, normalizedValue: '+33142685300' });
  });

  it('is a string of at most 1,024 characters, and only the phone endpoint takes it', async () => {
    expect((await post(service.url, 'phone', { value: '020 7946 0958', defaultCountry: 44 }, key)).body).toMatchObject({
      errorCode: 'VALUE_NOT_STRING',
      message: '"defaultCountry" must be a string',
      originalValue: '020 7946 0958',
    });
    expect((await post(service.url, 'phone', { value: '020', defaultCountry: 'G'.repeat(1_025) }, key)).body).toMatchObject({ errorCode: 'VALUE_TOO_LONG' });
    expect((await post(service.url, 'vat', { value: REGISTERED_VAT, defaultCountry: 'LU' }, key)).body).toMatchObject({ errorCode: 'UNKNOWN_MEMBER' });
  });

  it('the client sends it with validatePhone, and only there', async () => {
    const client = createClient({ baseUrl: service.url, apiKey: key });
    expect(await client.validatePhone('020 7946 0958', { defaultCountry: 'GB' })).toMatchObject({ valid: true, normalizedValue: '+442079460958' });
    expect((await client.validatePhone('020 7946 0958')).valid).toBe(false);
    // Another method never sends it, so it is never refused as unknown.
    const loose = client as unknown as Record<string, (value: string, options: { defaultCountry: string }) => Promise<{ valid: boolean }>>;
    expect((await loose.validateIban?.('DE89 3704 0044 0532 0130 00', { defaultCountry: 'DE' }))?.valid).toBe(true);
  });
});

describe('iban on /api/v1/validate/bic', () => {
  const IBAN_DE = 'DE89 3704 0044 0532 0130 00';

  it('compares the IBAN typed beside the BIC with its country, as validateBic does, and never rejects on a mismatch', async () => {
    const same = await post(service.url, 'bic', { value: 'DEUTDEFF500', iban: IBAN_DE }, key);
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ valid: true, bicDetails: { countryCode: 'DE', ibanCountryMatches: true } });
    expect(validator.check({ method: 'post', path: '/api/v1/validate/bic', status: 200, headers: same.headers, body: JSON.stringify(same.body) })).toEqual([]);
    const other = await post(service.url, 'bic', { value: 'BNPAFRPP', iban: IBAN_DE }, key);
    expect(other.body).toMatchObject({ valid: true, bicDetails: { countryCode: 'FR', ibanCountryMatches: false } });
    for (const body of [{ value: 'BNPAFRPP' }, { value: 'BNPAFRPP', iban: null }, { value: 'BNPAFRPP', iban: '' }]) {
      expect((await post(service.url, 'bic', body, key)).body, JSON.stringify(body)).toMatchObject({ valid: true, bicDetails: { ibanCountryMatches: null } });
    }
  });

  it('is a string of at most 1,024 characters, and only the BIC endpoint takes it', async () => {
    expect((await post(service.url, 'bic', { value: 'BNPAFRPP', iban: 76 }, key)).body).toMatchObject({ errorCode: 'VALUE_NOT_STRING', message: '"iban" must be a string' });
    expect((await post(service.url, 'bic', { value: 'BNPAFRPP', iban: 'F'.repeat(1_025) }, key)).body).toMatchObject({ errorCode: 'VALUE_TOO_LONG' });
    expect((await post(service.url, 'iban', { value: IBAN_DE, iban: IBAN_DE }, key)).body).toMatchObject({
      errorCode: 'UNKNOWN_MEMBER',
      message: 'Unknown member "iban" in the request body: this endpoint takes value, nationalCheck',
    });
  });

  it('the client sends it with validateBic, and only there', async () => {
    const client = createClient({ baseUrl: service.url, apiKey: key });
    expect((await client.validateBic('BNPAFRPP', { iban: 'FR76 3000 6000 0112 3456 7890 189' })).bicDetails).toMatchObject({ ibanCountryMatches: true });
    expect((await client.validateBic('BNPAFRPP')).bicDetails).toMatchObject({ ibanCountryMatches: null });
    const loose = client as unknown as Record<string, (value: string, options: { iban: string }) => Promise<{ valid: boolean }>>;
    expect((await loose.validateIban?.(IBAN_DE, { iban: IBAN_DE }))?.valid).toBe(true);
  });
});

describe('nationalCheck on /api/v1/validate/iban', () => {
  // Mod-97 holds; the Belgian account's own check digits (its last two) do not.
  const BELGIAN_BAD_ACCOUNT = 'BE41 5390 0754 7035';

  it('enforces the national check by default and with "enforce", and only reports it with "report"', async () => {
    for (const body of [{ value: BELGIAN_BAD_ACCOUNT }, { value: BELGIAN_BAD_ACCOUNT, nationalCheck: 'enforce' }, { value: BELGIAN_BAD_ACCOUNT, nationalCheck: null }]) {
      const refused = await post(service.url, 'iban', body, key);
      expect(refused.status, JSON.stringify(body)).toBe(200);
      expect(refused.body).toMatchObject({ valid: false, reason: 'IBAN_NATIONAL_CHECK_FAILED', ibanDetails: { checksum_valid: true, nationalCheck: 'FAIL' } });
    }
    const reported = await post(service.url, 'iban', { value: BELGIAN_BAD_ACCOUNT, nationalCheck: 'report' }, key);
    expect(reported.status).toBe(200);
    expect(reported.body).toMatchObject({ valid: true, reason: null, ibanDetails: { nationalCheck: 'FAIL', formatted: BELGIAN_BAD_ACCOUNT } });
    expect(validator.check({ method: 'post', path: '/api/v1/validate/iban', status: 200, headers: reported.headers, body: JSON.stringify(reported.body) })).toEqual([]);
    // A string that is no mode is answered as the default, never as a server error.
    const unknown = await post(service.url, 'iban', { value: BELGIAN_BAD_ACCOUNT, nationalCheck: 'Report' }, key);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ valid: false, reason: 'IBAN_NATIONAL_CHECK_FAILED' });
  });

  it('answers the suggestions of a typo, valid against the document', async () => {
    const typo = await post(service.url, 'iban', { value: 'DE89 3704 0044 0532 0130 0O' }, key);
    expect(typo.body).toMatchObject({ valid: false, reason: 'IBAN_WRONG_LAYOUT', ibanDetails: { suggestions: ['DE89 3704 0044 0532 0130 00'] } });
    expect(typo.body.message).toMatch(/ Did you mean DE89 3704 0044 0532 0130 00\?$/);
    expect(validator.check({ method: 'post', path: '/api/v1/validate/iban', status: 200, headers: typo.headers, body: JSON.stringify(typo.body) })).toEqual([]);
  });

  it('is a string of at most 1,024 characters, and only the IBAN endpoint takes it', async () => {
    expect((await post(service.url, 'iban', { value: BELGIAN_BAD_ACCOUNT, nationalCheck: false }, key)).body).toMatchObject({
      errorCode: 'VALUE_NOT_STRING',
      message: '"nationalCheck" must be a string',
    });
    expect((await post(service.url, 'iban', { value: BELGIAN_BAD_ACCOUNT, nationalCheck: 'r'.repeat(1_025) }, key)).body).toMatchObject({ errorCode: 'VALUE_TOO_LONG' });
    expect((await post(service.url, 'bic', { value: 'BNPAFRPP', nationalCheck: 'report' }, key)).body).toMatchObject({ errorCode: 'UNKNOWN_MEMBER' });
  });

  it('the client sends it with validateIban', async () => {
    const client = createClient({ baseUrl: service.url, apiKey: key });
    expect(await client.validateIban(BELGIAN_BAD_ACCOUNT, { nationalCheck: 'report' })).toMatchObject({ valid: true, ibanDetails: { nationalCheck: 'FAIL' } });
    expect(await client.validateIban(BELGIAN_BAD_ACCOUNT)).toMatchObject({ valid: false, reason: 'IBAN_NATIONAL_CHECK_FAILED' });
  });
});
