import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  checkVatEnvelope,
  readViesResponse,
  VIES_FAULTS,
  VIES_URL,
  viesFaultCodeOf,
  viesSoapClient,
} from '../../src/adapters/vies-soap.js';
import * as adapters from '../../src/adapters/index.js';
import { VatRegistryError } from '../../src/ports.js';
import { FAULT_CODES, faultXml, readViesRequest, responseXml, type FakeStyle, type ViesFake } from '../support/fakes/vies.js';
import { abortedWhileHeld, DE, ES, FR, LU, startViesFakeWithTraders } from '../support/fakes/vies-traders.js';
import { rejectionOf } from '../support/rejection.js';
import { repoRoot } from '../support/repo-root.js';

let fake: ViesFake;

/** The table of docs/protocols.md#vies-faults as the meanings it states, by code. */
function documentedFaults(): Record<string, { scope: string; retryable: boolean }> {
  const page = readFileSync(join(repoRoot, 'docs/protocols.md'), 'utf8');
  const section = page.slice(page.indexOf('### VIES faults'), page.indexOf('### VIES test service'));
  const meanings: Record<string, { scope: string; retryable: boolean }> = {};
  for (const row of section.split('\n').filter((line) => line.startsWith('| `'))) {
    const [codes = '', , scope = '', retry = ''] = row.split('|').slice(1, -1).map((cell) => cell.trim());
    for (const [, code = ''] of codes.matchAll(/`(\w+)`/g)) meanings[code] = { scope: scope.split(' ')[0] ?? '', retryable: retry.startsWith('yes') };
  }
  return meanings;
}

beforeAll(async () => {
  fake = await startViesFakeWithTraders();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.reset();
  fake.style = 'current';
});

const client = (timeoutMs = 2000) => viesSoapClient({ url: fake.soapUrl, timeoutMs });

const failure = (promise: Promise<unknown>): Promise<VatRegistryError> => rejectionOf(promise, VatRegistryError);

describe('viesSoapClient', () => {
  it('is what verifield/adapters exports, aimed at the Commission by default', () => {
    expect(adapters.viesSoapClient).toBe(viesSoapClient);
    expect(adapters.VatRegistryError).toBe(VatRegistryError);
    expect(VIES_URL).toBe('https://ec.europa.eu/taxation_customs/vies/services/checkVatService');
  });

  it('posts checkVat with the empty SOAPAction and text/xml, the number without its prefix', async () => {
    await client().checkVat(LU.countryCode, LU.vatNumber);
    const request = fake.requests.at(-1);
    expect(request?.operation).toBe('checkVat');
    expect(request?.soapAction).toBe('""');
    expect(request?.contentType).toMatch(/^text\/xml; charset=utf-8$/i);
    expect(request?.fields).toEqual({ countryCode: 'LU', vatNumber: '11112222' });
  });

  it('reads a registered number with its name and address, XML entities decoded and line breaks kept', async () => {
    const answer = await client().checkVat(LU.countryCode, LU.vatNumber);
    expect(answer).toMatchObject({
      operation: 'checkVat',
      valid: true,
      countryCode: 'LU',
      vatNumber: '11112222',
      name: 'AL&FA <TAXI> "KG"',
      address: 'RUE DU NORD 1\nL-1111  LUXEMBOURG',
    });
  });

  it('keeps requestDate as the date VIES wrote, never shifted by its offset', async () => {
    fake.requestDate = '2026-01-01+02:00';
    try {
      const answer = await client().checkVat(LU.countryCode, LU.vatNumber);
      expect(answer.requestDate).toBe('2026-01-01');
      expect(answer.requestDateText).toBe('2026-01-01+02:00');
    } finally {
      fake.requestDate = '2026-11-22+01:00';
    }
  });

  it('treats --- and empty names and addresses as not disclosed', async () => {
    const withheld = await client().checkVat(DE.countryCode, DE.vatNumber);
    expect(withheld.valid).toBe(true);
    expect(withheld).not.toHaveProperty('name');
    expect(withheld).not.toHaveProperty('address');
    const text = responseXml('checkVatResponse', [
      ['countryCode', 'CZ'],
      ['vatNumber', ''],
      ['requestDate', '2026-03-04+01:00'],
      ['valid', 'false'],
      ['name', ''],
      ['address', ' --- '],
    ]);
    const unknown = readViesResponse(text);
    expect(unknown).toEqual({
      operation: 'checkVat',
      countryCode: 'CZ',
      vatNumber: '',
      valid: false,
      requestDate: '2026-03-04',
      requestDateText: '2026-03-04+01:00',
    });
  });

  it('answers valid: false for a number the registry does not hold, with the empty echo VIES sends', async () => {
    const answer = await client().checkVat('LU', '99999999');
    expect(answer).toMatchObject({ valid: false, vatNumber: '' });
    expect(answer.name).toBeUndefined();
  });

  it.each<FakeStyle>(['current', 'legacy', 'swapped'])('reads the %s envelope form to the same answer (namespaces, never prefixes)', async (style) => {
    fake.style = 'current';
    const reference = await client().checkVat(LU.countryCode, LU.vatNumber);
    const approxReference = await client().checkVatApprox({ ...FR, traderName: 'Dupont' });
    fake.style = style;
    expect(await client().checkVat(LU.countryCode, LU.vatNumber)).toEqual(reference);
    expect(await client().checkVatApprox({ ...FR, traderName: 'Dupont' })).toEqual(approxReference);
    await expect(client().checkVat('LU', '1')).rejects.toMatchObject({ faultCode: 'INVALID_INPUT' });
  });

  it('escapes what it sends: a trader name with markup reaches VIES as typed', async () => {
    await client().checkVatApprox({ ...FR, traderName: 'Dupont & <Fils> "SA"' });
    expect(fake.requests.at(-1)?.fields.traderName).toBe('Dupont & <Fils> "SA"');
  });

  describe('check (the VatRegistry port)', () => {
    it('uses checkVat for a bare number', async () => {
      const answer = await client().check(LU);
      expect(fake.requests.at(-1)?.operation).toBe('checkVat');
      expect(answer.valid).toBe(true);
    });

    it('uses checkVatApprox with the trader name, and reads the published name with match code NOT_PROCESSED', async () => {
      const answer = await client().check({ ...FR, traderName: '  Boulangerie Dupont ' });
      expect(fake.requests.at(-1)).toMatchObject({ operation: 'checkVatApprox', fields: { ...FR, traderName: 'Boulangerie Dupont' } });
      expect(answer).toMatchObject({ valid: true, name: 'BOULANGERIE DUPONT', address: '1 RUE DE PARIS 75001 PARIS', traderNameMatch: 'NOT_PROCESSED' });
      expect(answer.requestIdentifier).toBeUndefined();
    });

    it("reads Spain's own comparison and does not mistake its echo of the name for a disclosed one", async () => {
      const match = await client().check({ ...ES, traderName: 'Panaderia Sol' });
      expect(match.traderNameMatch).toBe('VALID');
      expect(match.name).toBeUndefined();
      const mismatch = await client().check({ ...ES, traderName: 'Other Company' });
      expect(mismatch.traderNameMatch).toBe('INVALID');
      expect(mismatch.name).toBeUndefined();
    });

    it('sends the requester and returns the consultation number VIES issues', async () => {
      const answer = await client().check({ ...LU, requester: { countryCode: 'BE', vatNumber: '0999888777' } });
      expect(fake.requests.at(-1)).toMatchObject({
        operation: 'checkVatApprox',
        fields: { countryCode: 'LU', vatNumber: '11112222', requesterCountryCode: 'BE', requesterVatNumber: '0999888777' },
      });
      expect(answer.requestIdentifier).toMatch(/^WAPI[0-9A-Z]{12}$/);
      expect(answer.name).toBe('AL&FA <TAXI> "KG"');
    });

    it('passes the signal: aborting ends the call', async () => {
      const { pending } = await abortedWhileHeld(fake, (signal) => client(5000).check(LU, signal));
      const error = await failure(pending);
      expect(error).toMatchObject({ kind: 'aborted', scope: 'outage' });
    });
  });

  describe('faults, read from the body whatever the HTTP status', () => {
    it('knows every code of the fake (every documented code), each meaning what docs/protocols.md#vies-faults says', () => {
      expect(Object.keys(VIES_FAULTS).sort()).toEqual([...FAULT_CODES].sort());
      expect(VIES_FAULTS).toEqual(documentedFaults());
    });

    for (const code of FAULT_CODES) {
      for (const status of [500, 200]) {
        it(`${code} with HTTP ${status}`, async () => {
          fake.behave({ kind: 'fault', code, status }, { times: 1 });
          const error = await failure(client().check(LU));
          expect(error).toMatchObject({ kind: 'fault', faultCode: code, status, ...VIES_FAULTS[code] });
          expect(error.message).toContain(code);
        });
      }
    }

    it('answers INVALID_INPUT itself for a country VIES does not cover', async () => {
      const error = await failure(client().checkVat('GB', '123456789'));
      expect(error).toMatchObject({ faultCode: 'INVALID_INPUT', scope: 'input', retryable: false });
    });

    it('finds the code inside a wrapped faultstring, and treats an unknown fault as a retryable outage', () => {
      expect(viesFaultCodeOf('{ MS_UNAVAILABLE } [Server]')).toBe('MS_UNAVAILABLE');
      expect(viesFaultCodeOf('GLOBAL_MAX_CONCURRENT_REQ_TIME')).toBe('GLOBAL_MAX_CONCURRENT_REQ_TIME');
      expect(viesFaultCodeOf('Something else')).toBeNull();
      let error: unknown;
      try {
        readViesResponse(faultXml('The given SOAPAction urn:x does not match an operation.', 'current', 'Client'), 500);
      } catch (caught) {
        error = caught;
      }
      expect(error).toMatchObject({ kind: 'fault', scope: 'outage', retryable: true });
      expect((error as VatRegistryError).faultCode).toContain('SOAPAction');
    });
  });

  describe('no readable answer', () => {
    it('times out on a VIES that never answers', async () => {
      fake.behave({ kind: 'hang' }, { times: 1 });
      const started = Date.now();
      const error = await failure(client(300).check(LU));
      expect(Date.now() - started).toBeLessThan(2000);
      expect(error).toMatchObject({ kind: 'timeout', scope: 'outage', retryable: true });
    });

    it('times out on an answer that stalls half way', async () => {
      fake.behave({ kind: 'stall' }, { times: 1 });
      expect(await failure(client(300).check(LU))).toMatchObject({ kind: 'timeout', scope: 'outage' });
    });

    it('reports a closed connection as a network failure', async () => {
      fake.behave({ kind: 'reset' }, { times: 1 });
      expect(await failure(client().check(LU))).toMatchObject({ kind: 'network', scope: 'outage', retryable: true });
    });

    it('reports truncated XML as malformed', async () => {
      fake.behave({ kind: 'truncate' }, { times: 1 });
      expect(await failure(client().check(LU))).toMatchObject({ kind: 'malformed', scope: 'outage', retryable: true });
    });

    it('reports an HTML error page by its status: 503 retryable, 404 not', async () => {
      fake.behave({ kind: 'html', status: 503 }, { times: 1 });
      expect(await failure(client().check(LU))).toMatchObject({ kind: 'http', status: 503, retryable: true });
      fake.behave({ kind: 'html', status: 404 }, { times: 1 });
      expect(await failure(client().check(LU))).toMatchObject({ kind: 'http', status: 404, retryable: false });
    });

    it('refuses a response of another operation or without a valid flag', () => {
      expect(() => readViesResponse(responseXml('somethingElse', [['valid', 'true']]))).toThrow(VatRegistryError);
      expect(() =>
        readViesResponse(responseXml('checkVatResponse', [['countryCode', 'LU'], ['requestDate', '2026-01-01+01:00'], ['valid', 'maybe']])),
      ).toThrow(/valid flag/);
    });

    it('is counted by the fake on every call, failures included', async () => {
      const before = fake.calls;
      fake.behave({ kind: 'fault', code: 'TIMEOUT' }, { times: 1 });
      await failure(client().check(LU));
      await client().check(LU);
      expect(fake.calls - before).toBe(2);
      expect(fake.callsFor('LU')).toBeGreaterThanOrEqual(2);
    });
  });

  describe('replySha256: the hash of the reply as received (evidence)', () => {
    const sha256 = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');
    const approxReply = (name: string): string =>
      responseXml('checkVatApproxResponse', [
        ['countryCode', 'LU'],
        ['vatNumber', '11112222'],
        ['requestDate', '2026-11-22+01:00'],
        ['valid', 'true'],
        ['traderName', name],
        ['traderAddress', 'RUE DU NORD 1'],
        ['requestIdentifier', 'WAPI000000000042'],
      ]);

    it('is the SHA-256 of the exact reply checkVat sent through the port', async () => {
      const answer = await client().check(LU);
      const expected = responseXml('checkVatResponse', [
        ['countryCode', 'LU'],
        ['vatNumber', '11112222'],
        ['requestDate', '2026-11-22+01:00'],
        ['valid', 'true'],
        ['name', 'AL&FA <TAXI> "KG"'],
        ['address', 'RUE DU NORD 1\nL-1111  LUXEMBOURG'],
      ]);
      expect(answer.replySha256).toBe(sha256(expected));
    });

    it('hashes the bytes, not the decoded text: a byte order mark and non-ASCII names count', async () => {
      const body = '\uFEFF' + approxReply('MÜLLER & SØN SARL');
      fake.behave({ kind: 'body', status: 200, contentType: 'text/xml; charset=UTF-8', body }, { times: 1 });
      const answer = await client().check({ ...LU, requester: { countryCode: 'BE', vatNumber: '0999888777' } });
      expect(answer).toMatchObject({ valid: true, name: 'MÜLLER & SØN SARL', requestIdentifier: 'WAPI000000000042' });
      expect(answer.replySha256).toBe(sha256(Buffer.from(body, 'utf8')));
      // Response.text() drops the mark: a hash of the decoded text would differ.
      expect(answer.replySha256).not.toBe(sha256(approxReply('MÜLLER & SØN SARL')));
    });

    it('differs between two replies that differ by one character', async () => {
      fake.behave({ kind: 'body', status: 200, contentType: 'text/xml', body: approxReply('ALFA SARL') }, { times: 1 });
      const first = await client().check({ ...LU, traderName: 'x' });
      fake.behave({ kind: 'body', status: 200, contentType: 'text/xml', body: approxReply('ALFB SARL') }, { times: 1 });
      const second = await client().check({ ...LU, traderName: 'x' });
      expect(first.replySha256).toMatch(/^[0-9a-f]{64}$/);
      expect(second.replySha256).toMatch(/^[0-9a-f]{64}$/);
      expect(first.replySha256).not.toBe(second.replySha256);
    });

    it('leaves faults and time limits as they were: a fault still rejects, a stalled body still times out', async () => {
      fake.behave({ kind: 'fault', code: 'MS_UNAVAILABLE', status: 500 }, { times: 1 });
      expect(await failure(client().check(LU))).toMatchObject({ faultCode: 'MS_UNAVAILABLE', status: 500 });
      fake.behave({ kind: 'stall' }, { times: 1 });
      expect(await failure(client(300).check(LU))).toMatchObject({ kind: 'timeout', scope: 'outage' });
    });

    it('is left off the two operations called directly, which read the same whatever the envelope form', async () => {
      expect(await client().checkVat(LU.countryCode, LU.vatNumber)).not.toHaveProperty('replySha256');
    });
  });

  it('builds a request envelope the fake reads by namespace', () => {
    expect(readViesRequest(checkVatEnvelope('EL', '123456789'))).toEqual({
      operation: 'checkVat',
      fields: { countryCode: 'EL', vatNumber: '123456789' },
    });
  });
});
