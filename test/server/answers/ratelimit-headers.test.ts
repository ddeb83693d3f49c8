/**
 * The quota state in the RateLimit-Policy and RateLimit header fields (src/server/answers/ratelimit-headers.ts)
 * over real HTTP, on a fixed clock so that the numbers are exact: every answer once the key is
 * known carries them (200, 400, 403, 429 of both kinds), none before (401, 405); FREE counts down
 * to r=0 and is then refused, a paid plan goes on past its included quota (billed); the window is
 * the real billing period, anchored on the subscription day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPeriod } from '../../../src/server/policy/plans.js';
import { rateLimitHeaders } from '../../../src/server/answers/ratelimit-headers.js';
import type { Store } from '../../../src/server/storage/types.js';
import { accountWithKey, createKey, fakeConfig, post, startFakes, startTestServer, until, type Fakes, type TestServer } from '../../support/server.js';
import { openTestStore } from '../../support/store/test-store.js';
import { germanIban } from '../../support/generators/iban.js';
import { luxembourgVat } from '../../support/generators/vat.js';
import { sin } from '../../support/generators/nas.js';

/** 2026-03-20 12:00 UTC: for a subscription started on the 15th, the period is 15 March to 15 April. */
const NOW = new Date('2026-03-20T12:00:00Z');
const DAY = 86_400;
const MARCH_PERIOD = 31 * DAY;
/** Seconds from NOW to 2026-04-15T00:00Z. */
const TO_APRIL_15 = 25 * DAY + DAY / 2;

let fakes: Fakes;
let store: Store;
let service: TestServer;
const IBAN = germanIban('370400440532013000');

beforeAll(async () => {
  fakes = await startFakes();
  store = await openTestStore();
  service = await startTestServer(store, {
    ...fakeConfig(fakes),
    now: () => new Date(NOW),
    planOverrides: { FREE: { quota: 3 }, STARTER: { quota: 2 }, GROWTH: { maxConcurrent: 1 } },
  });
}, 30_000);

afterAll(async () => {
  await service?.close();
  await store?.close();
  await fakes?.close();
});

/** The two fields of an answer. */
function quotaState(headers: Headers): { policy: string | null; state: string | null } {
  return { policy: headers.get('ratelimit-policy'), state: headers.get('ratelimit') };
}

describe('RateLimit-Policy and RateLimit', () => {
  it('FREE: r counts down on each 200 to 0, then 429 QUOTA_EXCEEDED says r=0 too', async () => {
    const { key } = await accountWithKey(store, 'FREE', { subscriptionStart: '2026-01-15' });
    const policy = `"monthly";q=3;w=${MARCH_PERIOD};verifield-over-quota=refused`;
    const seen: Array<{ status: number; policy: string | null; state: string | null }> = [];
    for (let i = 0; i < 4; i++) {
      const answer = await post(service.url, 'iban', { value: IBAN }, key);
      seen.push({ status: answer.status, ...quotaState(answer.headers) });
    }
    expect(seen).toEqual([
      { status: 200, policy, state: `"monthly";r=2;t=${TO_APRIL_15}` },
      { status: 200, policy, state: `"monthly";r=1;t=${TO_APRIL_15}` },
      { status: 200, policy, state: `"monthly";r=0;t=${TO_APRIL_15}` },
      { status: 429, policy, state: `"monthly";r=0;t=${TO_APRIL_15}` },
    ]);
  });

  it('a paid plan goes on past its included quota: r stays 0 and the policy says the overage is billed', async () => {
    const { key } = await accountWithKey(store, 'STARTER', { subscriptionStart: '2026-01-15' });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await post(service.url, 'ssn', { value: '234-56-7890' }, key));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => quotaState(answer.headers).state)).toEqual([1, 0, 0, 0].map((r) => `"monthly";r=${r};t=${TO_APRIL_15}`));
    expect(quotaState(answers[0]?.headers as Headers).policy).toBe(`"monthly";q=2;w=${MARCH_PERIOD};verifield-over-quota=billed`);
  });

  it('is there once the key is known (400, 403), not before (401, 405)', async () => {
    const { account, key } = await accountWithKey(store, 'PRO', { subscriptionStart: '2026-01-15' });
    const ibanOnly = await createKey(store, account, { scopes: ['iban'] });
    expect((await post(service.url, 'iban', { value: IBAN }, key)).status).toBe(200);
    const expected = { policy: `"monthly";q=150000;w=${MARCH_PERIOD};verifield-over-quota=billed`, state: `"monthly";r=149999;t=${TO_APRIL_15}` };

    const malformed = await post(service.url, 'iban', '{"value":', key);
    expect(malformed.status).toBe(400);
    expect(quotaState(malformed.headers)).toEqual(expected);
    const outOfScope = await post(service.url, 'nas', { value: sin('04645632') }, ibanOnly.key);
    expect(outOfScope.status).toBe(403);
    expect(quotaState(outOfScope.headers)).toEqual(expected);

    const unknown = await post(service.url, 'iban', { value: IBAN }, `vf_${'C'.repeat(43)}`);
    expect(unknown.status).toBe(401);
    expect(quotaState(unknown.headers)).toEqual({ policy: null, state: null });
    const wrongMethod = await fetch(`${service.url}/api/v1/validate/iban`, { headers: { 'X-API-KEY': key } });
    expect(wrongMethod.status).toBe(405);
    expect(quotaState(wrongMethod.headers)).toEqual({ policy: null, state: null });
  });

  it('reads the count of the period from the store on first contact: counts made by another instance show', async () => {
    const { account, key } = await accountWithKey(store, 'GROWTH', { subscriptionStart: '2026-01-15' });
    const periodStart = billingPeriod(account.subscriptionStart, NOW).start;
    // Another instance counted five validations of this account before this one ever saw it.
    for (let i = 0; i < 5; i++) {
      const entry = { accountId: account.id, keyId: 'elsewhere', periodStart, endpoint: 'iban' as const, value: IBAN, valid: true, status: 200, latencyMs: 1, sdk: null, at: NOW };
      await store.usage.count({ ...entry, requestId: `other-instance-${account.id}-${i}` }, null);
    }
    const malformed = await post(service.url, 'iban', { value: 42 }, key);
    expect(malformed.status).toBe(400);
    expect(quotaState(malformed.headers).state).toBe(`"monthly";r=49995;t=${TO_APRIL_15}`);
  });

  it('429 CONCURRENCY_LIMIT carries the quota state beside Retry-After', async () => {
    const { key } = await accountWithKey(store, 'GROWTH', { subscriptionStart: '2026-01-15' });
    const slow = luxembourgVat('808080');
    fakes.vies.register(slow, { valid: true, name: 'SLOW SARL' });
    fakes.vies.behave({ kind: 'delay', ms: 1_500 }, { times: 1 });
    const holding = post(service.url, 'vat', { value: slow }, key);
    await until(() => fakes.vies.requests.some((request) => request.fields.vatNumber === slow.slice(2)));
    const refused = await post(service.url, 'iban', { value: IBAN }, key);
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe('CONCURRENCY_LIMIT');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(quotaState(refused.headers)).toEqual({
      policy: `"monthly";q=50000;w=${MARCH_PERIOD};verifield-over-quota=billed`,
      state: `"monthly";r=50000;t=${TO_APRIL_15}`,
    });
    const held = await holding;
    expect(held.status).toBe(200);
    expect(quotaState(held.headers).state).toBe(`"monthly";r=49999;t=${TO_APRIL_15}`);
  });

  it('sends the same fields for a key sent as Authorization: Bearer', async () => {
    const { key } = await accountWithKey(store, 'FREE', { subscriptionStart: '2026-01-15' });
    const answer = await post(service.url, 'iban', { value: IBAN }, undefined, { Authorization: `Bearer ${key}` });
    expect(answer.status).toBe(200);
    expect(quotaState(answer.headers).state).toBe(`"monthly";r=2;t=${TO_APRIL_15}`);
  });
});

describe('rateLimitHeaders', () => {
  const free = { quota: 250, maxConcurrent: 3, maxKeys: 1, blocksOverQuota: true, emailLevel: 'STANDARD', usesSharedPool: true } as const;

  it('follows the billing period: an anchor on the 31st makes February 28 days long', () => {
    const at = new Date('2026-02-10T00:00:00Z');
    const { start, end } = billingPeriod('2026-01-31', at);
    expect([start, end]).toEqual(['2026-01-31', '2026-02-28']);
    const endMs = Date.parse(`${end}T00:00:00Z`);
    const headers = rateLimitHeaders(free, { endMs, windowSeconds: 28 * DAY }, 10, at);
    expect(headers).toEqual({
      'RateLimit-Policy': `"monthly";q=250;w=${28 * DAY};verifield-over-quota=refused`,
      RateLimit: `"monthly";r=240;t=${18 * DAY}`,
    });
  });

  it('never reports less than 0 left, nor a negative reset; a part second counts as a whole one', () => {
    const endMs = Date.parse('2026-04-15T00:00:00Z');
    expect(rateLimitHeaders(free, { endMs, windowSeconds: MARCH_PERIOD }, 400, new Date(endMs + 5_000)).RateLimit).toBe('"monthly";r=0;t=0');
    expect(rateLimitHeaders(free, { endMs, windowSeconds: MARCH_PERIOD }, 0, new Date(endMs - 1_500)).RateLimit).toBe('"monthly";r=250;t=2');
  });
});
