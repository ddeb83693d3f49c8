/**
 * The registries beyond VIES through the service, over real HTTP against their loopback fakes
 * (docs/service.md#registries): each prefix answered by its registry, with evidence; a VAT job and
 * a watch over GB, CH and NO numbers; an unreachable registry never "not registered", and shown
 * failing on /readyz and the status page; a registry turned off leaves its numbers NOT_APPLICABLE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, VatEvidenceList, VatWatch } from '../../../src/account-api.js';
import type { ReadinessReport } from '../../../src/ports.js';
import type { VatValidationResult } from '../../../src/result.js';
import type { Store } from '../../../src/server/storage/types.js';
import { jobResults, pollJob, submitJob } from '../../support/jobs-http.js';
import { accountWithKey, fakeConfig, get, post, startFakes, startTestServer, type Fakes, type TestServer } from '../../support/server.js';
import { openTestStore } from '../../support/store/test-store.js';

const GB = '980780684';
const CH_ACTIVE = '116281710';
const CH_NOT_FOR_VAT = '109322551';
const NO_REGISTERED = '974760673';
const NO_BANKRUPT = '923609016';

let fakes: Fakes;
let store: Store;
let service: TestServer;
let key: string;

beforeAll(async () => {
  fakes = await startFakes();
  fakes.hmrc.register(GB, { name: 'EXAMPLE TRADING LTD', address: { line1: '1 HIGH STREET', line2: 'LONDON', postcode: 'SW1A 1AA' } });
  fakes.uid.register(CH_ACTIVE, { name: 'Beispiel AG', street: 'Bahnhofstrasse', houseNumber: '1', swissZipCode: '8001', town: 'Zürich', vatStatus: '2' });
  fakes.uid.register(CH_NOT_FOR_VAT, { name: 'Verein Beispiel', town: 'Bern' });
  fakes.brreg.register(NO_REGISTERED, { navn: 'EKSEMPEL AS', registrertIMvaregisteret: true, forretningsadresse: { adresse: ['Storgata 1'], postnummer: '0155', poststed: 'OSLO' } });
  fakes.brreg.register(NO_BANKRUPT, { navn: 'KONKURS AS', registrertIMvaregisteret: false, konkurs: true });
  store = await openTestStore();
  service = await startTestServer(store, fakeConfig(fakes));
  ({ key } = await accountWithKey(store, 'PRO'));
});

afterAll(async () => {
  await service?.close();
  await store?.close();
  await fakes?.close();
});

async function vat(value: string): Promise<VatValidationResult> {
  const answer = await post(service.url, 'vat', { value }, key);
  expect(answer.status).toBe(200);
  return answer.body as VatValidationResult;
}

describe('the registries beyond VIES through the service', () => {
  it('asks each prefix its own registry, and keeps each live answer as evidence with the hash of the reply', async () => {
    const british = await vat(`GB ${GB}`);
    expect(british).toMatchObject({ valid: true, message: 'Valid VAT number, registered in the HMRC register' });
    expect(british.vatDetails).toMatchObject({ source: 'LIVE', registry: 'HMRC', registered: true, trader_name: 'EXAMPLE TRADING LTD' });

    const swiss = await vat(`CHE-${CH_ACTIVE.slice(0, 3)}.${CH_ACTIVE.slice(3, 6)}.${CH_ACTIVE.slice(6)} MWST`);
    expect(swiss.vatDetails).toMatchObject({ source: 'LIVE', registry: 'UID', registered: true, trader_name: 'Beispiel AG' });
    const notForVat = await vat(`CHE${CH_NOT_FOR_VAT}`);
    expect(notForVat).toMatchObject({ valid: false, reason: 'VAT_NOT_REGISTERED' });
    expect(notForVat.vatDetails).toMatchObject({ registry: 'UID', registered: false, entity_status: ['NOT_VAT_REGISTERED'] });

    const norwegian = await vat(`NO ${NO_REGISTERED} MVA`);
    expect(norwegian.vatDetails).toMatchObject({ source: 'LIVE', registry: 'BRREG', registered: true, trader_name: 'EKSEMPEL AS' });
    const bankrupt = await vat(`NO${NO_BANKRUPT}MVA`);
    expect(bankrupt.vatDetails).toMatchObject({ registry: 'BRREG', registered: false });
    expect(bankrupt.vatDetails.entity_status).toEqual(expect.arrayContaining(['BANKRUPT']));

    const response = await fetch(`${service.url}/api/v1/vat/evidence?value=GB${GB}`, { headers: { 'X-API-KEY': key } });
    const { evidence } = (await response.json()) as VatEvidenceList;
    expect(evidence).toHaveLength(1);
    expect(evidence[0]).toMatchObject({ countryCode: 'GB', registry: 'HMRC', registered: true, name: 'EXAMPLE TRADING LTD' });
    expect(evidence[0]?.replySha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers a VAT job over GB, CH and NO numbers from their registries', async () => {
    const values = [`GB${GB}`, `CHE${CH_ACTIVE}`, `CHE${CH_NOT_FOR_VAT}`, `NO${NO_REGISTERED}MVA`, 'DE136695976'];
    const id = await submitJob(service.url, key, 'vat', values);
    await pollJob(service.url, key, id, (job: Job) => job.status === 'done', 50);
    const results = await jobResults<VatValidationResult>(service.url, key, id);
    expect(results.map(({ result }) => [result.vatDetails.registry, result.vatDetails.registered])).toEqual([
      ['HMRC', true],
      ['UID', true],
      ['UID', false],
      ['BRREG', true],
      ['VIES', false],
    ]);
  });

  it('watches a Swiss number and re-checks it in the UID register', async () => {
    const created = await fetch(`${service.url}/api/v1/vat/watch`, {
      method: 'POST',
      headers: { 'X-API-KEY': key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ value: `CHE${CH_ACTIVE}` }),
    });
    expect(created.status).toBe(201);
    const watch = (await created.json()) as VatWatch;
    const before = fakes.uid.requests.length;
    const checked = await fetch(`${service.url}/api/v1/vat/watch/${watch.id}/check`, { method: 'POST', headers: { 'X-API-KEY': key } });
    expect(checked.status).toBe(200);
    // A watch re-check hears the registry itself, never the cache.
    expect(fakes.uid.requests.length).toBe(before + 1);
    expect(await checked.json()).toMatchObject({ value: `CHE${CH_ACTIVE}`, registered: true, name: 'Beispiel AG' });
  });

  it('never says "not registered" while a registry is down, and shows it failing on /readyz and the status page', async () => {
    fakes.brreg.behave({ kind: 'down' });
    try {
      // Three numbers never asked before: no cached answer to fall back on.
      for (const orgnr of ['910000001', '910000028', '910000036']) {
        const digits = withCheckDigit(orgnr.slice(0, 8));
        const answer = await vat(`NO${digits}MVA`);
        expect(answer).toMatchObject({ valid: true, reason: null });
        expect(answer.vatDetails).toMatchObject({ source: 'UNVERIFIED', registered: null, registry: 'BRREG' });
      }
      const { body } = await get<ReadinessReport>(service.url, '/readyz');
      expect(body.status).toBe('ready');
      expect(body.registries?.find((entry) => entry.registry === 'BRREG')).toMatchObject({ configured: true, failingCountryCodes: ['NO'] });
      expect(body.registries?.find((entry) => entry.registry === 'UID')).toMatchObject({ failingCountryCodes: [] });
      const page = await (await fetch(`${service.url}/status`)).text();
      expect(page).toMatch(/Brønnøysund <span class="muted">\(BRREG\)<\/span><\/th>[\s\S]*?Unavailable: our last three lookups failed/);
    } finally {
      fakes.brreg.reset();
    }
  });
});

describe('a registry turned off', () => {
  let off: TestServer;
  let offKey: string;
  let offStore: Store;

  beforeAll(async () => {
    offStore = await openTestStore();
    const { hmrcClientId: _id, hmrcClientSecret: _secret, ...withoutHmrc } = fakeConfig(fakes);
    off = await startTestServer(offStore, { ...withoutHmrc, uidUrl: 'off' });
    ({ key: offKey } = await accountWithKey(offStore, 'PRO'));
  });
  afterAll(async () => {
    await off?.close();
    await offStore?.close();
  });

  it('leaves its numbers to the structure check, refuses to watch them, and says so on /readyz', async () => {
    const before = fakes.uid.requests.length;
    const swiss = await post(off.url, 'vat', { value: `CHE${CH_ACTIVE}` }, offKey);
    expect((swiss.body as VatValidationResult).vatDetails.source).toBe('NOT_APPLICABLE');
    const british = await post(off.url, 'vat', { value: `GB${GB}` }, offKey);
    expect((british.body as VatValidationResult).vatDetails.source).toBe('NOT_APPLICABLE');
    expect(fakes.uid.requests.length).toBe(before);
    const watch = await fetch(`${off.url}/api/v1/vat/watch`, {
      method: 'POST',
      headers: { 'X-API-KEY': offKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ value: `CHE${CH_ACTIVE}` }),
    });
    expect(watch.status).toBe(400);
    expect(await watch.json()).toMatchObject({ errorCode: 'NOT_IN_VIES' });
    const { body } = await get<ReadinessReport>(off.url, '/readyz');
    expect(body.registries?.map((entry) => [entry.registry, entry.configured])).toEqual([
      ['VIES', true],
      ['HMRC', false],
      ['UID', false],
      ['BRREG', true],
    ]);
  });
});

/** An organisation number: 8 digits and the mod-11 check digit of weights 3 2 7 6 5 4 3 2 (none for remainder 1: the caller avoids it). */
function withCheckDigit(eight: string): string {
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = [...eight].reduce((total, digit, index) => total + Number(digit) * (weights[index] as number), 0);
  const check = (11 - (sum % 11)) % 11;
  if (check === 10) throw new Error(`${eight} has no check digit`);
  return eight + String(check);
}
