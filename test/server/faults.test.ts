/**
 * Faults of every dependency, injected through the loopback fakes, seen from the HTTP service
 * (docs/fields/vat.md#registration-verdict, docs/fields/email.md#dns): VIES faults of every code with HTTP 500 and 200, hangs, resets, truncated,
 * non-XML, non-JSON and wrong-namespace answers, each through the REST API (the default) and through SOAP; DNS SERVFAIL, REFUSED, silence and truncated UDP answers;
 * RDAP 404, 429, 5xx, hangs and broken JSON; TEDB answers that are not XML or are in other
 * namespaces. Every validation still answers 200 (counted once), degraded: a failure never turns
 * into `registered: false`, an email never turns invalid for a DNS failure, the rates stay served.
 * The adapter-level tests of each fault are in test/adapters/ and test/email/verify*.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TedbError, tedbRatesSource } from '../../src/adapters/tedb/source.js';
import type { ValidationResult } from '../../src/result.js';
import { billingPeriod } from '../../src/server/policy/plans.js';
import type { Account } from '../../src/server/storage/types.js';
import { EU_MEMBER_STATES } from '../../src/vat/reference/member-states.js';
import { createRatesService } from '../../src/vat/reference/rates.js';
import { FAULT_CODES, responseXml, SOAP_NS, TYPES_NS, type FakeBehaviour } from '../support/fakes/vies.js';
import { responseXml as tedbResponseXml, startTedbFake, tedbRowsFor, type TedbFake } from '../support/fakes/tedb.js';
import { createAccount, createKey, fakeConfig, MAIL_DOMAINS, post, startFakes, startTestServer, type Fakes, type TestServer } from '../support/server.js';
import { openTestStore } from '../support/store/test-store.js';
import type { Store } from '../../src/server/storage/types.js';
import { luxembourgVat } from '../support/generators/vat.js';

let fakes: Fakes;
let store: Store;
let service: TestServer;
/** The same service set to ask VIES over SOAP (`viesProtocol: 'soap'`), on the same store and clock. */
let soapService: TestServer;
/** The one the VIES tests below are asking. */
let viesService: TestServer;
/** The service's clock: moved forward to age cached VIES answers. */
let nowMs = Date.parse('2026-11-22T09:00:00Z');
let starter: { account: Account; key: string };
let growth: { account: Account; key: string };

beforeAll(async () => {
  fakes = await startFakes();
  store = await openTestStore();
  service = await startTestServer(store, { ...fakeConfig(fakes), now: () => new Date(nowMs) });
  soapService = await startTestServer(store, { ...fakeConfig(fakes), viesProtocol: 'soap', viesUrl: fakes.vies.soapUrl, now: () => new Date(nowMs) });
  viesService = service;
  const starterAccount = await createAccount(store, 'STARTER');
  starter = { account: starterAccount, key: (await createKey(store, starterAccount)).key };
  const growthAccount = await createAccount(store, 'GROWTH');
  growth = { account: growthAccount, key: (await createKey(store, growthAccount)).key };
});

afterAll(async () => {
  await service?.close();
  await soapService?.close();
  await store?.close();
  await fakes?.close();
});

async function used(account: Account): Promise<number> {
  return store.usage.used(account.id, billingPeriod(account.subscriptionStart, new Date(nowMs)).start);
}

// ---------------------------------------------------------------------------------------------
// VIES

let serial = 100_000;
/** A Luxembourg number nobody asked about yet (no cached answer), registered in the fake. */
function freshNumber(registered = true): string {
  const vat = luxembourgVat(String(serial++));
  fakes.vies.register(vat, { valid: registered, name: 'FAULT TEST SARL', address: '1 rue du Test' });
  return vat;
}

async function validateVat(value: string): Promise<{ status: number; body: ValidationResult }> {
  return post(viesService.url, 'vat', { value }, starter.key);
}

/** A live lookup that VIES answers: resets the country's run of failures (no breaker opens). */
async function healthyLookup(): Promise<void> {
  const answer = await validateVat(freshNumber());
  expect(answer.status).toBe(200);
  expect(answer.body.vatDetails).toMatchObject({ registered: true, source: 'LIVE', vies_available: true });
}

/** Wrong answers as bodies: none of them may be read as a verdict, whatever its `valid` says. */
function answerXml(valid: boolean, typesNamespace = TYPES_NS, soapNamespace = SOAP_NS): string {
  const xml = responseXml('checkVatResponse', [
    ['countryCode', 'LU'],
    ['vatNumber', ''],
    ['requestDate', '2026-11-22+01:00'],
    ['valid', String(valid)],
    ['name', '---'],
    ['address', '---'],
  ]);
  return xml.replace(TYPES_NS, typesNamespace).replace(SOAP_NS, soapNamespace);
}

const OUTAGE_CODES = FAULT_CODES.filter((code) => code !== 'INVALID_INPUT' && code !== 'VAT_BLOCKED' && code !== 'INVALID_REQUESTER_INFO');

/** Misbehaviour that is an outage: each must give UNVERIFIED (nothing cached), registered null. */
const OUTAGES: readonly { name: string; behaviour: FakeBehaviour }[] = [
  ...OUTAGE_CODES.flatMap((code) =>
    [500, 200].map((status) => ({ name: `fault ${code} with HTTP ${status}`, behaviour: { kind: 'fault', code, status } as FakeBehaviour })),
  ),
  { name: 'an unknown fault string', behaviour: { kind: 'fault', code: 'SOMETHING_NEW', status: 500 } },
  { name: 'connection reset', behaviour: { kind: 'reset' } },
  { name: 'truncated XML', behaviour: { kind: 'truncate' } },
  { name: 'HTML 503 page', behaviour: { kind: 'html', status: 503 } },
  { name: 'HTML 404 page', behaviour: { kind: 'html', status: 404 } },
  { name: 'HTML page with HTTP 200', behaviour: { kind: 'html', status: 200 } },
  { name: 'JSON with HTTP 200', behaviour: { kind: 'body', status: 200, contentType: 'application/json', body: '{"valid":false}' } },
  { name: 'a JSON error body without a code', behaviour: { kind: 'body', status: 200, contentType: 'application/json', body: '{"actionSucceed":false}' } },
  {
    name: '"valid": false beside an error body',
    behaviour: {
      kind: 'body',
      status: 200,
      contentType: 'application/json',
      body: '{"valid":false,"requestDate":"2026-11-22T09:30:00.000Z","actionSucceed":false,"errorWrappers":[{"error":"MS_UNAVAILABLE"}]}',
    },
  },
  {
    name: "the web front-end's answer (isValid false, userError)",
    behaviour: { kind: 'body', status: 200, contentType: 'application/json', body: '{"isValid":false,"requestDate":"2026-11-22T09:30:00.000Z","userError":"IP_BLOCKED"}' },
  },
  { name: 'empty body with HTTP 200', behaviour: { kind: 'body', status: 200, contentType: 'text/xml', body: '' } },
  { name: 'plain text with HTTP 200', behaviour: { kind: 'body', status: 200, contentType: 'text/plain', body: 'valid=false' } },
  {
    name: '"valid false" in a foreign types namespace',
    behaviour: { kind: 'body', status: 200, contentType: 'text/xml', body: answerXml(false, 'urn:example:not-vies') },
  },
  {
    name: '"valid true" in a foreign types namespace',
    behaviour: { kind: 'body', status: 200, contentType: 'text/xml', body: answerXml(true, 'urn:example:not-vies') },
  },
  {
    name: '"valid false" in a SOAP 1.2 envelope',
    behaviour: { kind: 'body', status: 200, contentType: 'text/xml', body: answerXml(false, TYPES_NS, 'http://www.w3.org/2003/05/soap-envelope') },
  },
  {
    name: '"valid false" without any namespace',
    behaviour: {
      kind: 'body',
      status: 200,
      contentType: 'text/xml',
      body: '<Envelope><Body><checkVatResponse><countryCode>LU</countryCode><requestDate>2026-11-22+01:00</requestDate><valid>false</valid></checkVatResponse></Body></Envelope>',
    },
  },
  {
    name: 'the answer of another operation',
    behaviour: { kind: 'body', status: 200, contentType: 'text/xml', body: responseXml('checkVatApproxResponse', [['valid', 'false']]).replace('checkVatApproxResponse', 'somethingElseResponse').replace('checkVatApproxResponse', 'somethingElseResponse') },
  },
];

describe.each([
  ['the REST API (the default)', () => service],
  ['SOAP (viesProtocol soap)', () => soapService],
])('VIES faults over %s through POST /api/v1/validate/vat', (_, asking) => {
  beforeAll(() => {
    viesService = asking();
  });

  it('asks VIES in that protocol', async () => {
    const value = freshNumber();
    await validateVat(value);
    const request = fakes.vies.requests.filter((sent) => sent.fields.vatNumber === value.slice(2)).at(-1);
    expect(request?.protocol).toBe(viesService === soapService ? 'soap' : 'rest');
  });

  it.each(OUTAGES)('$name: 200, UNVERIFIED, registered null, vies_available false, counted once', async ({ behaviour }) => {
    const before = await used(starter.account);
    const value = freshNumber(false);
    fakes.vies.behave(behaviour, { times: 1 });
    const answer = await validateVat(value);
    expect(answer.status).toBe(200);
    expect(answer.body.valid).toBe(true);
    expect(answer.body.vatDetails).toMatchObject({ format_valid: true, registered: null, source: 'UNVERIFIED', vies_available: false });
    expect(await used(starter.account)).toBe(before + 1);
    await healthyLookup();
  });

  it('a VIES that hangs, or stalls half way through its answer: UNVERIFIED within the 4-second budget', async () => {
    const hanging = freshNumber(false);
    const stalling = freshNumber(false);
    fakes.vies.behave({ kind: 'hang' }, { times: 1 });
    const started = Date.now();
    const first = validateVat(hanging);
    // The fake misbehaves in the order requests arrive.
    await new Promise((resolve) => setTimeout(resolve, 100));
    fakes.vies.behave({ kind: 'stall' }, { times: 1 });
    const answers = await Promise.all([first, validateVat(stalling)]);
    expect(Date.now() - started).toBeLessThan(7_000);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.vatDetails).toMatchObject({ registered: null, source: 'UNVERIFIED', vies_available: false });
    }
    await healthyLookup();
  }, 20_000);

  it('VAT_BLOCKED (VIES works but will not say): UNVERIFIED with vies_available true, never registered false', async () => {
    for (const status of [500, 200]) {
      fakes.vies.behave({ kind: 'fault', code: 'VAT_BLOCKED', status }, { times: 1 });
      const answer = await validateVat(freshNumber(false));
      expect(answer.status).toBe(200);
      expect(answer.body.vatDetails).toMatchObject({ registered: null, source: 'UNVERIFIED', vies_available: true });
    }
  });

  it('INVALID_REQUESTER_INFO for an account without a VAT number of its own: never registered false', async () => {
    for (const status of [500, 200]) {
      fakes.vies.behave({ kind: 'fault', code: 'INVALID_REQUESTER_INFO', status }, { times: 1 });
      const answer = await validateVat(freshNumber(false));
      expect(answer.status).toBe(200);
      expect(answer.body.vatDetails?.registered).toBeNull();
    }
    await healthyLookup();
  });

  it('INVALID_INPUT is VIES saying the number is not one it holds (docs/fields/vat.md#registration-verdict): registered false, LIVE', async () => {
    fakes.vies.behave({ kind: 'fault', code: 'INVALID_INPUT', status: 500 }, { times: 1 });
    const answer = await validateVat(freshNumber(true));
    expect(answer.status).toBe(200);
    expect(answer.body.vatDetails).toMatchObject({ registered: false, source: 'LIVE', vies_available: true });
  });

  it('with a cached answer, every outage answers STALE with the last verdict VIES gave, up to 30 days, then UNVERIFIED', async () => {
    const registered = freshNumber(true);
    const unregistered = freshNumber(false);
    const first = await Promise.all([validateVat(registered), validateVat(unregistered)]);
    expect(first.map((answer) => answer.body.vatDetails?.registered)).toEqual([true, false]);
    const checkedAt = first[0]?.body.vatDetails?.checked_at;

    nowMs += 25 * 3_600_000;
    const kinds: FakeBehaviour[] = [{ kind: 'fault', code: 'MS_UNAVAILABLE' }, { kind: 'reset' }, { kind: 'html', status: 503 }];
    for (const behaviour of kinds) {
      fakes.vies.behave(behaviour, { times: 2 });
      const [stale, staleNegative] = await Promise.all([validateVat(registered), validateVat(unregistered)]);
      expect(stale?.body.vatDetails).toMatchObject({ registered: true, source: 'STALE', vies_available: false, checked_at: checkedAt });
      // Not a verdict from the failure: the last answer VIES itself gave, with its date.
      expect(staleNegative?.body.vatDetails).toMatchObject({ registered: false, source: 'STALE', vies_available: false });
      fakes.vies.reset();
      await healthyLookup();
    }

    nowMs += 30 * 24 * 3_600_000;
    fakes.vies.behave({ kind: 'fault', code: 'SERVICE_UNAVAILABLE' }, { times: 2 });
    const [expired, expiredNegative] = await Promise.all([validateVat(registered), validateVat(unregistered)]);
    for (const answer of [expired, expiredNegative]) {
      expect(answer?.body.vatDetails).toMatchObject({ registered: null, source: 'UNVERIFIED', vies_available: false });
    }
    fakes.vies.reset();
    await healthyLookup();
  });
});

// ---------------------------------------------------------------------------------------------
// DNS and RDAP

let domainSerial = 0;
/** A new domain the DNS fake serves as `zone` (a new name each time: nothing cached). */
function domainWith(zone: Parameters<Fakes['dns']['zones']['set']>[1]): string {
  // Its own registrable domain, so that no RDAP answer cached for another case is reused.
  const domain = `verifield-fault-${domainSerial++}.com`;
  fakes.dns.zones.set(domain, zone);
  return domain;
}

describe('DNS faults through POST /api/v1/validate/email', () => {
  it.each([
    ['SERVFAIL', { rcode: 'SERVFAIL' as const }],
    ['REFUSED', { rcode: 'REFUSED' as const }],
    ['no answer at all', { silent: true }],
  ])('%s: 200, still valid, RISKY rather than UNDELIVERABLE, counted once', async (_name, zone) => {
    const before = await used(starter.account);
    const answer = await post(service.url, 'email', { value: `jane@${domainWith(zone)}` }, starter.key);
    expect(answer.status).toBe(200);
    expect(answer.body.valid).toBe(true);
    expect(answer.body.emailDetails?.deliverability).toBe('RISKY');
    expect(answer.body.emailDetails?.signals.mx_valid).not.toBe(false);
    expect(await used(starter.account)).toBe(before + 1);
  });

  it('a truncated UDP answer (40 MX hosts) is asked again over TCP and read in full', async () => {
    const mx = Array.from({ length: 40 }, (_, i) => ({ priority: i, exchange: `mx${i}.${MAIL_DOMAINS.good}` }));
    const domain = domainWith({ mx });
    const questions = fakes.dns.questions.length;
    const answer = await post(service.url, 'email', { value: `jane@${domain}` }, starter.key);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ valid: true, emailDetails: { deliverability: 'DELIVERABLE', signals: { mx_valid: true } } });
    expect(fakes.dns.questions.slice(questions).some((question) => question.name === domain && question.transport === 'tcp')).toBe(true);
  });
});

describe('RDAP faults through POST /api/v1/validate/email at ADVANCED depth (GROWTH)', () => {
  it.each([
    ['404', { status: 404 as const }],
    ['429', { status: 429 as const }],
    ['500', { status: 500 as const }],
    ['503', { status: 503 as const }],
    ['broken JSON', { behaviour: 'malformed' as const }],
    ['no answer (hang)', { behaviour: 'hang' as const }],
  ])('%s: 200, the same verdict, domain_age_days null', async (_name, registryAnswer) => {
    const domain = domainWith({ mx: [{ priority: 10, exchange: `mx.${MAIL_DOMAINS.good}` }] });
    fakes.rdap.domains.set(domain, registryAnswer);
    const started = Date.now();
    const answer = await post(service.url, 'email', { value: `jane@${domain}` }, growth.key);
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ valid: true, emailDetails: { applied_level: 'ADVANCED', signals: { mx_valid: true, domain_age_days: null } } });
    expect(fakes.rdap.requests.some((path) => path.includes(domain))).toBe(true);
  }, 15_000);
});

// ---------------------------------------------------------------------------------------------
// TEDB answers that are not rates

describe('TEDB answers that are not XML, or are in other namespaces', () => {
  let tedb: TedbFake;
  beforeAll(async () => {
    tedb = await startTedbFake(EU_MEMBER_STATES.flatMap((code) => tedbRowsFor({ memberState: code, situationOn: '2025-07-01+02:00', standard: '20.0', reduced: ['5.0'] })));
  });
  afterAll(async () => {
    await tedb?.close();
  });

  const rates = (): string => tedbResponseXml(tedbRowsFor({ memberState: 'DE', situationOn: '2025-07-01+02:00', standard: '99.0', reduced: ['1.0'] }));
  const TEDB_TYPES = 'urn:ec.europa.eu:taxud:tedb:services:v1:IVatRetrievalService:types';

  // Rows in a foreign namespace are not TEDB's rows: the adapter reads none (it skips what it cannot
  // place, row by row), and the rates service refuses an answer without rates.
  it.each([
    ['JSON with HTTP 200', 'application/json', '{"rates":[]}', 'error'],
    ['an empty body with HTTP 200', 'text/xml', '', 'error'],
    ['rates in a foreign types namespace', 'text/xml', rates().replaceAll(TEDB_TYPES, 'urn:example:not-tedb'), 'no rows'],
    ['rates in a SOAP 1.2 envelope', 'text/xml', rates().replaceAll(SOAP_NS, 'http://www.w3.org/2003/05/soap-envelope'), 'error'],
  ] as const)('%s: never read as rates, and the rates service keeps serving the previous ones', async (_name, contentType, body, read) => {
    const service = createRatesService({ source: tedbRatesSource({ url: tedb.url, timeoutMs: 2_000 }), now: () => new Date('2025-08-12T00:05:00Z') });
    expect(await service.refresh()).toMatchObject({ ok: true });
    const fetchedAt = service.fetchedAt;

    tedb.behave({ kind: 'body', status: 200, contentType, body }, 1);
    const direct = await tedbRatesSource({ url: tedb.url, timeoutMs: 2_000 })
      .retrieveVatRates({ memberStates: ['DE'], situationOn: '2025-08-12' })
      .then(
        (rows) => rows,
        (error: unknown) => error,
      );
    if (read === 'error') expect(direct).toBeInstanceOf(TedbError);
    else expect(direct).toEqual([]);

    tedb.behave({ kind: 'body', status: 200, contentType, body }, 1);
    expect(await service.refresh()).toMatchObject({ ok: false });
    expect(service.fetchedAt).toBe(fetchedAt);
    expect(service.country('DE')).toMatchObject({ kind: 'ok', rates: { standardRate: 20 } });
  });
});
