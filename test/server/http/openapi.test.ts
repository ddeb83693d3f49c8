/**
 * Every answer a real server gives (startServer on 127.0.0.1:0, the loopback fakes of VIES, TEDB,
 * the status feed, DNS and RDAP) is checked against the OpenAPI document with ajv: the status must
 * be declared for the operation, the body must match its schema, declared headers must be there.
 * The last test demands that every status the document declares on every endpoint was answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidationResult } from '../../../src/result.js';
import { ERROR_MESSAGES } from '../../../src/server/answers/errors.js';
import { openApiDocument } from '../../../src/server/http/openapi.js';
import { guardStore } from '../../../src/server/storage/guard.js';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import type { Account, Field, Store } from '../../../src/server/storage/types.js';
import { tedbRowsFor } from '../../support/fakes/tedb.js';
import { STATUS_COUNTRIES } from '../../support/fakes/vies-status.js';
import {
  accountWithKey,
  ALL_FIELDS,
  createKey,
  fakeConfig,
  MAIL_DOMAINS,
  startFakes,
  startTestServer,
  startWarmAndCold,
  until,
  type Fakes,
  type TestServer,
  type WarmAndCold,
} from '../../support/server.js';
import { createOpenApiValidator } from '../../support/openapi-validator.js';
import { instrumentStore, type InstrumentedStore } from '../../support/fakes/store.js';
import { luxembourgVat, seededRng, VALID_VAT_BUILDERS } from '../../support/generators/vat.js';
import { dni } from '../../support/generators/nif.js';
import { germanIban } from '../../support/generators/iban.js';
import { sin } from '../../support/generators/nas.js';
import { FIELD_NAMES, validationPath } from '../../../src/fields/catalog.js';
import { FIELD_EXAMPLES } from '../../../src/fields/generated/examples.js';
import { FIELD_OPERATIONS } from '../../../src/fields/operations.js';

const validator = createOpenApiValidator(openApiDocument);

let fakes: Fakes;
let services: WarmAndCold;
let store: InstrumentedStore;
/** The service under test: rates fetched at start, jobs running. */
let main: TestServer;
/** A service that has never reached TEDB: its rates endpoints answer 503. */
let cold: TestServer;

const rng = seededRng(2026);
const REGISTERED_LU = luxembourgVat('246813');
const UNREGISTERED_LU = luxembourgVat('135792');
const OWN_VAT = luxembourgVat('112233');
const GERMAN = VALID_VAT_BUILDERS.DE?.standard?.(rng) as string;
const SPANISH = VALID_VAT_BUILDERS.ES?.entity?.(rng) as string;
const CYPRIOT = VALID_VAT_BUILDERS.CY?.standard?.(rng) as string;

let starter: { account: Account; key: string };
let growth: { account: Account; key: string };
let pro: { account: Account; key: string };
let free: { account: Account; key: string };

interface Exchange {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

interface CallOptions {
  key?: string;
  /** A value to send as the JSON body (a string is sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
  base?: string;
}

/** One request to the service; its answer must conform to the document. */
async function call(method: 'get' | 'post' | 'delete', path: string, options: CallOptions = {}): Promise<Exchange> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers['X-API-KEY'] = options.key;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const response = await fetch(`${options.base ?? main.url}${path}`, { method: method.toUpperCase(), headers, body });
  const text = await response.text();
  const problems = validator.check({ method, path, status: response.status, headers: response.headers, body: text });
  expect(problems, `${method.toUpperCase()} ${path} -> ${response.status} ${text.slice(0, 300)}`).toEqual([]);
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Checked above when the document declares JSON.
  }
  return { status: response.status, headers: response.headers, text, json };
}

const validate = (field: Field, body: unknown, key: string | undefined, headers?: Record<string, string>): Promise<Exchange> =>
  call('post', `/api/v1/validate/${field}`, { body, headers, ...(key === undefined ? {} : { key }) });

/** Valid values per field, built with their algorithms, and values each field rejects; a field without its own here, its folder's examples. */
const OWN_VALUES: Partial<Record<Field, string[]>> = {
  vat: [REGISTERED_LU, UNREGISTERED_LU, 'LU1', 'GB123', 'US123456', 'EL123', ''],
  iban: [germanIban('370400440532013000'), 'DE00370400440532013000', 'XX12', 'DE89 3704', ''],
  email: [`jane.doe@${MAIL_DOMAINS.good}`, `info@${MAIL_DOMAINS.good}`, `a@${MAIL_DOMAINS.dead}`, 'jane@gmial.com', 'no at sign', ''],
  phone: ['+44 20 7946 0958', '+1 650 253 0000', '+33 1', '650 253 0000', '+999 1234', ''],
  nif: [dni('12345678'), '12345678A', 'hello', ''],
  nas: [sin('14645632'), sin('94645632'), sin('04645632'), '123 456 789', '12', ''],
  ssn: ['234-56-7890', '900-70-1234', '666-12-3456', '123', ''],
};
const VALUES = Object.fromEntries(
  ALL_FIELDS.map((field) => [field, OWN_VALUES[field] ?? [...FIELD_EXAMPLES[field].valid, ...FIELD_EXAMPLES[field].invalid.map(({ value }) => value)]]),
) as Record<Field, string[]>;

beforeAll(async () => {
  fakes = await startFakes();
  fakes.tedb.rows = [
    { memberState: 'FR', situationOn: '2026-01-01+01:00', standard: '20.0', reduced: ['5.5', '10.0'], superReduced: ['2.1'], region: [{ value: '8.5', comment: 'Guadeloupe, Martinique and Reunion' }] },
    { memberState: 'DE', situationOn: '2026-01-01+01:00', standard: '19.0', reduced: ['7.0'] },
    { memberState: 'EL', situationOn: '2025-07-01+02:00', standard: '24.0', reduced: ['6.0', '13.0'] },
  ].flatMap(tedbRowsFor);
  fakes.status.countries = STATUS_COUNTRIES.map((countryCode) => ({
    countryCode,
    availability: countryCode === 'MT' ? 'Monitoring Disabled' : countryCode === 'SK' ? 'Unavailable' : 'Available',
  }));
  fakes.vies.register(REGISTERED_LU, { valid: true, name: 'ACME SARL', address: '1 rue du Test\nL-1234 Luxembourg' });
  fakes.vies.register(OWN_VAT, { valid: true, name: 'OUR OWN SA' });
  fakes.vies.register(GERMAN, { valid: true });
  fakes.vies.register(SPANISH, { valid: true, matchesName: (sent) => sent.toLowerCase().includes('ejemplo') });

  services = await startWarmAndCold(fakes, { FREE: { quota: 2 }, GROWTH: { maxConcurrent: 1 } });
  ({ store, main, cold } = services);
  starter = await accountWithKey(store, 'STARTER');
  growth = await accountWithKey(store, 'GROWTH');
  pro = await accountWithKey(store, 'PRO', { vatNumber: OWN_VAT });
  free = await accountWithKey(store, 'FREE');
  // The jobs fetch the rates and take a first status sample at start.
  await until(async () => (await fetch(`${main.url}/api/v1/vat/rates`)).status === 200);
  await until(async () => ((await (await fetch(`${main.url}/api/v1/status/vies`)).json()) as { countriesTracked: number }).countriesTracked > 0);
}, 60_000);

afterAll(async () => {
  await services?.close();
  await fakes?.close();
});

describe('validation answers (200) match the document', () => {
  for (const field of ALL_FIELDS) {
    it(`${field}: valid, invalid and odd values on every plan`, async () => {
      for (const value of [...VALUES[field], ' \u0000\uD800 ', '🙂'.repeat(300)]) {
        for (const holder of [starter, growth, pro]) {
          const answer = await validate(field, { value }, holder.key, { 'X-Service-SDK': 'openapi-test/1' });
          expect(answer.status).toBe(200);
          expect((answer.json as ValidationResult).originalValue).toBe(value);
        }
      }
    });
  }

  it('vat: every source and optional field the service sends', async () => {
    const details = async (body: unknown, key = starter.key) => ((await validate('vat', body, key)).json as ValidationResult).vatDetails;
    expect(await details({ value: REGISTERED_LU })).toMatchObject({ registered: true, trader_name: 'ACME SARL' });
    expect(await details({ value: REGISTERED_LU, traderName: 'Acme' })).toMatchObject({ trader_name_match: 'MATCH', trader_name_match_source: 'SERVICE' });
    expect(await details({ value: SPANISH, traderName: 'Ejemplo SL' })).toMatchObject({ trader_name_match_source: 'VIES' });
    expect(await details({ value: GERMAN, traderName: 'Muster GmbH' })).toMatchObject({ registered: true, trader_name_match: 'NOT_AVAILABLE' });
    const fresh = luxembourgVat('700007');
    fakes.vies.register(fresh, { valid: true, name: 'INITECH SA' });
    expect((await details({ value: fresh }, pro.key))?.consultation_number).toMatch(/^WAPI/);
    fakes.vies.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' }, { country: 'CY' });
    try {
      expect(await details({ value: CYPRIOT })).toMatchObject({ source: 'UNVERIFIED', registered: null, vies_available: false });
    } finally {
      fakes.vies.reset();
    }
    expect(await details({ value: 'GB123' })).toMatchObject({ source: 'NOT_APPLICABLE' });
  });
});

describe('error answers match the document', () => {
  const MALFORMED: { name: string; code: string; status?: number; send: (field: Field) => Promise<Exchange> }[] = [
    { name: 'no JSON content type', code: 'UNSUPPORTED_MEDIA_TYPE', status: 415, send: (f) => validate(f, 'value=x', starter.key, { 'Content-Type': 'application/x-www-form-urlencoded' }) },
    { name: 'invalid JSON', code: 'INVALID_JSON', send: (f) => validate(f, '{"value":', starter.key) },
    { name: 'no value', code: 'MISSING_VALUE', send: (f) => validate(f, {}, starter.key) },
    { name: 'an unknown member', code: 'UNKNOWN_MEMBER', send: (f) => validate(f, { value: 'x', other: 'x' }, starter.key) },
    { name: 'a JSON array', code: 'MISSING_VALUE', send: (f) => validate(f, '[1]', starter.key) },
    { name: 'a number value', code: 'VALUE_NOT_STRING', send: (f) => validate(f, { value: 42 }, starter.key) },
    { name: 'a value over 1,024 characters', code: 'VALUE_TOO_LONG', send: (f) => validate(f, { value: '1'.repeat(1025) }, starter.key) },
    { name: 'a body over 16 KiB', code: 'BODY_TOO_LARGE', send: (f) => validate(f, { value: 'x', pad: 'y'.repeat(17_000) }, starter.key) },
  ];

  for (const field of ALL_FIELDS) {
    it(`${field}: 400 (415 when not JSON) for each malformed request`, async () => {
      for (const { name, code, status = 400, send } of MALFORMED) {
        const answer = await send(field);
        expect(answer.status, name).toBe(status);
        expect((answer.json as ValidationResult).errorCode, name).toBe(code);
      }
    });
  }

  it('401 on every validation endpoint: missing, unknown, revoked and expired keys, two different keys', async () => {
    const holder = await accountWithKey(store, 'PRO');
    const revoked = await createKey(store, holder.account);
    await store.keys.revoke(revoked.id, new Date());
    const expired = await createKey(store, holder.account, { expires: '12h', now: new Date(Date.now() - 86_400_000) });
    for (const field of ALL_FIELDS) {
      for (const key of [undefined, 'vf_unknownKey000000000000000000000000000000', revoked.key, expired.key]) {
        const answer = await validate(field, { value: 'x' }, key);
        expect(answer.status).toBe(401);
      }
      const twoKeys = await validate(field, { value: 'x' }, starter.key, { Authorization: `Bearer ${holder.key}` });
      expect(twoKeys.status).toBe(401);
      expect((twoKeys.json as ValidationResult).errorCode).toBe('CONFLICTING_API_KEYS');
    }
  });

  it('403 on /validate/nas for a key without the nas scope, which still works elsewhere', async () => {
    const limited = await createKey(store, pro.account, { scopes: ['iban', 'vat', 'email', 'phone', 'nif', 'ssn'] });
    expect((await validate('nas', { value: sin('14645632') }, limited.key)).status).toBe(403);
    expect((await validate('iban', { value: 'DE89' }, limited.key)).status).toBe(200);
  });

  it('429 QUOTA_EXCEEDED on every validation endpoint once a FREE quota is used', async () => {
    for (let i = 0; i < 2; i++) expect((await validate('nif', { value: dni('12345678') }, free.key)).status).toBe(200);
    for (const field of ALL_FIELDS) {
      const answer = await validate(field, { value: VALUES[field][0] }, free.key);
      expect(answer.status).toBe(429);
      expect((answer.json as ValidationResult).errorCode).toBe('QUOTA_EXCEEDED');
    }
  });

  it('429 CONCURRENCY_LIMIT with Retry-After on every validation endpoint while the plan maximum is in flight', async () => {
    const slow = luxembourgVat('909090');
    fakes.vies.register(slow, { valid: true, name: 'SLOW SA' });
    fakes.vies.behave({ kind: 'delay', ms: 1_500 }, { times: 1 });
    const holding = validate('vat', { value: slow }, growth.key);
    await until(() => fakes.vies.requests.some((request) => request.fields.vatNumber === slow.slice(2)));
    for (const field of ALL_FIELDS) {
      const answer = await validate(field, { value: VALUES[field][0] }, growth.key);
      expect(answer.status).toBe(429);
      expect((answer.json as ValidationResult).errorCode).toBe('CONCURRENCY_LIMIT');
      expect(answer.headers.get('retry-after')).toBe('1');
    }
    expect((await holding).status).toBe(200);
  });

  it('503 STORE_UNAVAILABLE with Retry-After on every validation endpoint when the store cannot write', async () => {
    // The real store behind the guard the service puts in front of it (store-guard.ts), failing as a full disk does.
    const diskFull = (): Error => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    const failing = instrumentStore(await openEmbeddedStore(), diskFull);
    const guarded = guardStore(failing, { log: () => undefined });
    const holder = await accountWithKey(guarded, 'STARTER');
    const service = await startTestServer(guarded, { ...fakeConfig(fakes), jobs: false });
    try {
      for (const field of ALL_FIELDS) {
        failing.failCounts(1);
        const answer = await call('post', `/api/v1/validate/${field}`, { body: { value: VALUES[field][0] }, key: holder.key, base: service.url });
        expect(answer.status).toBe(503);
        expect(answer.json).toMatchObject({ errorCode: 'STORE_UNAVAILABLE', message: ERROR_MESSAGES.STORE_UNAVAILABLE });
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    } finally {
      await service.close();
      await guarded.close();
    }
  });

  it('500 on every validation endpoint when the store fails, without internals', async () => {
    for (const field of ALL_FIELDS) {
      store.failCounts(1);
      const answer = await validate(field, { value: VALUES[field][0] }, starter.key);
      expect(answer.status).toBe(500);
      expect(answer.json).toMatchObject({ errorCode: 'INTERNAL', message: 'Internal error' });
      expect(answer.headers.get('x-request-id')).toBeTruthy();
    }
  });
});

describe('reference answers match the document', () => {
  it('GET /api/v1/vat/rates and /vat/rates/{countryCode}: 200, GR read as EL, 404 outside the union', async () => {
    const all = await call('get', '/api/v1/vat/rates');
    expect(all.status).toBe(200);
    expect((all.json as { rates: unknown[] }).rates.length).toBe(3);
    for (const code of ['FR', 'fr', 'DE', 'EL']) expect((await call('get', `/api/v1/vat/rates/${code}`)).status).toBe(200);
    const greece = await call('get', '/api/v1/vat/rates/GR');
    expect(greece.json).toMatchObject({ countryCode: 'EL', standardRate: 24 });
    for (const code of ['GB', 'NO', 'CH', 'US', 'XI', 'x'.repeat(40), '%F0%9F%99%82']) {
      const answer = await call('get', `/api/v1/vat/rates/${code}`);
      expect(answer.status).toBe(404);
    }
  });

  it('503 with Retry-After before the rates were ever fetched; 404 still decided', async () => {
    expect((await call('get', '/api/v1/vat/rates', { base: cold.url })).status).toBe(503);
    expect((await call('get', '/api/v1/vat/rates/FR', { base: cold.url })).status).toBe(503);
    expect((await call('get', '/api/v1/vat/rates/GB', { base: cold.url })).status).toBe(404);
  });

  it('GET /api/v1/status/vies: with samples, with a country the service itself found failing, and with none', async () => {
    const sampled = await call('get', '/api/v1/status/vies');
    expect(sampled.json).toMatchObject({ windowDays: 30, countriesTracked: 28 });
    fakes.vies.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' }, { country: 'CY' });
    try {
      for (let i = 0; i < 3; i++) await validate('vat', { value: CYPRIOT }, starter.key);
    } finally {
      fakes.vies.reset();
    }
    const overridden = await call('get', '/api/v1/status/vies');
    const cyprus = (overridden.json as { countries: { countryCode: string; decidedBy: string }[] }).countries.find((c) => c.countryCode === 'CY');
    expect(cyprus?.decidedBy).toBe('SERVICE_LOOKUPS');
    expect((await call('get', '/api/v1/status/vies', { base: cold.url })).status).toBe(200);
  });

  it('GET /healthz and GET /readyz (200) without a key', async () => {
    expect((await call('get', '/healthz')).json).toEqual({ status: 'ok' });
    const ready = await call('get', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.json).toMatchObject({ status: 'ready', store: { writable: true }, vatRates: { state: 'current' }, viesStatusFeed: { state: 'current' } });
    expect((await call('get', '/readyz', { base: cold.url })).json).toMatchObject({ status: 'ready', vatRates: { state: 'none', fetchedAt: null } });
  });

  it('GET /readyz (503) when the store refuses writes', async () => {
    const inner = await openEmbeddedStore();
    const refusing: Store = { ...inner, probe: () => Promise.reject(new Error('could not write block: No space left on device')) };
    const broken = await startTestServer(refusing, { ...fakeConfig(fakes), jobs: false });
    try {
      const answer = await call('get', '/readyz', { base: broken.url });
      expect(answer.status).toBe(503);
      expect(answer.json).toMatchObject({ status: 'not-ready', store: { writable: false, latencyMs: null, message: 'The store refused a write' } });
      expect(answer.text).not.toContain('No space');
    } finally {
      await broken.close();
      await inner.close();
    }
  });

  it('GET /api/v1/openapi.json serves this document', async () => {
    const response = await fetch(`${main.url}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument)));
  });
});

/**
 * `inner` whose jobs, watches and evidence members fail with `failure()` while it returns an error:
 * the rest (keys, accounts, usage) keeps working, so a request gets past its key and then fails.
 */
function breakable(inner: Store, failure: () => Error | null): Store {
  const wrap = <T extends object>(group: T): T =>
    new Proxy(group, {
      get(target, name) {
        const member: unknown = Reflect.get(target, name);
        if (typeof member !== 'function') return member;
        return (...args: unknown[]): unknown => {
          const error = failure();
          return error === null ? (member as (...a: unknown[]) => unknown).apply(target, args) : Promise.reject(error);
        };
      },
    });
  return {
    ...inner,
    batchJobs: wrap(inner.batchJobs),
    watches: wrap(inner.watches),
    evidence: wrap(inner.evidence),
    close: () => inner.close(),
  };
}

describe('jobs, watch and evidence answers match the document', () => {
  /** A service without workers (its jobs stay queued until cancelled), over a store that can be made to fail. */
  let quiet: TestServer;
  let quietStore: Store;
  let failure: Error | null = null;
  let owner: { account: Account; key: string };
  let stranger: { account: Account; key: string };
  let noVat: { key: string };
  let freeHolder: { account: Account; key: string };
  const WATCHED = luxembourgVat('424242');
  const q = (method: 'get' | 'post' | 'delete', path: string, options: CallOptions = {}): Promise<Exchange> => call(method, path, { ...options, base: quiet.url });
  const randomId = '0192f1a4-6c1e-7d3a-9b2f-4e5d6c7b8a90';

  beforeAll(async () => {
    fakes.vies.register(WATCHED, { valid: true, name: 'WATCHED SA', address: '2 rue du Test\nL-1234 Luxembourg' });
    quietStore = guardStore(
      breakable(await openEmbeddedStore(), () => failure),
      { log: () => undefined },
    );
    quiet = await startTestServer(quietStore, { ...fakeConfig(fakes), jobs: false, workers: false, keyCacheMs: 0, planOverrides: { FREE: { quota: 2 } } });
    owner = await accountWithKey(quietStore, 'STARTER');
    stranger = await accountWithKey(quietStore, 'STARTER');
    noVat = await createKey(quietStore, owner.account, { scopes: ['iban', 'email', 'phone', 'nif', 'nas', 'ssn'] });
    freeHolder = await accountWithKey(quietStore, 'FREE');
  });

  afterAll(async () => {
    await quiet?.close();
    await quietStore?.close();
  });

  it('jobs: submitted (JSON, CSV, NDJSON), refused, listed, read, cancelled, and results streamed as documented', async () => {
    const submitted = await q('post', '/api/v1/jobs', { key: owner.key, body: { field: 'iban', values: ['DE89370400440532013000', 'nope'] } });
    expect(submitted.status).toBe(202);
    const { id } = submitted.json as { id: string };
    expect(submitted.headers.get('location')).toBe(`/api/v1/jobs/${id}`);
    for (const [type, body] of [['text/csv', 'DE89370400440532013000\r\n"DE00 1234"\r\n'], ['application/x-ndjson', '"DE89370400440532013000"\n{"value":"x"}\n']]) {
      expect((await q('post', '/api/v1/jobs?field=iban', { key: owner.key, body, headers: { 'Content-Type': type as string } })).status).toBe(202);
    }
    expect((await q('post', '/api/v1/jobs', { key: owner.key, body: { field: 'iban', values: [] } })).json).toMatchObject({ errorCode: 'INVALID_JOB' });
    expect((await q('post', '/api/v1/jobs', { key: owner.key, body: { field: 'iban', values: ['a'], webhook: 'https://example.com' } })).json).toMatchObject({ errorCode: 'UNKNOWN_MEMBER' });
    expect((await q('post', '/api/v1/jobs', { key: owner.key, body: 'x', headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
    const tooLarge = await q('post', '/api/v1/jobs?field=iban', { key: owner.key, body: 'x'.repeat(16 * 1024 * 1024 + 1), headers: { 'Content-Type': 'text/csv' } });
    expect(tooLarge.status).toBe(413);
    expect((await q('post', '/api/v1/jobs', { key: noVat.key, body: { field: 'vat', values: [REGISTERED_LU] } })).status).toBe(403);
    expect((await q('post', '/api/v1/jobs', { key: freeHolder.key, body: { field: 'iban', values: ['a', 'b', 'c'] } })).json).toMatchObject({ errorCode: 'QUOTA_EXCEEDED' });
    expect((await q('post', '/api/v1/jobs', { body: { field: 'iban', values: ['a'] } })).status).toBe(401);

    const listed = await q('get', '/api/v1/jobs', { key: owner.key });
    expect((listed.json as { jobs: { id: string }[] }).jobs.map((job) => job.id)).toContain(id);
    expect((await q('get', '/api/v1/jobs')).status).toBe(401);
    expect((await q('get', `/api/v1/jobs/${id}`, { key: owner.key })).json).toMatchObject({ id, status: 'queued', total: 2 });
    for (const path of [`/api/v1/jobs/${id}`, `/api/v1/jobs/${id}/results`]) {
      // Another account's job is as unknown as a made-up id.
      expect((await q('get', path, { key: stranger.key })).status).toBe(404);
      expect((await q('get', path.replace(id, randomId), { key: owner.key })).status).toBe(404);
      expect((await q('get', path)).status).toBe(401);
    }
    expect((await q('get', `/api/v1/jobs/${id}/results`, { key: owner.key })).status).toBe(200);
    expect((await q('delete', `/api/v1/jobs/${id}`)).status).toBe(401);
    expect((await q('delete', `/api/v1/jobs/${id}`, { key: stranger.key })).status).toBe(404);
    expect((await q('delete', `/api/v1/jobs/${id}`, { key: owner.key })).json).toMatchObject({ id, status: 'cancelled' });
    expect((await q('delete', `/api/v1/jobs/${id}`, { key: owner.key })).json).toMatchObject({ errorCode: 'JOB_ENDED' });
  });

  it('jobs: a job the main service ran has results whose every NDJSON line is a JobResultLine, and a CSV with its header', async () => {
    const submitted = await call('post', '/api/v1/jobs', { key: pro.key, body: { field: 'iban', values: ['DE89370400440532013000', 'nope', 'DE89 3704 0044 0532 0130 00'] } });
    const { id } = submitted.json as { id: string };
    await until(async () => ((await call('get', `/api/v1/jobs/${id}`, { key: pro.key })).json as { status: string }).status === 'done');
    const ndjson = await call('get', `/api/v1/jobs/${id}/results`, { key: pro.key });
    expect(ndjson.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = ndjson.text.split('\n').filter((line) => line !== '');
    expect(lines.map((line) => (JSON.parse(line) as { line: number }).line)).toEqual([1, 2, 3]);
    const resultLine = validator.schema('JobResultLine');
    for (const line of lines) expect(resultLine(JSON.parse(line)), `${line} ${JSON.stringify(resultLine.errors)}`).toBe(true);
    const csv = await call('get', `/api/v1/jobs/${id}/results`, { key: pro.key, headers: { Accept: 'text/csv' } });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.text.split(/\r?\n/)[0]?.startsWith('line,valid,reason,message,normalizedValue,originalValue,field,')).toBe(true);
  });

  it('watch: created, found again, refused, listed, checked, out of quota, deleted', async () => {
    const created = await q('post', '/api/v1/vat/watch', { key: owner.key, body: { value: WATCHED, traderName: 'Watched' } });
    expect(created.status).toBe(201);
    const { id } = created.json as { id: string };
    expect((await q('post', '/api/v1/vat/watch', { key: owner.key, body: { value: WATCHED } })).json).toMatchObject({ id });
    expect((await q('post', '/api/v1/vat/watch', { key: owner.key, body: { value: 'LU1' } })).json).toMatchObject({ errorCode: 'INVALID_VAT_NUMBER' });
    expect((await q('post', '/api/v1/vat/watch', { key: owner.key, body: '{"value":' })).json).toMatchObject({ errorCode: 'INVALID_JSON' });
    expect((await q('post', '/api/v1/vat/watch', { key: owner.key, body: { value: WATCHED, tradername: 'Watched' } })).json).toMatchObject({ errorCode: 'UNKNOWN_MEMBER' });
    expect((await q('post', '/api/v1/vat/watch', { key: owner.key, body: 'x', headers: { 'Content-Type': 'text/plain' } })).json).toMatchObject({ errorCode: 'UNSUPPORTED_MEDIA_TYPE' });
    expect((await q('post', '/api/v1/vat/watch', { key: noVat.key, body: { value: WATCHED } })).status).toBe(403);
    expect((await q('post', '/api/v1/vat/watch', { body: { value: WATCHED } })).status).toBe(401);
    expect(((await q('get', '/api/v1/vat/watch', { key: owner.key })).json as { watches: { id: string }[] }).watches.map((w) => w.id)).toEqual([id]);
    expect((await q('get', '/api/v1/vat/watch', { key: noVat.key })).status).toBe(403);
    expect((await q('get', '/api/v1/vat/watch')).status).toBe(401);

    const path = `/api/v1/vat/watch/${id}`;
    expect((await q('post', `${path}/check`, { key: owner.key })).json).toMatchObject({ id, registered: true, name: 'WATCHED SA' });
    for (const [method, route] of [['post', `${path}/check`], ['delete', path]] as const) {
      expect((await q(method, route, { key: stranger.key })).status).toBe(404);
      expect((await q(method, route, { key: noVat.key })).status).toBe(403);
      expect((await q(method, route)).status).toBe(401);
    }
    // A FREE account whose quota is spent cannot re-check.
    const freeWatch = (await q('post', '/api/v1/vat/watch', { key: freeHolder.key, body: { value: WATCHED } })).json as { id: string };
    for (let i = 0; i < 2; i++) expect((await q('post', '/api/v1/validate/iban', { key: freeHolder.key, body: { value: 'DE89370400440532013000' } })).status).toBe(200);
    expect((await q('post', `/api/v1/vat/watch/${freeWatch.id}/check`, { key: freeHolder.key })).json).toMatchObject({ errorCode: 'QUOTA_EXCEEDED' });
    expect((await q('delete', path, { key: owner.key })).status).toBe(204);
    expect((await q('delete', path, { key: owner.key })).status).toBe(404);
  });

  it('evidence: the record a live VIES answer left, as JSON and CSV; refusals', async () => {
    const evidenced = luxembourgVat('515151');
    fakes.vies.register(evidenced, { valid: true, name: 'EVIDENCE SARL' });
    expect((await q('post', '/api/v1/validate/vat', { key: owner.key, body: { value: evidenced } })).status).toBe(200);
    const listed = await q('get', `/api/v1/vat/evidence?value=${encodeURIComponent(evidenced)}`, { key: owner.key });
    const records = (listed.json as { evidence: { id: string; registered: boolean }[] }).evidence;
    expect(records).toHaveLength(1);
    const id = records[0]?.id as string;
    expect((await q('get', `/api/v1/vat/evidence/${id}`, { key: owner.key })).json).toMatchObject({ id, registered: true, name: 'EVIDENCE SARL' });
    const csv = await q('get', `/api/v1/vat/evidence/${id}`, { key: owner.key, headers: { Accept: 'text/csv' } });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.text).toContain('EVIDENCE SARL');
    expect((await q('get', `/api/v1/vat/evidence?value=${encodeURIComponent(evidenced)}`, { key: stranger.key })).json).toEqual({ evidence: [] });
    expect((await q('get', `/api/v1/vat/evidence/${id}`, { key: stranger.key })).status).toBe(404);
    expect((await q('get', '/api/v1/vat/evidence', { key: owner.key })).json).toMatchObject({ errorCode: 'MISSING_VALUE' });
    for (const path of [`/api/v1/vat/evidence?value=${evidenced}`, `/api/v1/vat/evidence/${id}`]) {
      expect((await q('get', path, { key: noVat.key })).status).toBe(403);
      expect((await q('get', path)).status).toBe(401);
    }
  });

  it('500 INTERNAL when the store fails, then 503 STORE_UNAVAILABLE with Retry-After while it cannot be reached', async () => {
    const job = (await q('post', '/api/v1/jobs', { key: owner.key, body: { field: 'iban', values: ['DE89370400440532013000'] } })).json as { id: string };
    const watch = (await q('post', '/api/v1/vat/watch', { key: owner.key, body: { value: WATCHED } })).json as { id: string };
    // Watch and evidence first: the first failure of a jobs route is not mapped to 503 (routes/jobs.ts
    // lets StoreUnavailableError reach the app's 500); once the guard knows of the outage every route answers 503.
    const requests: [method: 'get' | 'post' | 'delete', path: string, body?: unknown][] = [
      ['get', `/api/v1/vat/evidence?value=${REGISTERED_LU}`],
      ['get', `/api/v1/vat/evidence/${randomId}`],
      ['post', '/api/v1/vat/watch', { value: WATCHED }],
      ['get', '/api/v1/vat/watch'],
      ['post', `/api/v1/vat/watch/${watch.id}/check`],
      ['delete', `/api/v1/vat/watch/${watch.id}`],
      ['post', '/api/v1/jobs', { field: 'iban', values: ['DE89370400440532013000'] }],
      ['get', '/api/v1/jobs'],
      ['get', `/api/v1/jobs/${job.id}`],
      ['get', `/api/v1/jobs/${job.id}/results`],
      ['delete', `/api/v1/jobs/${job.id}`],
    ];
    failure = new Error('connection to the database lost');
    try {
      for (const [method, path, body] of requests) {
        const answer = await q(method, path, { key: owner.key, ...(body === undefined ? {} : { body }) });
        expect(answer.status, `${method} ${path}`).toBe(500);
        expect(answer.json).toEqual({ errorCode: 'INTERNAL', message: 'Internal error' });
      }
      // A full disk is an outage: the guard (storage/guard.ts) refuses everything until a probe write succeeds.
      failure = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      for (const [method, path, body] of requests) {
        const answer = await q(method, path, { key: owner.key, ...(body === undefined ? {} : { body }) });
        expect(answer.status, `${method} ${path}`).toBe(503);
        expect(answer.json).toMatchObject({ errorCode: 'STORE_UNAVAILABLE' });
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    } finally {
      failure = null;
    }
  });
});

describe('coverage', () => {
  it('every status the document declares on every endpoint (jobs, watch and evidence included) but the admin API (test/server/http/openapi-admin.test.ts) was answered by the server above', () => {
    const declared = validator.declared().filter((entry) => !entry.includes(' /api/v1/admin/'));
    expect(declared.filter((entry) => !validator.seen.has(entry))).toEqual([]);
    // 76 beyond the validation endpoints; on each field's, 200 and six errors, and 403 where it declares it (nas): 126 with the first seven.
    const isValidation = (entry: string): boolean => entry.startsWith('POST /api/v1/validate/');
    expect(declared.filter((entry) => !isValidation(entry))).toHaveLength(76);
    for (const field of FIELD_NAMES) {
      expect(declared.filter((entry) => entry.startsWith(`POST ${validationPath(field)} `)), field).toHaveLength(FIELD_OPERATIONS[field].declaresForbidden ? 8 : 7);
    }
  });
});
