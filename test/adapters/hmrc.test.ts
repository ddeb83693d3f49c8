import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HMRC_SANDBOX_URL, HMRC_URL, hmrcVatClient, type HmrcVatClientOptions } from '../../src/adapters/hmrc.js';
import * as adapters from '../../src/adapters/index.js';
import { lazyHmrcVatClient } from '../../src/adapters/lazy.js';
import { VatRegistryError } from '../../src/ports.js';
import { HMRC_ACCEPT, startHmrcFake, type HmrcFake } from '../support/fakes/hmrc.js';
import { expectTransportOutages } from '../support/registry-outages.js';
import { rejectionOf } from '../support/rejection.js';

let fake: HmrcFake;
// The test's own traders: invented names and numbers.
const TRADER = { countryCode: 'GB', vatNumber: '111222333' };
const BRANCH = { countryCode: 'GB', vatNumber: '111222333444' };
const REQUESTER = { countryCode: 'GB', vatNumber: '999888777' };

beforeAll(async () => {
  fake = await startHmrcFake();
  fake.register('111222333', { name: 'FAKE TRADING LTD', address: { line1: '1 High Street', line2: 'Leeds', postcode: 'LS1 1AA' } });
  fake.register('111222333444', { name: 'FAKE BRANCH LTD', address: { line1: '2 Low Road', postcode: 'M1 1AA' } });
  fake.register('999888777', { name: 'REQUESTER PLC', address: { line1: '9 Quay', postcode: 'BS1 1AA' } });
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.reset();
});

/** A client on its own clock (`clock.now`), so that each test starts without a token. */
function client(overrides: Partial<HmrcVatClientOptions> = {}): { hmrc: ReturnType<typeof hmrcVatClient>; clock: { now: Date } } {
  const clock = { now: new Date(fake.now) };
  const hmrc = hmrcVatClient({ url: fake.url, clientId: fake.clientId, clientSecret: fake.clientSecret, timeoutMs: 10_000, now: () => clock.now, ...overrides });
  return { hmrc, clock };
}

const failure = (promise: Promise<unknown>): Promise<VatRegistryError> => rejectionOf(promise, VatRegistryError);
const sha256 = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

describe('hmrcVatClient', () => {
  it('is what verifield/adapters exports, aimed at production by default', () => {
    expect(adapters.hmrcVatClient).toBe(hmrcVatClient);
    expect(HMRC_URL).toBe('https://api.service.hmrc.gov.uk');
    expect(HMRC_SANDBOX_URL).toBe('https://test-api.service.hmrc.gov.uk');
  });

  it('asks for a read:vat token with the client credentials, then looks up with it and the v2.0 Accept header', async () => {
    const before = fake.tokenRequests;
    await client().hmrc.check(TRADER);
    expect(fake.tokenRequests - before).toBe(1);
    expect(fake.lastTokenForm).toEqual({ client_id: fake.clientId, client_secret: fake.clientSecret, grant_type: 'client_credentials', scope: 'read:vat' });
    const lookup = fake.lookups.at(-1);
    expect(lookup).toMatchObject({ vrn: '111222333', requesterVrn: null, accept: HMRC_ACCEPT });
    expect(lookup?.authorization).toMatch(/^Bearer token-\d+$/);
  });

  it('reads a registered number: name, address lines and postcode, the processing date', async () => {
    const answer = await client().hmrc.check(TRADER);
    expect(answer).toMatchObject({ valid: true, name: 'FAKE TRADING LTD', address: '1 High Street\nLeeds\nLS1 1AA', requestDate: '2026-11-22' });
    expect(answer.requestIdentifier).toBeUndefined();
  });

  it('looks up a 12-digit number (a branch) as it is', async () => {
    const answer = await client().hmrc.check(BRANCH);
    expect(fake.lookups.at(-1)?.vrn).toBe('111222333444');
    expect(answer).toMatchObject({ valid: true, name: 'FAKE BRANCH LTD' });
  });

  it('answers valid: false for 404 NOT_FOUND, dated today by its clock', async () => {
    const { hmrc, clock } = client();
    clock.now = new Date('2027-02-03T23:59:00Z');
    const answer = await hmrc.check({ countryCode: 'GB', vatNumber: '123123123' });
    expect(answer).toMatchObject({ valid: false, requestDate: '2027-02-03' });
    expect(answer.name).toBeUndefined();
  });

  describe('the token', () => {
    it('is requested once and reused by later lookups', async () => {
      const { hmrc } = client();
      const before = fake.tokenRequests;
      await hmrc.check(TRADER);
      await hmrc.check(BRANCH);
      await hmrc.check(TRADER);
      expect(fake.tokenRequests - before).toBe(1);
    });

    it('is requested once for lookups made at the same time', async () => {
      const { hmrc } = client();
      const before = fake.tokenRequests;
      const answers = await Promise.all([TRADER, BRANCH, TRADER, REQUESTER, TRADER].map((query) => hmrc.check(query)));
      expect(answers.every((answer) => answer.valid)).toBe(true);
      expect(fake.tokenRequests - before).toBe(1);
    });

    it('is renewed shortly before it expires, not after', async () => {
      const { hmrc, clock } = client();
      const before = fake.tokenRequests;
      await hmrc.check(TRADER);
      clock.now = new Date(clock.now.getTime() + 14_400_000 - 5 * 60_000);
      await hmrc.check(TRADER);
      expect(fake.tokenRequests - before).toBe(1);
      clock.now = new Date(clock.now.getTime() + 4.5 * 60_000);
      await hmrc.check(TRADER);
      expect(fake.tokenRequests - before).toBe(2);
    });

    it('is renewed once when a lookup is refused with 401, and the lookup retried', async () => {
      const { hmrc } = client();
      await hmrc.check(TRADER);
      const before = { tokens: fake.tokenRequests, lookups: fake.lookups.length };
      fake.revokeTokens();
      const answer = await hmrc.check(TRADER);
      expect(answer.valid).toBe(true);
      expect(fake.tokenRequests - before.tokens).toBe(1);
      expect(fake.lookups.length - before.lookups).toBe(2);
    });

    it('gives up after one renewal when 401 goes on: an outage retrying will not mend', async () => {
      const unauthorised = JSON.stringify({ code: 'INVALID_CREDENTIALS', message: 'Invalid Authentication information provided' });
      fake.behave({ kind: 'body', status: 401, body: unauthorised }, 2);
      const error = await failure(client().hmrc.check(TRADER));
      expect(error).toMatchObject({ kind: 'fault', faultCode: 'INVALID_CREDENTIALS', scope: 'outage', retryable: false, status: 401 });
    });

    it('is renewed at half its life when it lives less than two minutes', async () => {
      fake.tokenLifetimeSeconds = 60;
      const { hmrc, clock } = client();
      const before = fake.tokenRequests;
      await hmrc.check(TRADER);
      clock.now = new Date(clock.now.getTime() + 29_000);
      await hmrc.check(TRADER);
      expect(fake.tokenRequests - before).toBe(1);
      clock.now = new Date(clock.now.getTime() + 2_000);
      await hmrc.check(TRADER);
      expect(fake.tokenRequests - before).toBe(2);
    });

    it('an unreachable or unreadable token endpoint is a retryable outage, and the next lookup asks again', async () => {
      const { hmrc } = client();
      const before = fake.tokenRequests;
      fake.tokenFailure = 'down';
      expect(await failure(hmrc.check(TRADER))).toMatchObject({ kind: 'http', scope: 'outage', retryable: true, status: 503 });
      fake.tokenFailure = 'malformed';
      expect(await failure(hmrc.check(TRADER))).toMatchObject({ kind: 'malformed', scope: 'outage', retryable: true });
      fake.tokenFailure = null;
      expect((await hmrc.check(TRADER)).valid).toBe(true);
      expect(fake.tokenRequests - before).toBe(3);
    });

    it('reports refused credentials without looking up', async () => {
      const before = fake.lookups.length;
      const error = await failure(client({ clientSecret: 'wrong' }).hmrc.check(TRADER));
      expect(error).toMatchObject({ faultCode: 'invalid_client', scope: 'outage', retryable: false, status: 401 });
      expect(fake.lookups.length).toBe(before);
    });
  });

  describe('the requester and the consultation number', () => {
    it('sends a GB requester and returns the consultation number HMRC issues', async () => {
      const answer = await client().hmrc.check({ ...TRADER, requester: REQUESTER });
      expect(fake.lookups.at(-1)).toMatchObject({ vrn: '111222333', requesterVrn: '999888777' });
      expect(answer.requestIdentifier).toMatch(/^CN\d{7}$/);
      expect(answer.name).toBe('FAKE TRADING LTD');
    });

    it('leaves a requester of another country out (HMRC knows only UK numbers)', async () => {
      const answer = await client().hmrc.check({ ...TRADER, requester: { countryCode: 'DE', vatNumber: '123456789' } });
      expect(fake.lookups.at(-1)?.requesterVrn).toBeNull();
      expect(answer.requestIdentifier).toBeUndefined();
    });

    it('says when the requester is refused: unknown (403) or malformed (400)', async () => {
      const unknown = await failure(client().hmrc.check({ ...TRADER, requester: { countryCode: 'GB', vatNumber: '555555555' } }));
      expect(unknown).toMatchObject({ faultCode: 'INVALID_REQUEST', scope: 'requester', retryable: false, status: 403 });
      const malformed = await failure(client().hmrc.check({ ...TRADER, requester: { countryCode: 'GB', vatNumber: '12' } }));
      expect(malformed).toMatchObject({ faultCode: 'INVALID_REQUEST', scope: 'requester', status: 400 });
    });
  });

  describe('numbers it cannot or will not look up', () => {
    it('refuses GD and HA numbers as not checkable, without a call', async () => {
      const before = fake.lookups.length;
      for (const vatNumber of ['GD001', 'HA500', 'GD888800115']) {
        const error = await failure(client().hmrc.check({ countryCode: 'GB', vatNumber }));
        expect(error).toMatchObject({ faultCode: 'NOT_CHECKABLE', scope: 'number', retryable: false });
      }
      expect(fake.lookups.length).toBe(before);
    });

    it('passes on HMRC refusing the number itself as an input answer', async () => {
      const body = JSON.stringify({ code: 'INVALID_REQUEST', message: 'Invalid targetVrn - Vrn parameters should be 9 or 12 digits' });
      fake.behave({ kind: 'body', status: 400, body }, 1);
      expect(await failure(client().hmrc.check(TRADER))).toMatchObject({ scope: 'input', retryable: false, status: 400 });
    });

    it('refuses a number of another country or another shape before asking', async () => {
      expect(await failure(client().hmrc.check({ countryCode: 'DE', vatNumber: '111222333' }))).toMatchObject({ scope: 'input' });
      expect(await failure(client().hmrc.check({ countryCode: 'GB', vatNumber: '1112223' }))).toMatchObject({ scope: 'input' });
    });
  });

  describe('throttling (429 MESSAGE_THROTTLED_OUT)', () => {
    it('is waited out: throttled twice, then answered', async () => {
      const { hmrc } = client();
      await hmrc.check(TRADER);
      const before = fake.lookups.length;
      fake.behave({ kind: 'throttle' }, 2);
      const answer = await hmrc.check(TRADER);
      expect(answer.valid).toBe(true);
      expect(fake.lookups.length - before).toBe(3);
    });

    it('waits as long as Retry-After says', async () => {
      fake.behave({ kind: 'throttle', retryAfter: 1 }, 1);
      const started = Date.now();
      const answer = await client().hmrc.check(TRADER);
      expect(answer.valid).toBe(true);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    });

    it('ends as a retryable outage once the budget is spent', async () => {
      fake.behave({ kind: 'throttle' });
      const started = Date.now();
      const error = await failure(client({ timeoutMs: 1500 }).hmrc.check(TRADER));
      expect(Date.now() - started).toBeLessThan(5000);
      expect(error).toMatchObject({ kind: 'fault', faultCode: 'MESSAGE_THROTTLED_OUT', scope: 'outage', retryable: true, status: 429 });
    });

    it("ends as soon as the caller's signal fires, still saying it was throttled", async () => {
      const { hmrc } = client({ timeoutMs: 30_000 });
      await hmrc.check(TRADER);
      fake.behave({ kind: 'throttle' });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 300);
      const started = Date.now();
      const error = await failure(hmrc.check(TRADER, controller.signal));
      expect(Date.now() - started).toBeLessThan(5000);
      expect(error).toMatchObject({ faultCode: 'MESSAGE_THROTTLED_OUT', scope: 'outage', retryable: true });
    });

    it('does not wait when Retry-After is beyond the budget', async () => {
      fake.behave({ kind: 'throttle', retryAfter: 30 });
      const started = Date.now();
      const error = await failure(client({ timeoutMs: 10_000 }).hmrc.check(TRADER));
      expect(Date.now() - started).toBeLessThan(5000);
      expect(error.faultCode).toBe('MESSAGE_THROTTLED_OUT');
    });
  });

  describe('no readable answer: an outage', () => {
    it('503 is a retryable outage with HMRC code', async () => {
      fake.behave({ kind: 'down' }, 1);
      expect(await failure(client().hmrc.check(TRADER))).toMatchObject({ faultCode: 'SERVER_ERROR', scope: 'outage', retryable: true, status: 503 });
    });

    it('a 200 that is not the documented body is malformed', async () => {
      fake.behave({ kind: 'body', status: 200, body: '{"target":' }, 1);
      expect(await failure(client().hmrc.check(TRADER))).toMatchObject({ kind: 'malformed', scope: 'outage', retryable: true });
      fake.behave({ kind: 'body', status: 200, body: '<html>maintenance</html>', contentType: 'text/html' }, 1);
      expect(await failure(client().hmrc.check(TRADER))).toMatchObject({ kind: 'malformed' });
    });

    it('times out, reports a closed connection, and ends when the signal fires', async () => {
      await expectTransportOutages(fake, (timeoutMs) => client({ timeoutMs }).hmrc, TRADER);
    });
  });

  it('replySha256 is the SHA-256 of the reply bytes as received, a byte order mark and non-ASCII included', async () => {
    const body = '\uFEFF' + JSON.stringify({
      target: { name: 'CAFÉ ÆBLE LTD', vatNumber: '111222333', address: { line1: 'Øst 1', postcode: 'E1 1AA', countryCode: 'GB' } },
      processingDate: '2026-11-22T10:00:01+00:00',
    });
    fake.behave({ kind: 'body', status: 200, body });
    const { hmrc } = client();
    const read = await hmrc.check(TRADER);
    expect(read).toMatchObject({ valid: true, name: 'CAFÉ ÆBLE LTD', address: 'Øst 1\nE1 1AA' });
    expect(read.replySha256).toBe(sha256(Buffer.from(body, 'utf8')));
    // Response.text() drops the mark: a hash of the decoded text would differ.
    expect(read.replySha256).not.toBe(sha256(body.slice(1)));
    fake.reset();
    const other = await hmrc.check(TRADER);
    expect(other.replySha256).toMatch(/^[0-9a-f]{64}$/);
    expect(other.replySha256).not.toBe(read.replySha256);
  });

  it('loads lazily and answers the same', async () => {
    const lazy = lazyHmrcVatClient({ url: fake.url, clientId: fake.clientId, clientSecret: fake.clientSecret });
    expect(await lazy.check(TRADER)).toMatchObject({ valid: true, name: 'FAKE TRADING LTD' });
  });
});
