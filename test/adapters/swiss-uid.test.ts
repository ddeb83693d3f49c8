import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as adapters from '../../src/adapters/index.js';
import { lazySwissUidClient } from '../../src/adapters/lazy.js';
import { SWISS_UID_FAULTS, SWISS_UID_URL, swissUidClient } from '../../src/adapters/swiss-uid.js';
import { VatRegistryError } from '../../src/ports.js';
import { getByUidResponseXml, startUidFake, type UidEntity, type UidFake } from '../support/fakes/swiss-uid.js';
import { expectTransportOutages } from '../support/registry-outages.js';
import { rejectionOf } from '../support/rejection.js';
import { repoRoot } from '../support/repo-root.js';

let fake: UidFake;
// The test's own entities: invented names and numbers (the adapter does not check digits).
const ACTIVE: UidEntity = { name: 'Muster & Söhne AG', street: 'Bahnhofstrasse', houseNumber: '1', swissZipCode: '8001', town: 'Zürich', vatStatus: '2' };
const query = (vatNumber: string) => ({ countryCode: 'CH', vatNumber });

beforeAll(async () => {
  fake = await startUidFake();
  fake.register('111111111', ACTIVE);
  fake.register('222222222', { name: 'Verein ohne MWST', town: 'Bern', swissZipCode: '3000' });
  fake.register('333333333', { name: 'Ehemals AG', town: 'Basel', swissZipCode: '4000', vatStatus: '3' });
  fake.register('444444444', { name: 'Gruppenmitglied AG', town: 'Luzern', swissZipCode: '6000', vatStatus: '2', uidVat: '555555555' });
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.reset();
});

/** The fault table of docs/fields/vat.md (the UID register's section) as the meanings it states, by code. */
function documentedFaults(): Record<string, { scope: string; retryable: boolean }> {
  const page = readFileSync(join(repoRoot, 'docs/fields/vat.md'), 'utf8');
  const section = page.slice(page.indexOf('### The UID register (CH)'), page.indexOf('### Brønnøysund (NO)'));
  const meanings: Record<string, { scope: string; retryable: boolean }> = {};
  for (const row of section.split('\n').filter((line) => line.startsWith('| `'))) {
    const [code = '', scope = '', retry = ''] = row.split('|').slice(1, -1).map((cell) => cell.trim());
    meanings[code.replace(/`/g, '')] = { scope, retryable: retry.startsWith('yes') };
  }
  return meanings;
}

const client = (timeoutMs = 10_000) => swissUidClient({ url: fake.url, timeoutMs, now: () => new Date('2026-11-22T23:30:00Z') });
const failure = (promise: Promise<unknown>): Promise<VatRegistryError> => rejectionOf(promise, VatRegistryError);

describe('swissUidClient', () => {
  it('is what verifield/adapters exports, aimed at the public services by default', () => {
    expect(adapters.swissUidClient).toBe(swissUidClient);
    expect(SWISS_UID_URL).toBe('https://www.uid-wse.admin.ch/V5.0/PublicServices.svc');
  });

  it('asks GetByUID once with its SOAPAction and the UID as CHE and 9 digits, whatever suffix the number has', async () => {
    for (const vatNumber of ['E111111111', 'E111111111MWST', 'E111111111TVA', 'E111.111.111 IVA']) {
      const before = fake.requests.length;
      await client().check(query(vatNumber));
      expect(fake.requests.length - before).toBe(1);
      expect(fake.requests.at(-1)).toEqual({
        soapAction: 'http://www.uid.admin.ch/xmlns/uid-wse/IPublicServices/GetByUID',
        operation: 'GetByUID',
        category: 'CHE',
        uid: '111111111',
      });
    }
  });

  it('reads an entity active in the VAT register: registered, with name and address, dated by its clock', async () => {
    const answer = await client().check(query('E111111111'));
    expect(answer).toEqual({
      valid: true,
      name: 'Muster & Söhne AG',
      address: 'Bahnhofstrasse 1\n8001 Zürich',
      requestDate: '2026-11-22',
      replySha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('says NOT_VAT_REGISTERED for an entity without an active VAT entry under its own number', async () => {
    for (const digits of ['222222222', '333333333', '444444444']) {
      const answer = await client().check(query(`E${digits}`));
      expect(answer).toMatchObject({ valid: false, entityStatus: ['NOT_VAT_REGISTERED'] });
      expect(answer.name).toBeDefined();
    }
  });

  it('answers valid: false without an entity status for a UID the register does not know', async () => {
    const answer = await client().check(query('E999999999'));
    expect(answer).toMatchObject({ valid: false, requestDate: '2026-11-22' });
    expect(answer.entityStatus).toBeUndefined();
    expect(answer.name).toBeUndefined();
  });

  it('refuses a number of another country or another shape before asking', async () => {
    const before = fake.requests.length;
    expect(await failure(client().check({ countryCode: 'LI', vatNumber: 'E111111111' }))).toMatchObject({ scope: 'input', retryable: false });
    expect(await failure(client().check(query('E1111')))).toMatchObject({ scope: 'input', retryable: false });
    expect(fake.requests.length).toBe(before);
  });

  describe('faults', () => {
    it('Request_limit_exceeded (the public 20 a minute) is a retryable outage', async () => {
      fake.limit = 1;
      await client().check(query('E111111111'));
      const error = await failure(client().check(query('E111111111')));
      expect(error).toMatchObject({ kind: 'fault', faultCode: 'Request_limit_exceeded', scope: 'outage', retryable: true, status: 500 });
    });

    it('knows the faults docs/fields/vat.md lists, each meaning what it says', () => {
      expect(SWISS_UID_FAULTS).toEqual(documentedFaults());
    });

    it.each(Object.entries(SWISS_UID_FAULTS))('%s means what the table says', async (code, meaning) => {
      fake.behave({ kind: 'fault', code }, 1);
      expect(await failure(client().check(query('E111111111')))).toMatchObject({ kind: 'fault', faultCode: code, ...meaning });
    });

    it('an unknown fault is a retryable outage that keeps its code', async () => {
      fake.behave({ kind: 'fault', code: 'Something_new' }, 1);
      expect(await failure(client().check(query('E111111111')))).toMatchObject({ faultCode: 'Something_new', scope: 'outage', retryable: true });
    });
  });

  describe('no readable answer: an outage', () => {
    it('a maintenance page (503) is retryable', async () => {
      fake.behave({ kind: 'down' }, 1);
      expect(await failure(client().check(query('E111111111')))).toMatchObject({ kind: 'http', status: 503, scope: 'outage', retryable: true });
    });

    it('truncated XML and the response of another operation are malformed', async () => {
      fake.behave({ kind: 'truncate' }, 1);
      expect(await failure(client().check(query('E111111111')))).toMatchObject({ kind: 'malformed', scope: 'outage', retryable: true });
      const other = getByUidResponseXml('111111111', ACTIVE).replace(/GetByUIDResponse/g, 'SearchResponse');
      fake.behave({ kind: 'body', status: 200, body: other }, 1);
      expect(await failure(client().check(query('E111111111')))).toMatchObject({ kind: 'malformed' });
    });

    it('times out, reports a closed connection, and ends when the signal fires', async () => {
      await expectTransportOutages(fake, client, query('E111111111'));
    });
  });

  it('replySha256 is the SHA-256 of the reply bytes as received', async () => {
    const answer = await client().check(query('E111111111'));
    const expected = createHash('sha256').update(Buffer.from(getByUidResponseXml('111111111', ACTIVE), 'utf8')).digest('hex');
    expect(answer.replySha256).toBe(expected);
    const other = await client().check(query('E222222222'));
    expect(other.replySha256).not.toBe(expected);
  });

  it('loads lazily and answers the same', async () => {
    expect(await lazySwissUidClient({ url: fake.url }).check(query('E111111111'))).toMatchObject({ valid: true, name: 'Muster & Söhne AG' });
  });
});
