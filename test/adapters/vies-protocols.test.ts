/**
 * The two VIES adapters are one registry to their callers: for the same numbers, the REST client
 * (the default) and the SOAP client answer the same through the port, and fail the same way, so
 * the cache, the breaker, the pacing of busy faults and the evidence do not depend on the protocol.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { viesRestClient } from '../../src/adapters/vies-rest.js';
import { viesSoapClient } from '../../src/adapters/vies-soap.js';
import { VatRegistryError, type VatRegistry, type VatRegistryAnswer, type VatRegistryQuery } from '../../src/ports.js';
import { BUSY_FAULTS } from '../../src/server/pipeline/pacing.js';
import { FAULT_CODES, type FakeBehaviour, type ViesFake } from '../support/fakes/vies.js';
import { DE, ES, LU, REQUESTER, startViesFakeWithTraders } from '../support/fakes/vies-traders.js';
import { rejectionOf } from '../support/rejection.js';

let fake: ViesFake;
let clients: { rest: VatRegistry; soap: VatRegistry };

beforeAll(async () => {
  fake = await startViesFakeWithTraders();
  clients = { rest: viesRestClient({ url: fake.url, timeoutMs: 2000 }), soap: viesSoapClient({ url: fake.soapUrl, timeoutMs: 2000 }) };
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.reset();
});

/** What a caller of the port reads; the consultation number by its form (each call gets a new one). */
function portView(answer: VatRegistryAnswer, query: VatRegistryQuery): Record<string, unknown> {
  return {
    valid: answer.valid,
    name: answer.name,
    address: answer.address,
    requestDate: answer.requestDate,
    traderNameMatch: query.traderName === undefined ? 'not asked' : answer.traderNameMatch,
    requestIdentifier: answer.requestIdentifier === undefined ? null : /^WAPI\w{12}$/.test(answer.requestIdentifier),
    hashed: /^[0-9a-f]{64}$/.test(answer.replySha256 ?? ''),
  };
}

const QUERIES: [string, VatRegistryQuery][] = [
  ['a registered number with its name', LU],
  ['a number nobody holds', { countryCode: 'LU', vatNumber: '99999999' }],
  ['a state that withholds names', DE],
  ['a trader name Spain confirms', { ...ES, traderName: 'Panaderia Sol' }],
  ['a trader name Spain refuses', { ...ES, traderName: 'Other SA' }],
  ['a requester', { ...LU, requester: REQUESTER }],
];

describe('VIES over REST and over SOAP', () => {
  it.each(QUERIES)('answer alike: %s', async (_, query) => {
    const rest = portView(await clients.rest.check(query), query);
    const soap = portView(await clients.soap.check(query), query);
    expect(rest).toEqual(soap);
    expect(rest.hashed).toBe(true);
  });

  const failures: [string, FakeBehaviour][] = [
    ...FAULT_CODES.map((code): [string, FakeBehaviour] => [`fault ${code}`, { kind: 'fault', code, status: 500 }]),
    ['an unknown fault', { kind: 'fault', code: 'SOMETHING_NEW', status: 500 }],
    ['a 503 page', { kind: 'html', status: 503 }],
    ['a 404 page', { kind: 'html', status: 404 }],
    ['a truncated answer', { kind: 'truncate' }],
    ['a closed connection', { kind: 'reset' }],
  ];

  it.each(failures)('fail alike: %s', async (_, behaviour) => {
    const seen: Record<string, unknown>[] = [];
    for (const registry of [clients.rest, clients.soap]) {
      fake.behave(behaviour, { times: 1 });
      const error = await rejectionOf(registry.check(LU), VatRegistryError);
      seen.push({ kind: error.kind, faultCode: error.faultCode, scope: error.scope, retryable: error.retryable, status: error.status });
    }
    expect(seen[0]).toEqual(seen[1]);
  });

  it('report the busy faults as codes the pacing waits out (src/server/pipeline/pacing.ts)', async () => {
    const busy = FAULT_CODES.filter((code) => /MAX_CONCURRENT_REQ/.test(code));
    expect(busy).toHaveLength(4);
    for (const code of busy) {
      for (const registry of [clients.rest, clients.soap]) {
        fake.behave({ kind: 'fault', code, status: 500 }, { times: 1 });
        const error = await rejectionOf(registry.check(LU), VatRegistryError);
        expect(BUSY_FAULTS.has(error.faultCode ?? '')).toBe(true);
        expect(error).toMatchObject({ scope: 'outage', retryable: true });
      }
    }
  });
});
