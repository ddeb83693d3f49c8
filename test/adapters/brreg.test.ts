import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BRREG_URL, brregClient } from '../../src/adapters/brreg.js';
import * as adapters from '../../src/adapters/index.js';
import { lazyBrregClient } from '../../src/adapters/lazy.js';
import { VatRegistryError } from '../../src/ports.js';
import { brregEntityJson, startBrregFake, type BrregEntity, type BrregFake } from '../support/fakes/brreg.js';
import { expectTransportOutages } from '../support/registry-outages.js';
import { rejectionOf } from '../support/rejection.js';

let fake: BrregFake;
// The test's own entities: invented names and numbers (the adapter does not check digits).
const ACTIVE: BrregEntity = {
  navn: 'FJORD FISK AS',
  registrertIMvaregisteret: true,
  forretningsadresse: { adresse: ['Kaigata 1', ''], postnummer: '5003', poststed: 'BERGEN' },
  postadresse: { adresse: ['Postboks 9'], postnummer: '5804', poststed: 'BERGEN' },
};
const query = (vatNumber: string) => ({ countryCode: 'NO', vatNumber });

beforeAll(async () => {
  fake = await startBrregFake();
  fake.register('111111111', ACTIVE);
  fake.register('222222222', { navn: 'IDRETTSLAG', registrertIMvaregisteret: false, postadresse: { adresse: ['Banevei 2'], postnummer: '0150', poststed: 'OSLO' } });
  fake.register('333333333', { navn: 'KONKURS AS', registrertIMvaregisteret: true, konkurs: true, underTvangsavviklingEllerTvangsopplosning: true });
  fake.register('444444444', { navn: 'AVVIKLET AS', registrertIMvaregisteret: true, underAvvikling: true, slettedato: '2026-10-01' });
  fake.register('555555555', { navn: 'SVENSK FILIAL NUF', registrertIMvaregisteret: true, forretningsadresse: { adresse: ['Storgatan 1'], postnummer: '111 22', poststed: 'STOCKHOLM', landkode: 'SE', land: 'Sverige' } });
  fake.remove('666666666', '2025-05-05');
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.reset();
});

const client = (timeoutMs = 10_000) => brregClient({ url: fake.url, timeoutMs, now: () => new Date('2026-11-22T23:30:00Z') });
const failure = (promise: Promise<unknown>): Promise<VatRegistryError> => rejectionOf(promise, VatRegistryError);

describe('brregClient', () => {
  it('is what verifield/adapters exports, aimed at data.brreg.no by default', () => {
    expect(adapters.brregClient).toBe(brregClient);
    expect(BRREG_URL).toBe('https://data.brreg.no');
  });

  it('asks for the entity by its 9 digits, without MVA, as JSON', async () => {
    await client().check(query('111111111MVA'));
    await client().check(query('111 111 111'));
    expect(fake.requests.slice(-2)).toEqual([
      { path: '/enhetsregisteret/api/enheter/111111111', accept: 'application/json' },
      { path: '/enhetsregisteret/api/enheter/111111111', accept: 'application/json' },
    ]);
  });

  it('reads an entity in the VAT register: name, business address, dated by its clock', async () => {
    const answer = await client().check(query('111111111MVA'));
    expect(answer).toEqual({
      valid: true,
      name: 'FJORD FISK AS',
      address: 'Kaigata 1\n5003 BERGEN',
      requestDate: '2026-11-22',
      replySha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('says NOT_VAT_REGISTERED for an entity outside the VAT register, with its postal address when it has no business one', async () => {
    const answer = await client().check(query('222222222MVA'));
    expect(answer).toMatchObject({ valid: false, name: 'IDRETTSLAG', address: 'Banevei 2\n0150 OSLO', entityStatus: ['NOT_VAT_REGISTERED'] });
  });

  it('reports bankruptcy and liquidation, and a deleted entity is not registered', async () => {
    expect(await client().check(query('333333333MVA'))).toMatchObject({ valid: true, entityStatus: ['BANKRUPT', 'UNDER_LIQUIDATION'] });
    expect(await client().check(query('444444444MVA'))).toMatchObject({ valid: false, entityStatus: ['DELETED', 'UNDER_LIQUIDATION'] });
  });

  it('names the country of an address abroad', async () => {
    expect((await client().check(query('555555555MVA'))).address).toBe('Storgatan 1\n111 22 STOCKHOLM\nSverige');
  });

  it('answers valid: false for an unknown number (404) and DELETED for one removed from the register (410)', async () => {
    const unknown = await client().check(query('999999999MVA'));
    expect(unknown).toMatchObject({ valid: false, requestDate: '2026-11-22' });
    expect(unknown.entityStatus).toBeUndefined();
    expect(await client().check(query('666666666MVA'))).toMatchObject({ valid: false, entityStatus: ['DELETED'] });
  });

  it('refuses a number of another country or another shape before asking, and passes on a 400 as an input answer', async () => {
    const before = fake.requests.length;
    expect(await failure(client().check({ countryCode: 'SE', vatNumber: '111111111' }))).toMatchObject({ scope: 'input' });
    expect(await failure(client().check(query('1111MVA')))).toMatchObject({ scope: 'input' });
    expect(fake.requests.length).toBe(before);
    fake.behave({ kind: 'body', status: 400, body: '{"status":400,"error":"Bad Request"}' }, 1);
    expect(await failure(client().check(query('111111111MVA')))).toMatchObject({ scope: 'input', retryable: false, status: 400 });
  });

  describe('no readable answer: an outage, never a "not registered"', () => {
    it('503 is retryable; another 4xx is not', async () => {
      fake.behave({ kind: 'down' }, 1);
      expect(await failure(client().check(query('111111111MVA')))).toMatchObject({ kind: 'http', status: 503, scope: 'outage', retryable: true });
      fake.behave({ kind: 'body', status: 403, body: '{}' }, 1);
      expect(await failure(client().check(query('111111111MVA')))).toMatchObject({ kind: 'http', status: 403, scope: 'outage', retryable: false });
    });

    it('a 200 that is not JSON, or an entity without registrertIMvaregisteret, is malformed', async () => {
      fake.behave({ kind: 'body', status: 200, body: '{"navn":"FJORD' }, 1);
      expect(await failure(client().check(query('111111111MVA')))).toMatchObject({ kind: 'malformed', scope: 'outage', retryable: true });
      fake.behave({ kind: 'body', status: 200, body: '{"navn":"FJORD FISK AS"}' }, 1);
      expect(await failure(client().check(query('111111111MVA')))).toMatchObject({ kind: 'malformed' });
    });

    it('times out, reports a closed connection, and ends when the signal fires', async () => {
      await expectTransportOutages(fake, client, query('111111111MVA'));
    });
  });

  it('replySha256 is the SHA-256 of the reply bytes as received', async () => {
    const answer = await client().check(query('111111111MVA'));
    expect(answer.replySha256).toBe(createHash('sha256').update(Buffer.from(brregEntityJson('111111111', ACTIVE), 'utf8')).digest('hex'));
  });

  it('loads lazily and answers the same', async () => {
    expect(await lazyBrregClient({ url: fake.url }).check(query('111111111MVA'))).toMatchObject({ valid: true, name: 'FJORD FISK AS' });
  });
});
