import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TedbError, tedbRatesSource, TEDB_URL } from '../../../src/adapters/tedb/source.js';
import { tedbRatesSource as exportedSource } from '../../../src/adapters/index.js';
import { EU_MEMBER_STATES } from '../../../src/vat/reference/member-states.js';
import {
  expectedRatesFor,
  SOAP_ACTION,
  startTedbFake,
  tedbRowsFor,
  type CountrySpec,
  type EnvelopeStyle,
  type TedbFake,
} from '../../support/fakes/tedb.js';

// The test's own rates: round numbers that are nobody's real rates, in the shapes TEDB uses.
const germanyLike: CountrySpec = { memberState: 'DE', situationOn: '2025-07-01+02:00', standard: '18.0', reduced: ['6.0'] };
const franceLike: CountrySpec = {
  memberState: 'FR', situationOn: '2025-07-01+02:00', standard: '21.0', reduced: ['5.5', '11.0'], superReduced: ['2.2'],
  region: [{ value: '0.8', comment: 'For Corsica: first performances & circus' }, { value: '8.0', comment: 'In Martinique, Guadeloupe and Réunion "8 %"' }],
};
const spainLike: CountrySpec = { memberState: 'ES', situationOn: '2025-07-01+02:00', standard: '22.0', reduced: ['9.0'], superReduced: ['3.0'], places: [{ value: '6.0', place: 'Canary Islands' }] };
const greeceLike: CountrySpec = { memberState: 'EL', situationOn: '2025-01-01+01:00', standard: '23.0', reduced: ['6.0', '13.0'], parking: ['13.0'] };
const specs = [germanyLike, franceLike, spainLike, greeceLike];

let fake: TedbFake;

beforeAll(async () => {
  fake = await startTedbFake();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.behave('answer');
  fake.style = 'captured';
  fake.rows = specs.flatMap(tedbRowsFor);
});

const source = (timeoutMs = 2000) => tedbRatesSource({ url: fake.url, timeoutMs });

describe('tedbRatesSource', () => {
  it('is what verifield/adapters exports, aimed at the Commission by default', () => {
    expect(exportedSource).toBe(tedbRatesSource);
    expect(TEDB_URL).toBe('https://ec.europa.eu/taxation_customs/tedb/ws/VatRetrievalService');
  });

  it('asks for the 27 member states on the date, with the SOAPAction and content type of the protocol', async () => {
    fake.rows = specs.flatMap(tedbRowsFor);
    const before = fake.calls;
    await source().fetchRates('2025-08-12');
    expect(fake.calls - before).toBe(1);
    const request = fake.requests.at(-1);
    expect(request?.soapAction).toBe(SOAP_ACTION);
    expect(request?.contentType).toMatch(/^text\/xml; charset=utf-8$/i);
    expect(request?.memberStates).toEqual([...EU_MEMBER_STATES]);
    expect(request?.memberStates).toContain('EL');
    expect(request?.memberStates).not.toContain('GR');
    expect(request?.situationOn).toBe('2025-08-12');
  });

  it('maps the answer: duplicates collapsed, import rows and 0 % left out, regional rates with their notes', async () => {
    fake.rows = specs.flatMap(tedbRowsFor);
    const rates = await source().fetchRates('2025-08-12');
    expect(rates).toEqual([germanyLike, greeceLike, spainLike, franceLike].map(expectedRatesFor));
    expect(rates.find((r) => r.countryCode === 'FR')?.regionalRates).toEqual([
      { rate: 0.8, note: 'For Corsica: first performances & circus' },
      { rate: 8, note: 'In Martinique, Guadeloupe and Réunion "8 %"' },
    ]);
  });

  it('reads the answer the same way whatever prefixes the envelope uses', async () => {
    fake.rows = specs.flatMap(tedbRowsFor);
    const expected = await source().fetchRates('2025-08-12');
    for (const style of ['prefixed', 'swapped', 'pretty'] satisfies EnvelopeStyle[]) {
      fake.style = style;
      expect(await source().fetchRates('2025-08-12')).toEqual(expected);
    }
  });

  it('asks for the date given and gets the rates in force then', async () => {
    fake.rows = [
      ...tedbRowsFor({ memberState: 'EE', situationOn: '2024-01-01+01:00', standard: '22.0', reduced: ['9.0'] }),
      ...tedbRowsFor({ memberState: 'EE', situationOn: '2025-07-01+02:00', standard: '24.0', reduced: ['9.0', '13.0'] }),
    ];
    expect(await source().fetchRates('2025-06-30')).toMatchObject([{ countryCode: 'EE', standardRate: 22, situationOn: '2024-01-01' }]);
    expect(await source().fetchRates('2025-07-01')).toMatchObject([{ countryCode: 'EE', standardRate: 24, reducedRates: [9, 13], situationOn: '2025-07-01' }]);
  });

  it('maps any generated set of states served over HTTP to the rates they were built from', async () => {
    const literal = fc.tuple(fc.integer({ min: 1, max: 20 }), fc.constantFrom('.0', '.5', '.05')).map(([w, f]) => `${w}${f}`);
    const note = fc.stringMatching(/^[A-Z][a-zé]{1,8}( ([a-z&"']{1,6}|<5|>3)){0,3}$/);
    const state = fc.record({
      situationOn: fc.constantFrom('2025-07-01+02:00', '2025-01-01+01:00'),
      standard: fc.integer({ min: 21, max: 27 }).map((n) => `${n}.0`),
      reduced: fc.array(literal, { maxLength: 3 }),
      superReduced: fc.array(literal, { maxLength: 1 }),
      parking: fc.array(literal, { maxLength: 1 }),
      region: fc.array(fc.record({ value: literal, comment: note }), { maxLength: 2 }),
    });
    const states = fc.uniqueArray(fc.constantFrom(...EU_MEMBER_STATES), { minLength: 1, maxLength: 5 }).chain((codes) =>
      fc.tuple(...codes.map((code) => state.map((s): CountrySpec => ({ ...s, memberState: code })))),
    );
    await fc.assert(
      fc.asyncProperty(states, fc.constantFrom<EnvelopeStyle>('captured', 'prefixed', 'swapped'), async (generated, style) => {
        fake.rows = generated.flatMap(tedbRowsFor);
        fake.style = style;
        const expected = generated.map(expectedRatesFor).sort((a, b) => (a.countryCode < b.countryCode ? -1 : 1));
        expect(await source().fetchRates('2025-08-12')).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });

  describe('failures, each a TedbError', () => {
    const failure = async (promise: Promise<unknown>): Promise<TedbError> => {
      const error = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TedbError);
      return error as TedbError;
    };

    it('surfaces TEDB-ERR-2 for unknown member states, with TEDB\'s own list, as not retryable', async () => {
      const error = await failure(source().retrieveVatRates({ memberStates: ['DE', 'XX', 'UK'], situationOn: '2025-08-12' }));
      expect(error).toMatchObject({ kind: 'fault', faultCode: 'TEDB-ERR-2', status: 500, retryable: false });
      expect(error.errors).toEqual([
        { code: '00002', description: 'The Member State "XX" does not exist.' },
        { code: '00002', description: 'The Member State "UK" does not exist.' },
      ]);
      expect(error.message).toContain('The Member State "XX" does not exist.');
    });

    it('surfaces a server fault sent with status 200 as a retryable fault', async () => {
      fake.behave('fault-200', 1);
      const error = await failure(source().fetchRates('2025-08-12'));
      expect(error).toMatchObject({ kind: 'fault', faultCode: 'TEDB-ERR-1', status: 200, retryable: true });
    });

    it('times out when TEDB never answers', async () => {
      fake.behave('hang', 1);
      const started = Date.now();
      const error = await failure(source(150).fetchRates('2025-08-12'));
      expect(error).toMatchObject({ kind: 'timeout', retryable: true });
      expect(Date.now() - started).toBeLessThan(3000);
    });

    it('times out when TEDB sends headers and stalls the body', async () => {
      fake.behave('stall', 1);
      expect(await failure(source(300).fetchRates('2025-08-12'))).toMatchObject({ kind: 'timeout', retryable: true });
    });

    it('reports a reset connection as a network failure', async () => {
      fake.behave('reset', 1);
      expect(await failure(source().fetchRates('2025-08-12'))).toMatchObject({ kind: 'network', retryable: true });
    });

    it('reports truncated XML as malformed, never as rates', async () => {
      fake.behave('truncate', 1);
      expect(await failure(source().fetchRates('2025-08-12'))).toMatchObject({ kind: 'malformed', status: 200, retryable: true });
    });

    it('reports an HTML error page as an http failure with its status', async () => {
      fake.behave('html-503', 1);
      expect(await failure(source().fetchRates('2025-08-12'))).toMatchObject({ kind: 'http', status: 503, retryable: true });
    });

    it('reports a wrong address (HTTP 404 without a fault) as an http failure not worth retrying', async () => {
      const wrong = tedbRatesSource({ url: fake.url, timeoutMs: 2000, fetch: async () => new Response('<html>Not Found</html>', { status: 404 }) });
      expect(await failure(wrong.fetchRates('2025-08-12'))).toMatchObject({ kind: 'http', status: 404, retryable: false });
    });

    it('reports an unreachable endpoint as a network failure', async () => {
      const closed = await startTedbFake();
      const url = closed.url;
      await closed.close();
      const error = await failure(tedbRatesSource({ url, timeoutMs: 2000 }).fetchRates('2025-08-12'));
      expect(error.kind).toBe('network');
    });

    it('stops when the caller aborts, as a non-retryable failure', async () => {
      fake.behave('hang', 1);
      const controller = new AbortController();
      const pending = source(5000).fetchRates('2025-08-12', controller.signal);
      setTimeout(() => controller.abort(), 50);
      expect(await failure(pending)).toMatchObject({ kind: 'aborted', retryable: false });
    });

    it('refuses to send a malformed question', async () => {
      const before = fake.calls;
      await expect(source().fetchRates('12/08/2025')).rejects.toThrow(RangeError);
      await expect(source().retrieveVatRates({ memberStates: ['de'], situationOn: '2025-08-12' })).rejects.toThrow(RangeError);
      await expect(source().retrieveVatRates({ memberStates: [], situationOn: '2025-08-12' })).rejects.toThrow(RangeError);
      expect(fake.calls).toBe(before);
    });
  });

  it('counts every call the fake received', async () => {
    const before = fake.calls;
    await source().fetchRates('2025-08-12');
    await source().retrieveVatRates({ memberStates: ['XX'], situationOn: '2025-08-12' }).catch(() => undefined);
    expect(fake.calls - before).toBe(2);
  });
});
