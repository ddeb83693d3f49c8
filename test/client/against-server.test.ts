/**
 * verifield/client against the real service (startServer on 127.0.0.1:0 with the loopback fakes):
 * every method, the X-Service-SDK header as the usage log records it, and each error status coming
 * back as a typed VerifieldApiError.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, VerifieldApiError, type VerifieldClient } from '../../src/client/index.js';
import { validateIban } from '../../src/iban/index.js';
import { validateNas } from '../../src/nas/index.js';
import { validateNif } from '../../src/nif/index.js';
import { validatePhone } from '../../src/phone/index.js';
import { validateSsn } from '../../src/ssn/index.js';
import type { Account } from '../../src/server/storage/types.js';
import { tedbRowsFor } from '../support/fakes/tedb.js';
import {
  accountWithKey,
  createKey,
  MAIL_DOMAINS,
  startFakes,
  startWarmAndCold,
  until,
  type Fakes,
  type TestServer,
  type WarmAndCold,
} from '../support/server.js';
import type { InstrumentedStore } from '../support/fakes/store.js';
import { dni } from '../support/generators/nif.js';
import { germanIban } from '../support/generators/iban.js';
import { luxembourgVat } from '../support/generators/vat.js';
import { sin } from '../support/generators/nas.js';
import { rejectionOf } from '../support/rejection.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

let fakes: Fakes;
let services: WarmAndCold;
let store: InstrumentedStore;
let service: TestServer;
let cold: TestServer;
let holder: { account: Account; key: string };
let client: VerifieldClient;

const REGISTERED = luxembourgVat('246813');

/** The rejection of `promise`, which must be a VerifieldApiError. */
const apiError = (promise: Promise<unknown>): Promise<VerifieldApiError> => rejectionOf(promise, VerifieldApiError);

beforeAll(async () => {
  fakes = await startFakes();
  fakes.tedb.rows = [
    { memberState: 'EL', situationOn: '2025-07-01+02:00', standard: '24.0', reduced: ['6.0', '13.0'] },
    { memberState: 'FR', situationOn: '2026-01-01+01:00', standard: '20.0', reduced: ['5.5', '10.0'] },
  ].flatMap(tedbRowsFor);
  fakes.vies.register(REGISTERED, { valid: true, name: 'ACME SARL', address: '1 rue du Test\nL-1234 Luxembourg' });
  services = await startWarmAndCold(fakes, { FREE: { quota: 1 }, GROWTH: { maxConcurrent: 1 } });
  ({ store, main: service, cold } = services);
  holder = await accountWithKey(store, 'PRO');
  client = createClient({ baseUrl: service.url, apiKey: holder.key });
  await until(async () => (await fetch(`${service.url}/api/v1/vat/rates`)).status === 200);
}, 60_000);

afterAll(async () => {
  await services?.close();
  await fakes?.close();
});

describe('every method against the real service', () => {
  it('the offline fields answer exactly what the library answers, negative verdicts included', async () => {
    for (const value of [germanIban('370400440532013000'), 'DE00370400440532013000']) expect(await client.validateIban(value)).toEqual(validateIban(value));
    for (const value of [dni('12345678'), '12345678A']) expect(await client.validateNif(value)).toEqual(validateNif(value));
    for (const value of [sin('14645632'), '123 456 789']) expect(await client.validateNas(value)).toEqual(validateNas(value));
    for (const value of ['234-56-7890', '666-12-3456']) expect(await client.validateSsn(value)).toEqual(validateSsn(value));
    for (const value of ['+44 20 7946 0958', '020 7946 0958']) expect(await client.validatePhone(value)).toEqual(validatePhone(value));
  });

  it('validateVat checks the registry and passes traderName on', async () => {
    const plain = await client.validateVat(REGISTERED);
    expect(plain.vatDetails).toMatchObject({ registered: true, country_code: 'LU', trader_name: 'ACME SARL' });
    expect(plain.vatDetails.trader_name_match).toBeUndefined();
    const compared = await client.validateVat(REGISTERED, { traderName: 'Acme' });
    expect(compared.vatDetails.trader_name_match).toBe('MATCH');
  });

  it('validateEmail answers at the depth of the plan (PRO: PREMIUM)', async () => {
    const good = await client.validateEmail(`jane.doe@${MAIL_DOMAINS.good}`);
    expect(good).toMatchObject({ valid: true, validationLevel: 'PREMIUM' });
    expect(good.emailDetails.applied_level).toBe('PREMIUM');
    const dead = await client.validateEmail(`jane.doe@${MAIL_DOMAINS.dead}`);
    expect(dead).toMatchObject({ valid: false, message: 'Domain has no valid MX or A records' });
  });

  it('vatRates, vatRatesFor and viesStatus need no key', async () => {
    const keyless = createClient({ baseUrl: `${service.url}/` });
    const all = await keyless.vatRates();
    expect(all.source).toBe('TEDB');
    expect(all.rates.map((r) => r.countryCode)).toEqual(['EL', 'FR']);
    expect(await keyless.vatRatesFor('GR')).toMatchObject({ countryCode: 'EL', standardRate: 24, reducedRates: [6, 13] });
    const status = await keyless.viesStatus();
    expect(status.windowDays).toBe(30);
  });

  it('healthz and readyz need no key and report a ready service', async () => {
    const keyless = createClient({ baseUrl: service.url });
    expect(await keyless.healthz()).toEqual({ status: 'ok' });
    const ready = await keyless.readyz();
    expect(ready).toMatchObject({ status: 'ready', store: { writable: true, message: null } });
    expect(ready.vatRates?.state).not.toBe('none'); // the rates this suite's fake TEDB served
  });

  it('sends X-Service-SDK: verifield-js/<version of package.json>, which the usage log records', async () => {
    const own = await accountWithKey(store, 'STARTER');
    const mine = createClient({ baseUrl: service.url, apiKey: own.key });
    await mine.validateIban('DE89');
    await mine.validateNas(sin('14645632'));
    const log = await store.usage.log(own.account.id, 10);
    expect(log).toHaveLength(2);
    for (const entry of log) expect(entry.sdk).toBe(`verifield-js/${pkg.version}`);
  });
});

describe('error statuses come back as VerifieldApiError', () => {
  it('401: no key, an unknown key', async () => {
    const missing = await apiError(createClient({ baseUrl: service.url }).validateIban('DE89'));
    expect(missing).toMatchObject({ status: 401, errorCode: 'MISSING_API_KEY' });
    const unknown = await apiError(createClient({ baseUrl: service.url, apiKey: 'vf_notAKey' }).validateIban('DE89'));
    expect(unknown).toMatchObject({ status: 401, errorCode: 'INVALID_API_KEY' });
    expect(unknown.body).toMatchObject({ valid: false, normalizedValue: null });
  });

  it('403: a key without the nas scope', async () => {
    const limited = await createKey(store, holder.account, { scopes: ['iban'] });
    const error = await apiError(createClient({ baseUrl: service.url, apiKey: limited.key }).validateNas(sin('14645632')));
    expect(error).toMatchObject({ status: 403, errorCode: 'FORBIDDEN' });
  });

  it('400: a value over 1,024 characters', async () => {
    const value = '7'.repeat(1025);
    const error = await apiError(client.validateSsn(value));
    expect(error).toMatchObject({ status: 400, errorCode: 'VALUE_TOO_LONG' });
    expect(error.body).toMatchObject({ originalValue: value.slice(0, 1024) });
  });

  it('429: over a FREE quota, and over the plan concurrent maximum with Retry-After', async () => {
    const freeHolder = await accountWithKey(store, 'FREE');
    const freeClient = createClient({ baseUrl: service.url, apiKey: freeHolder.key });
    expect((await freeClient.validateNif(dni('12345678'))).valid).toBe(true);
    const quota = await apiError(freeClient.validateNif(dni('12345678')));
    expect(quota).toMatchObject({ status: 429, errorCode: 'QUOTA_EXCEEDED' });

    const growth = await accountWithKey(store, 'GROWTH');
    const growthClient = createClient({ baseUrl: service.url, apiKey: growth.key });
    const slow = luxembourgVat('818181');
    fakes.vies.register(slow, { valid: true });
    fakes.vies.behave({ kind: 'delay', ms: 1_000 }, { times: 1 });
    const holding = growthClient.validateVat(slow);
    await until(() => fakes.vies.requests.some((request) => request.fields.vatNumber === slow.slice(2)));
    const busy = await apiError(growthClient.validateIban('DE89'));
    expect(busy).toMatchObject({ status: 429, errorCode: 'CONCURRENCY_LIMIT', retryAfter: 1 });
    expect((await holding).vatDetails.registered).toBe(true);
  });

  it('500: the store fails; the error carries no internals', async () => {
    store.failCounts(1);
    const error = await apiError(client.validatePhone('+44 20 7946 0958'));
    expect(error).toMatchObject({ status: 500, errorCode: 'INTERNAL' });
    expect(error.body).toMatchObject({ message: 'Internal error' });
  });

  it('404 and 503 of the reference endpoints carry { errorCode, message } and Retry-After', async () => {
    const notMember = await apiError(client.vatRatesFor('GB'));
    expect(notMember).toMatchObject({ status: 404, errorCode: 'NOT_FOUND', body: { errorCode: 'NOT_FOUND', message: 'Not an EU member state: GB' } });
    const coldClient = createClient({ baseUrl: cold.url });
    const never = await apiError(coldClient.vatRates());
    expect(never).toMatchObject({ status: 503, errorCode: 'RATES_UNAVAILABLE' });
    expect(never.retryAfter).toBeGreaterThan(0);
    expect((await apiError(coldClient.vatRatesFor('FR'))).status).toBe(503);
  });
});
