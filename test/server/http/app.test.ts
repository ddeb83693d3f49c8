/**
 * The validation endpoints over real HTTP (docs/service.md, docs/envelope.md#error-answers): every status on every
 * endpoint it applies to, the error envelope and its codes, keys and scopes, the usage log, the
 * X-Service-SDK header, email depth by plan, the VAT requester, and what the logs never contain.
 */
import { USAGE_LOG_POLICIES } from '../../../src/fields/usage-log.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/http/app.js';
import { ERROR_MESSAGES } from '../../../src/server/answers/errors.js';
import type { Account, Field } from '../../../src/server/storage/types.js';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import { instrumentStore, memoryStore, type InstrumentedStore } from '../../support/fakes/store.js';
import {
  accountWithKey,
  ALL_FIELDS,
  createAccount,
  createKey,
  fakeConfig,
  MAIL_DOMAINS,
  post,
  startFakes,
  startTestServer,
  type Fakes,
  type TestServer,
} from '../../support/server.js';
import { dni } from '../../support/generators/nif.js';
import { germanIban } from '../../support/generators/iban.js';
import { luxembourgVat } from '../../support/generators/vat.js';
import { sin } from '../../support/generators/nas.js';
import { FIELD_EXAMPLES } from '../../../src/fields/generated/examples.js';

let fakes: Fakes;
let store: InstrumentedStore;
let service: TestServer;
let key: string;
let account: Account;

const REGISTERED_VAT = luxembourgVat('246813');
const UNREGISTERED_VAT = luxembourgVat('135792');
const OWN_VAT = luxembourgVat('112233');

/** A valid and an invalid value per field, and what the 200 answers must say; a field without its own here, from its folder's examples. */
const OWN_SAMPLES: Partial<Record<Field, { valid: string; invalid: string }>> = {
  vat: { valid: REGISTERED_VAT, invalid: UNREGISTERED_VAT },
  iban: { valid: germanIban('370400440532013000'), invalid: 'DE00370400440532013000' },
  email: { valid: `jane.doe@${MAIL_DOMAINS.good}`, invalid: `jane.doe@${MAIL_DOMAINS.dead}` },
  phone: { valid: '+44 20 7946 0958', invalid: '020 7946 0958' },
  nif: { valid: dni('12345678'), invalid: '12345678A' },
  nas: { valid: sin('14645632'), invalid: sin('14645632').slice(0, 8) + String((Number(sin('14645632')[8]) + 1) % 10) },
  ssn: { valid: '234-56-7890', invalid: '666-12-3456' },
};
const SAMPLES = Object.fromEntries(
  ALL_FIELDS.map((field) => [field, OWN_SAMPLES[field] ?? { valid: FIELD_EXAMPLES[field].valid[0] ?? '', invalid: FIELD_EXAMPLES[field].invalid.at(-1)?.value ?? '' }]),
) as Record<Field, { valid: string; invalid: string }>;

beforeAll(async () => {
  fakes = await startFakes();
  fakes.vies.register(REGISTERED_VAT, { valid: true, name: 'ACME SARL', address: '1 rue du Test\nL-1234 Luxembourg' });
  fakes.vies.register(OWN_VAT, { valid: true, name: 'OUR OWN SA' });
  store = instrumentStore(await openEmbeddedStore());
  service = await startTestServer(store, { ...fakeConfig(fakes), keyCacheMs: 0 });
  ({ account, key } = await accountWithKey(store, 'STARTER'));
});

afterAll(async () => {
  await service?.close();
  await store?.close();
  await fakes?.close();
});

describe('200: a validation was performed', () => {
  for (const field of ALL_FIELDS) {
    it(`${field}: a valid and an invalid value both answer 200 with the envelope and ${field}Details`, async () => {
      const { valid, invalid } = SAMPLES[field];
      const good = await post(service.url, field, { value: valid }, key);
      expect(good.status).toBe(200);
      expect(good.body).toMatchObject({ valid: true, originalValue: valid });
      expect(good.body[`${field}Details` as keyof typeof good.body]).toBeTypeOf('object');
      expect(good.body.errorCode).toBeUndefined();
      expect(good.headers.get('content-type')).toMatch(/^application\/json/);

      const bad = await post(service.url, field, { value: invalid }, key);
      expect(bad.status).toBe(200);
      expect(bad.body).toMatchObject({ valid: false, originalValue: invalid });
      expect(bad.body.errorCode).toBeUndefined();
    });
  }

  it('VAT: registered number is LIVE, then CACHE; unregistered is registered false (docs/fields/vat.md#registration-verdict)', async () => {
    const again = await post(service.url, 'vat', { value: REGISTERED_VAT }, key);
    expect(again.body.vatDetails).toMatchObject({ registered: true, source: 'CACHE', country_code: 'LU', trader_name: 'ACME SARL' });
    const absent = await post(service.url, 'vat', { value: UNREGISTERED_VAT }, key);
    expect(absent.body.vatDetails).toMatchObject({ registered: false, format_valid: true });
    expect(absent.body.validationLevel).toBe('STANDARD');
  });

  it('VAT: traderName is passed to the comparison (docs/fields/vat.md#trader-name-comparison)', async () => {
    const fresh = luxembourgVat('777001');
    fakes.vies.register(fresh, { valid: true, name: 'Globex Luxembourg SARL' });
    const answer = await post(service.url, 'vat', { value: fresh, traderName: 'Globex Luxembourg' }, key);
    expect(answer.status).toBe(200);
    expect(answer.body.vatDetails).toMatchObject({ trader_name_match: 'MATCH', trader_name_match_source: 'SERVICE' });
  });

  it('VAT: the account own VAT number is the requester, and only then a consultation number comes back', async () => {
    const withVat = await accountWithKey(store, 'GROWTH', { vatNumber: OWN_VAT });
    const number = luxembourgVat('424242');
    fakes.vies.register(number, { valid: true, name: 'INITECH SA' });
    const before = fakes.vies.requests.length;
    const answer = await post(service.url, 'vat', { value: number }, withVat.key);
    const sent = fakes.vies.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ protocol: 'rest', fields: { requesterMemberStateCode: 'LU', requesterNumber: OWN_VAT.slice(2) } });
    expect(answer.body.vatDetails?.consultation_number).toMatch(/^WAPI/);

    const other = luxembourgVat('535353');
    fakes.vies.register(other, { valid: true, name: 'UMBRELLA SA' });
    const plain = await post(service.url, 'vat', { value: other }, key);
    expect(fakes.vies.requests.at(-1)?.fields).toMatchObject({ vatNumber: other.slice(2) });
    expect(fakes.vies.requests.at(-1)?.fields.requesterNumber).toBeUndefined();
    expect(plain.body.vatDetails?.consultation_number ?? null).toBeNull();
  });

  it('email: depth follows the plan (docs/fields/email.md#depth), the verdict does not', async () => {
    const value = `jane.doe@${MAIL_DOMAINS.good}`;
    const levels: Record<string, unknown> = {};
    for (const plan of ['FREE', 'STARTER', 'GROWTH', 'PRO'] as const) {
      const holder = await accountWithKey(store, plan);
      const answer = await post(service.url, 'email', { value }, holder.key);
      expect(answer.status).toBe(200);
      expect(answer.body.valid).toBe(true);
      const details = answer.body.emailDetails;
      levels[plan] = details?.applied_level;
      expect(answer.body.validationLevel).toBe(details?.applied_level);
      const advanced = plan === 'GROWTH' || plan === 'PRO';
      expect('free_provider' in (details?.signals ?? {})).toBe(advanced);
      expect('mx_provider' in (details?.signals ?? {})).toBe(advanced);
      expect('risk_level' in (details ?? {})).toBe(advanced);
    }
    expect(levels).toEqual({ FREE: 'STANDARD', STARTER: 'STANDARD', GROWTH: 'ADVANCED', PRO: 'PREMIUM' });
  });

  it('email: a domain without MX or A records is the fixed message', async () => {
    const answer = await post(service.url, 'email', { value: `a@${MAIL_DOMAINS.dead}` }, key);
    expect(answer.body).toMatchObject({ valid: false, message: 'Domain has no valid MX or A records' });
  });

  it('answers exactly what the library answers (the route adds nothing)', async () => {
    const { validateIban } = await import('../../../src/iban/index.js');
    const value = ' de89 3704 0044 0532 0130 00 ';
    const answer = await post(service.url, 'iban', { value }, key);
    expect(answer.body).toEqual(JSON.parse(JSON.stringify(validateIban(value))));
  });

  it('content type with a charset, and with odd case, is JSON too', async () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON', 'application/json;charset="UTF-8"']) {
      const answer = await post(service.url, 'nas', { value: SAMPLES.nas.valid }, key, { 'Content-Type': type });
      expect(answer.status, type).toBe(200);
    }
  });
});

describe('400 and 415: malformed requests, on every endpoint (docs/service.md#request-bodies)', () => {
  const long = 'x'.repeat(1025);
  const cases: Array<{ code: string; body: string; type?: string; originalValue: string; status?: number }> = [
    { code: 'INVALID_JSON', body: '{"value": "abc"', originalValue: '' },
    { code: 'INVALID_JSON', body: '', originalValue: '' },
    { code: 'MISSING_VALUE', body: '{}', originalValue: '' },
    { code: 'MISSING_VALUE', body: '{"value": null}', originalValue: '' },
    { code: 'MISSING_VALUE', body: '["abc"]', originalValue: '' },
    { code: 'VALUE_NOT_STRING', body: '{"value": 12345678}', originalValue: '' },
    { code: 'VALUE_NOT_STRING', body: '{"value": {"nested": "x"}}', originalValue: '' },
    // A value too long comes back cut to its first 1,024 characters.
    { code: 'VALUE_TOO_LONG', body: JSON.stringify({ value: long }), originalValue: long.slice(0, 1024) },
    { code: 'BODY_TOO_LARGE', body: JSON.stringify({ value: 'a', padding: 'p'.repeat(16 * 1024) }), originalValue: '' },
    // A misspelt member is refused, not ignored; the value that arrived is echoed.
    { code: 'UNKNOWN_MEMBER', body: '{"value": "abc", "valeu": "abc"}', originalValue: 'abc' },
    { code: 'UNSUPPORTED_MEDIA_TYPE', body: '{"value": "abc"}', type: 'text/plain', originalValue: '', status: 415 },
    { code: 'UNSUPPORTED_MEDIA_TYPE', body: 'value=abc', type: 'application/x-www-form-urlencoded', originalValue: '', status: 415 },
    { code: 'UNSUPPORTED_MEDIA_TYPE', body: '{"value": "abc"}', type: 'application/json; charset=iso-8859-1', originalValue: '', status: 415 },
  ];

  for (const field of ALL_FIELDS) {
    it(`${field}: each malformed body gets 400 (415 when not JSON), the envelope and its errorCode`, async () => {
      for (const { code, body, type, originalValue, status = 400 } of cases) {
        const answer = await post(service.url, field, body, key, type === undefined ? {} : { 'Content-Type': type });
        expect(answer.status, `${code} ${body.slice(0, 30)}`).toBe(status);
        expect(answer.body).toEqual({ valid: false, message: expect.any(String), reason: null, normalizedValue: null, originalValue, validationLevel: 'STANDARD', errorCode: code });
      }
    });
  }

  it('a missing Content-Type is refused (415)', async () => {
    const response = await fetch(`${service.url}/api/v1/validate/iban`, { method: 'POST', headers: { 'X-API-KEY': key }, body: new Uint8Array([123, 125]) });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { errorCode: string }).errorCode).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('a chunked body (no Content-Length) over 16 KiB is refused; a chunked body under it is read', async () => {
    const send = async (text: string): Promise<{ status: number; errorCode?: string }> => {
      const bytes = new TextEncoder().encode(text);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let offset = 0; offset < bytes.length; offset += 1000) controller.enqueue(bytes.slice(offset, offset + 1000));
          controller.close();
        },
      });
      const response = await fetch(`${service.url}/api/v1/validate/iban`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-KEY': key },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      return { status: response.status, ...((await response.json()) as { errorCode?: string }) };
    };
    // Padded with JSON whitespace: a padding member would be refused as unknown.
    expect(await send(`{"value":"DE"${' '.repeat(20_000)}}`)).toMatchObject({ status: 400, errorCode: 'BODY_TOO_LARGE' });
    expect(await send(`{"value":${JSON.stringify(SAMPLES.iban.valid)}${' '.repeat(10_000)}}`)).toMatchObject({ status: 200 });
  });

  it('value of exactly 1,024 characters is validated; astral characters count once', async () => {
    expect((await post(service.url, 'email', { value: 'a'.repeat(1024) }, key)).status).toBe(200);
    expect((await post(service.url, 'iban', { value: '😀'.repeat(1024) }, key)).status).toBe(200);
    const astral = await post(service.url, 'iban', { value: '😀'.repeat(1025) }, key);
    expect(astral.body.errorCode).toBe('VALUE_TOO_LONG');
    // The echo is the first 1,024 characters: no emoji is cut in half.
    expect(astral.body.originalValue).toBe('😀'.repeat(1024));
    const huge = await post(service.url, 'email', { value: `${'b'.repeat(1024)}${'c'.repeat(14_000)}` }, key);
    expect(huge.body).toMatchObject({ errorCode: 'VALUE_TOO_LONG', originalValue: 'b'.repeat(1024) });
  });

  it('VAT: traderName must be a string of at most 1,024 characters', async () => {
    const notString = await post(service.url, 'vat', { value: REGISTERED_VAT, traderName: 42 }, key);
    expect(notString.status).toBe(400);
    expect(notString.body).toMatchObject({ errorCode: 'VALUE_NOT_STRING', originalValue: REGISTERED_VAT });
    const tooLong = await post(service.url, 'vat', { value: REGISTERED_VAT, traderName: 'n'.repeat(1025) }, key);
    expect(tooLong.body.errorCode).toBe('VALUE_TOO_LONG');
  });

  it('a body that is not UTF-8 is INVALID_JSON', async () => {
    const response = await fetch(`${service.url}/api/v1/validate/iban`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-KEY': key },
      body: new Uint8Array([0x7b, 0x22, 0x76, 0x61, 0x6c, 0x75, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errorCode: string }).errorCode).toBe('INVALID_JSON');
  });
});

describe('401 and 403: keys and scopes (docs/service.md#api-keys)', () => {
  it('every validation endpoint needs a key: 401 MISSING_API_KEY', async () => {
    for (const field of ALL_FIELDS) {
      const answer = await post(service.url, field, { value: SAMPLES[field].valid }, undefined);
      expect(answer.status, field).toBe(401);
      expect(answer.body).toMatchObject({ valid: false, errorCode: 'MISSING_API_KEY', normalizedValue: null, validationLevel: 'STANDARD' });
    }
  });

  it('unknown, malformed, revoked and expired keys get 401 with one message that does not tell them apart', async () => {
    const holder = await createAccount(store, 'PRO');
    const revoked = await createKey(store, holder);
    await store.keys.revoke(revoked.id, new Date());
    const expired = await createKey(store, holder, { expires: '1h', now: new Date(Date.now() - 2 * 3_600_000) });
    const unknown = `vf_${'A'.repeat(43)}`;
    const answers = await Promise.all(
      [unknown, 'not-a-key', revoked.key, expired.key, `${key}x`].map((presented) => post(service.url, 'iban', { value: SAMPLES.iban.valid }, presented)),
    );
    expect(answers.map((a) => [a.status, a.body.errorCode])).toEqual([
      [401, 'INVALID_API_KEY'],
      [401, 'INVALID_API_KEY'],
      [401, 'INVALID_API_KEY'],
      [401, 'EXPIRED_API_KEY'],
      [401, 'INVALID_API_KEY'],
    ]);
    expect(new Set(answers.map((a) => a.body.message))).toEqual(new Set([ERROR_MESSAGES.INVALID_API_KEY]));
  });

  it('401 comes before the body is looked at', async () => {
    const answer = await post(service.url, 'iban', '{not json', undefined);
    expect(answer.body.errorCode).toBe('MISSING_API_KEY');
  });

  it('403 FORBIDDEN on /validate/nas for a key created without the nas scope; its other scopes work', async () => {
    const holder = await createAccount(store, 'PRO');
    const limited = await createKey(store, holder, { scopes: ['iban', 'vat', 'email', 'phone', 'nif', 'ssn'] });
    const refused = await post(service.url, 'nas', { value: SAMPLES.nas.valid }, limited.key);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ valid: false, errorCode: 'FORBIDDEN', normalizedValue: null });
    expect(refused.body.message).toContain('nas');
    expect((await post(service.url, 'ssn', { value: SAMPLES.ssn.valid }, limited.key)).status).toBe(200);
  });
});

describe('500: internal errors carry no internals', () => {
  it('a store failure while counting answers 500 INTERNAL, logged with a request id and without the value', async () => {
    store.failCounts(1);
    const value = SAMPLES.nif.valid;
    const response = await fetch(`${service.url}/api/v1/validate/nif`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-KEY': key },
      body: JSON.stringify({ value }),
    });
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({
      valid: false,
      message: 'Internal error',
      reason: null,
      normalizedValue: null,
      originalValue: value,
      validationLevel: 'STANDARD',
      errorCode: 'INTERNAL',
    });
    expect(text).not.toMatch(/database|at |\.ts/);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = service.logs.find((l) => l.includes(requestId as string));
    expect(line).toBeDefined();
    expect(line).toContain('connection to the database lost');
    expect(line).not.toContain(value);
    expect(line).not.toContain(key);
  });
});

describe('500 when the service cannot start', () => {
  it('a store that fails at start gives 500 without internals on every path, and a later ready() may succeed', async () => {
    const broken = memoryStore();
    let failing = true;
    const load = broken.rates.load.bind(broken.rates);
    broken.rates.load = async () => {
      if (failing) throw new Error('relation "rates" does not exist at /var/lib/db');
      return load();
    };
    const logs: string[] = [];
    const app = createApp({ store: broken, jobs: false, log: (line) => logs.push(line) });
    const holder = await accountWithKey(broken, 'PRO');
    const validation = await app.fetch(
      new Request('http://service/api/v1/validate/ssn', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-KEY': holder.key },
        body: JSON.stringify({ value: SAMPLES.ssn.valid }),
      }),
    );
    expect(validation.status).toBe(500);
    expect(await validation.json()).toMatchObject({ valid: false, errorCode: 'INTERNAL', message: 'Internal error' });
    const rates = await app.fetch(new Request('http://service/api/v1/vat/rates'));
    expect(rates.status).toBe(500);
    expect(await rates.text()).toBe('{"errorCode":"INTERNAL","message":"Internal error"}');
    expect(logs.length).toBe(2);
    for (const line of logs) {
      expect(line).not.toContain(holder.key);
      expect(line).not.toContain(SAMPLES.ssn.valid);
    }
    failing = false;
    await app.ready();
    expect((await app.fetch(new Request('http://service/api/v1/vat/rates'))).status).toBe(503);
    await app.close();
  });
});

describe('metering: only performed validations count', () => {
  it('4xx answers never reach the meter; each 200 counts once and is logged (NIF, SIN, SSN as ***)', async () => {
    const holder = await accountWithKey(store, 'STARTER');
    const callsBefore = store.countCalls;
    await post(service.url, 'iban', '{bad', holder.key);
    await post(service.url, 'iban', { value: 1 }, holder.key);
    await post(service.url, 'iban', { value: 'x' }, `vf_${'B'.repeat(43)}`);
    await post(service.url, 'iban', { value: 'x'.repeat(2000) }, holder.key);
    expect(store.countCalls).toBe(callsBefore);

    for (const field of ALL_FIELDS) expect((await post(service.url, field, { value: SAMPLES[field].valid }, holder.key)).status).toBe(200);
    const { billingPeriod } = await import('../../../src/server/policy/plans.js');
    expect(await store.usage.used(holder.account.id, billingPeriod(holder.account.subscriptionStart, new Date()).start)).toBe(ALL_FIELDS.length);
    // The 4xx of the known key are logged as refusals (docs/service.md#usage-log): only the counted ones here.
    const log = (await store.usage.log(holder.account.id, ALL_FIELDS.length + 3)).filter((entry) => entry.errorCode === undefined);
    const byField = Object.fromEntries(log.map((entry) => [entry.endpoint, entry.value]));
    // The seven fields as the contract says; a field added as a folder as its usage-log.ts says.
    const written: Partial<Record<Field, string>> = {
      vat: SAMPLES.vat.valid,
      iban: SAMPLES.iban.valid,
      email: SAMPLES.email.valid,
      phone: SAMPLES.phone.valid,
      nif: '***',
      nas: '***',
      ssn: '***',
    };
    expect(byField).toEqual(
      Object.fromEntries(ALL_FIELDS.map((field) => [field, written[field] ?? (USAGE_LOG_POLICIES[field] === 'clear' ? SAMPLES[field].valid : '***')])),
    );
    for (const entry of log) {
      expect(entry).toMatchObject({ status: 200, valid: true, accountId: holder.account.id });
      expect(entry.latencyMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('X-Service-SDK: recorded when 1-64 printable ASCII characters, ignored (never 400) otherwise', async () => {
    const holder = await accountWithKey(store, 'STARTER');
    const sdks = ['verifield-js/1.2.3', 'x'.repeat(64), 'x'.repeat(65), 'bad\tvalue', ''];
    for (const sdk of sdks) {
      const answer = await post(service.url, 'iban', { value: SAMPLES.iban.valid }, holder.key, { 'X-Service-SDK': sdk });
      expect(answer.status, sdk).toBe(200);
    }
    const recorded = (await store.usage.log(holder.account.id, 10)).map((entry) => String(entry.sdk));
    expect(recorded.sort()).toEqual(['verifield-js/1.2.3', 'x'.repeat(64), 'null', 'null', 'null'].sort());
  });
});

describe('other paths', () => {
  it('any method but POST on a validation endpoint is 405 METHOD_NOT_ALLOWED with Allow: POST; unknown paths are 404 NOT_FOUND', async () => {
    for (const field of ALL_FIELDS) {
      for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
        const wrongMethod = await fetch(`${service.url}/api/v1/validate/${field}`, { method, headers: { 'X-API-KEY': key } });
        expect(wrongMethod.status, `${method} ${field}`).toBe(405);
        expect(wrongMethod.headers.get('allow')).toBe('POST');
        expect(await wrongMethod.json()).toEqual({
          valid: false,
          message: ERROR_MESSAGES.METHOD_NOT_ALLOWED,
          reason: null,
          normalizedValue: null,
          originalValue: '',
          validationLevel: 'STANDARD',
          errorCode: 'METHOD_NOT_ALLOWED',
        });
      }
    }
    const unknown = await fetch(`${service.url}/api/v1/nothing`);
    expect(unknown.status).toBe(404);
    // Each kind of unknown path and its hint: test/server/http/error-shape.test.ts.
    expect(await unknown.json()).toEqual({ errorCode: 'NOT_FOUND', message: 'No endpoint at /api/v1/nothing: the API is under /api/v1, described at GET /api/v1/openapi.json' });
  });
});

describe('security: what the service logs', () => {
  it('no log line holds a raw key or a NIF, SIN or SSN value', () => {
    expect(service.logs.length).toBeGreaterThan(0);
    const secrets = [key, SAMPLES.nif.valid, SAMPLES.nas.valid, SAMPLES.ssn.valid, SAMPLES.nif.invalid, SAMPLES.ssn.invalid];
    for (const line of service.logs) for (const secret of secrets) expect(line).not.toContain(secret);
    expect(account.id).toBeTypeOf('string');
  });
});
