import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readViesRestResponse, VIES_REST_URL, viesRestClient } from '../../src/adapters/vies-rest.js';
import { VIES_FAULTS } from '../../src/adapters/vies-faults.js';
import { VIES_STATUS_URL } from '../../src/adapters/vies-status.js';
import * as adapters from '../../src/adapters/index.js';
import { VatRegistryError } from '../../src/ports.js';
import { FAULT_CODES, type ViesFake } from '../support/fakes/vies.js';
import { abortedWhileHeld, DE, ES, FR, LU, REQUESTER, startViesFakeWithTraders } from '../support/fakes/vies-traders.js';
import { rejectionOf } from '../support/rejection.js';

let fake: ViesFake;

beforeAll(async () => {
  fake = await startViesFakeWithTraders();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.reset();
});

const client = (timeoutMs = 2000, fetchImpl?: typeof fetch) => viesRestClient({ url: fake.url, timeoutMs, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
const failure = (promise: Promise<unknown>): Promise<VatRegistryError> => rejectionOf(promise, VatRegistryError);
const sha256 = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');
const thrown = (read: () => unknown): unknown => {
  try {
    read();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('viesRestClient', () => {
  it('is what verifield/adapters exports, aimed at the Commission by default, where the status feed lives too', () => {
    expect(adapters.viesRestClient).toBe(viesRestClient);
    expect(adapters.readViesRestResponse).toBe(readViesRestResponse);
    expect(VIES_REST_URL).toBe('https://ec.europa.eu/taxation_customs/vies/rest-api');
    expect(VIES_STATUS_URL).toBe(`${VIES_REST_URL}/check-status`);
  });

  it('posts JSON to {base}/check-vat-number with the swagger member names, a bare number with nothing else', async () => {
    await client().check(LU);
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ protocol: 'rest', operation: 'check-vat-number' });
    expect(request?.contentType).toMatch(/^application\/json/);
    expect(request?.fields).toEqual({ countryCode: 'LU', vatNumber: '11112222' });
    // A base given with a trailing slash reaches the same endpoint.
    await viesRestClient({ url: `${fake.url}/` }).check(LU);
    expect(fake.requests.at(-1)?.operation).toBe('check-vat-number');
  });

  it('reads a registered number with its name and address, line breaks kept', async () => {
    const answer = await client().check(LU);
    expect(answer).toMatchObject({ valid: true, name: 'AL&FA <TAXI> "KG"', address: 'RUE DU NORD 1\nL-1111  LUXEMBOURG' });
    expect(answer.requestDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers valid: false for a number the registry does not hold', async () => {
    const answer = await client().check({ countryCode: 'LU', vatNumber: '99999999' });
    expect(answer.valid).toBe(false);
    expect(answer).not.toHaveProperty('name');
    expect(answer).not.toHaveProperty('address');
  });

  it('treats ---, empty and null names and addresses as not disclosed', async () => {
    const withheld = await client().check(DE);
    expect(withheld.valid).toBe(true);
    expect(withheld).not.toHaveProperty('name');
    expect(withheld).not.toHaveProperty('address');
    const read = readViesRestResponse(JSON.stringify({ countryCode: 'ES', vatNumber: 'B1', requestDate: '2026-03-04T10:00:00.000Z', valid: true, name: null, address: ' --- ', requestIdentifier: '' }));
    expect(read).toEqual({ countryCode: 'ES', vatNumber: 'B1', valid: true, requestDate: '2026-03-04', requestDateText: '2026-03-04T10:00:00.000Z' });
  });

  it('keeps the day of requestDate as VIES wrote it, never shifted to another time zone', () => {
    const late = readViesRestResponse(JSON.stringify({ countryCode: 'LU', vatNumber: '1', requestDate: '2026-01-01T23:59:59.999Z', valid: true }));
    expect(late.requestDate).toBe('2026-01-01');
  });

  it('sends the trader name trimmed, and reports the match codes the member state gave (Spain compares; others do not)', async () => {
    const match = await client().check({ ...ES, traderName: '  Panaderia Sol ' });
    expect(fake.requests.at(-1)?.fields).toEqual({ ...ES, traderName: 'Panaderia Sol' });
    expect(match.traderNameMatch).toBe('VALID');
    expect(match.name).toBeUndefined();
    expect((await client().check({ ...ES, traderName: 'Other Company' })).traderNameMatch).toBe('INVALID');
    const elsewhere = await client().check({ ...FR, traderName: 'Boulangerie Dupont' });
    expect(elsewhere).toMatchObject({ valid: true, name: 'BOULANGERIE DUPONT', traderNameMatch: 'NOT_PROCESSED' });
    expect(elsewhere.requestIdentifier).toBeUndefined();
  });

  it('sends the requester and returns the consultation number VIES issues', async () => {
    const answer = await client().check({ ...LU, requester: REQUESTER });
    expect(fake.requests.at(-1)?.fields).toEqual({ ...LU, requesterMemberStateCode: 'BE', requesterNumber: '0999888777' });
    expect(answer.requestIdentifier).toMatch(/^WAPI[0-9A-Z]{12}$/);
    expect(answer.name).toBe('AL&FA <TAXI> "KG"');
  });

  it('reads the other match codes of a direct checkVatNumber call', () => {
    const read = readViesRestResponse(
      JSON.stringify({ countryCode: 'ES', vatNumber: 'B1', requestDate: '2026-03-04T10:00:00Z', valid: true, traderStreetMatch: 'VALID', traderCityMatch: 'INVALID', traderPostalCodeMatch: 'NOT_PROCESSED', traderCompanyTypeMatch: 'MAYBE' }),
    );
    expect(read).toMatchObject({ traderStreetMatch: 'VALID', traderCityMatch: 'INVALID', traderPostalCodeMatch: 'NOT_PROCESSED' });
    expect(read).not.toHaveProperty('traderCompanyTypeMatch');
  });

  describe('errors, read from the body whatever the HTTP status', () => {
    for (const code of FAULT_CODES) {
      for (const status of [400, 500, 200]) {
        it(`${code} with HTTP ${status}: the meaning the SOAP fault of that code has`, async () => {
          fake.behave({ kind: 'fault', code, status }, { times: 1 });
          const error = await failure(client().check(LU));
          expect(error).toMatchObject({ kind: 'fault', faultCode: code, status, ...VIES_FAULTS[code] });
          expect(error.message).toContain(code);
        });
      }
    }

    it('answers INVALID_INPUT itself for a country VIES does not cover', async () => {
      const error = await failure(client().check({ countryCode: 'GB', vatNumber: '123456789' }));
      expect(error).toMatchObject({ faultCode: 'INVALID_INPUT', scope: 'input', retryable: false });
    });

    it('answers INVALID_REQUESTER_INFO for a requester it does not hold', async () => {
      const error = await failure(client().check({ ...LU, requester: { countryCode: 'BE', vatNumber: '0111111111' } }));
      expect(error).toMatchObject({ faultCode: 'INVALID_REQUESTER_INFO', scope: 'requester', retryable: false });
    });

    it('takes an unknown code, or an error body without one, for a retryable outage, never for an answer', () => {
      const unknown = thrown(() => readViesRestResponse('{"actionSucceed":false,"errorWrappers":[{"error":"SOMETHING_NEW","message":"x"}]}', 500));
      expect(unknown).toMatchObject({ kind: 'fault', faultCode: 'SOMETHING_NEW', scope: 'outage', retryable: true, status: 500 });
      const bare = thrown(() => readViesRestResponse('{"actionSucceed":false}', 200));
      expect(bare).toMatchObject({ kind: 'fault', faultCode: 'UNKNOWN_FAULT', scope: 'outage', retryable: true });
      // Even beside the members of an answer: an error body is never read as valid: false.
      const mixed = thrown(() => readViesRestResponse('{"valid":false,"requestDate":"2026-01-01T00:00:00Z","errorWrappers":[{"error":"MS_UNAVAILABLE"}]}', 200));
      expect(mixed).toMatchObject({ kind: 'fault', faultCode: 'MS_UNAVAILABLE' });
    });
  });

  describe('no readable answer', () => {
    it('reports HTTP 500 without JSON by its status: retryable; a 404 page is not', async () => {
      fake.behave({ kind: 'html', status: 500 }, { times: 1 });
      expect(await failure(client().check(LU))).toMatchObject({ kind: 'http', status: 500, faultCode: null, scope: 'outage', retryable: true });
      fake.behave({ kind: 'html', status: 404 }, { times: 1 });
      expect(await failure(client().check(LU))).toMatchObject({ kind: 'http', status: 404, retryable: false });
    });

    it('reports a non-2xx JSON body that is not an error body as http', () => {
      expect(thrown(() => readViesRestResponse('{"status":"down"}', 503))).toMatchObject({ kind: 'http', status: 503, retryable: true });
    });

    it('reports truncated JSON, an empty body and an answer without a boolean valid as malformed', async () => {
      fake.behave({ kind: 'truncate' }, { times: 1 });
      expect(await failure(client().check(LU))).toMatchObject({ kind: 'malformed', scope: 'outage', retryable: true });
      fake.behave({ kind: 'body', status: 200, contentType: 'application/json', body: '' }, { times: 1 });
      expect(await failure(client().check(LU))).toMatchObject({ kind: 'malformed' });
      fake.behave({ kind: 'body', status: 200, contentType: 'application/json', body: '{"valid":"false","requestDate":"2026-01-01T00:00:00Z"}' }, { times: 1 });
      expect(await failure(client().check(LU))).toMatchObject({ kind: 'malformed' });
      expect(thrown(() => readViesRestResponse('{"valid":true,"requestDate":"yesterday"}'))).toMatchObject({ kind: 'malformed' });
      // The web front-end's own endpoint answers in other words (isValid, userError): not this API's answer.
      expect(thrown(() => readViesRestResponse('{"isValid":true,"requestDate":"2026-01-01T00:00:00Z","userError":"VALID"}'))).toMatchObject({ kind: 'malformed' });
    });

    it('times out on a VIES that never answers, and on an answer that stalls half way', async () => {
      fake.behave({ kind: 'hang' }, { times: 1 });
      const started = Date.now();
      expect(await failure(client(300).check(LU))).toMatchObject({ kind: 'timeout', scope: 'outage', retryable: true });
      expect(Date.now() - started).toBeLessThan(2000);
      fake.behave({ kind: 'stall' }, { times: 1 });
      expect(await failure(client(300).check(LU))).toMatchObject({ kind: 'timeout', scope: 'outage' });
    });

    it('reports a closed connection as a network failure', async () => {
      fake.behave({ kind: 'reset' }, { times: 1 });
      expect(await failure(client().check(LU))).toMatchObject({ kind: 'network', scope: 'outage', retryable: true });
    });

    it('passes the signal: aborting ends the call, and an aborted signal stops it before it starts', async () => {
      const { pending } = await abortedWhileHeld(fake, (signal) => client(5000).check(LU, signal));
      expect(await failure(pending)).toMatchObject({ kind: 'aborted', scope: 'outage' });
      const before = fake.calls;
      expect(await failure(client().check(LU, AbortSignal.abort()))).toMatchObject({ kind: 'aborted' });
      expect(fake.calls).toBe(before);
    });
  });

  describe('replySha256: the hash of the reply as received (evidence)', () => {
    it('is the SHA-256 of the bytes the fake sent', async () => {
      let received: Uint8Array | undefined;
      const recording: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        received = new Uint8Array(await response.clone().arrayBuffer());
        return response;
      };
      const answer = await client(2000, recording).check(LU);
      expect(received?.length).toBeGreaterThan(0);
      expect(answer.replySha256).toBe(sha256(received ?? ''));
    });

    it('hashes the bytes, not the decoded text: a byte order mark and non-ASCII names count', async () => {
      const json = JSON.stringify({ countryCode: 'LU', vatNumber: '11112222', requestDate: '2026-11-22T09:30:00.000Z', valid: true, name: 'MÜLLER & SØN SARL' });
      const body = '\uFEFF' + json;
      fake.behave({ kind: 'body', status: 200, contentType: 'application/json', body }, { times: 1 });
      const answer = await client().check(LU);
      expect(answer.name).toBe('MÜLLER & SØN SARL');
      expect(answer.replySha256).toBe(sha256(Buffer.from(body, 'utf8')));
      expect(answer.replySha256).not.toBe(sha256(json));
    });

    it('differs between two replies that differ by one character', async () => {
      const reply = (name: string) => JSON.stringify({ countryCode: 'LU', vatNumber: '1', requestDate: '2026-11-22T09:30:00Z', valid: true, name });
      fake.behave({ kind: 'body', status: 200, contentType: 'application/json', body: reply('ALFA SARL') }, { times: 1 });
      const first = await client().check(LU);
      fake.behave({ kind: 'body', status: 200, contentType: 'application/json', body: reply('ALFB SARL') }, { times: 1 });
      const second = await client().check(LU);
      expect(first.replySha256).toMatch(/^[0-9a-f]{64}$/);
      expect(first.replySha256).not.toBe(second.replySha256);
    });
  });
});
