/**
 * `Authorization: Bearer <key>` as well as `X-API-KEY` (src/server/pipeline/auth.ts presentedKey), over real
 * HTTP: the same rules for either header (unknown, revoked, scope), the scheme in any case, the same
 * key in both accepted and counted once, two different keys refused with 401 CONFLICTING_API_KEYS
 * before either is looked up, other schemes ignored, and no Bearer key ever in a log line.
 */
import { FIELD_NAMES } from '../../../src/fields/catalog.js';
import { FIELD_EXAMPLES } from '../../../src/fields/generated/examples.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentedKey } from '../../../src/server/pipeline/authenticator.js';
import { ERROR_MESSAGES } from '../../../src/server/answers/errors.js';
import { billingPeriod } from '../../../src/server/policy/plans.js';
import { memoryStore, type MemoryStore } from '../../support/fakes/store.js';
import { refusedBeforeValue } from '../../support/envelopes.js';
import { accountWithKey, ALL_FIELDS, createAccount, createKey, fakeConfig, post, startFakes, startTestServer, type Fakes, type TestServer } from '../../support/server.js';
import { germanIban } from '../../support/generators/iban.js';

let fakes: Fakes;
let store: MemoryStore;
let service: TestServer;
const IBAN = germanIban('370400440532013000');
/** A value per field; a field added as a folder brings its own (src/<field>/examples.ts). */
const VALID: Record<string, string> = {
  ...Object.fromEntries(FIELD_NAMES.map((field) => [field, FIELD_EXAMPLES[field].valid[0] ?? ''])),
  vat: 'GB123',
  iban: IBAN,
  email: 'someone@example.com',
  phone: '+44 20 7946 0958',
  nif: '12345678Z',
  nas: '046 454 286',
  ssn: '234-56-7890',
};

beforeAll(async () => {
  fakes = await startFakes();
  store = memoryStore();
  service = await startTestServer(store, fakeConfig(fakes));
});

afterAll(async () => {
  await service?.close();
  await fakes?.close();
});

const bearer = (key: string, scheme = 'Bearer'): Record<string, string> => ({ Authorization: `${scheme} ${key}` });

describe('Authorization: Bearer', () => {
  it('is accepted on every validation endpoint, the scheme in any case', async () => {
    const { key } = await accountWithKey(store, 'PRO');
    for (const field of ALL_FIELDS) {
      for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
        const answer = await post(service.url, field, { value: VALID[field] }, undefined, bearer(key, scheme));
        expect(answer.status, `${scheme} ${field}`).toBe(200);
      }
    }
  });

  it('follows the rules of X-API-KEY: unknown, revoked and expired keys, missing scope', async () => {
    const holder = await createAccount(store, 'PRO');
    const revoked = await createKey(store, holder);
    await store.keys.revoke(revoked.id, new Date());
    const expired = await createKey(store, holder, { expires: '1h', now: new Date(Date.now() - 2 * 3_600_000) });
    const limited = await createKey(store, holder, { scopes: ['iban'] });
    const codes = [];
    for (const presented of [`vf_${'D'.repeat(43)}`, 'not-a-key', revoked.key, expired.key]) {
      const answer = await post(service.url, 'iban', { value: IBAN }, undefined, bearer(presented));
      codes.push([answer.status, answer.body.errorCode]);
    }
    expect(codes).toEqual([
      [401, 'INVALID_API_KEY'],
      [401, 'INVALID_API_KEY'],
      [401, 'INVALID_API_KEY'],
      [401, 'EXPIRED_API_KEY'],
    ]);
    const outOfScope = await post(service.url, 'nas', { value: VALID.nas }, undefined, bearer(limited.key));
    expect(outOfScope.status).toBe(403);
    expect(outOfScope.body.errorCode).toBe('FORBIDDEN');
  });

  it('the same key in both headers is one key: accepted and counted once', async () => {
    const { account, key } = await accountWithKey(store, 'STARTER');
    const answer = await post(service.url, 'iban', { value: IBAN }, key, bearer(key));
    expect(answer.status).toBe(200);
    expect(await store.usage.used(account.id, billingPeriod(account.subscriptionStart, new Date()).start)).toBe(1);
  });

  it('two different keys are refused with 401 CONFLICTING_API_KEYS, whether they exist or not, and nothing is counted', async () => {
    const first = await accountWithKey(store, 'PRO');
    const second = await accountWithKey(store, 'PRO');
    const callsBefore = store.countCalls;
    const pairs: Array<[string, string]> = [
      [first.key, second.key],
      [first.key, `vf_${'E'.repeat(43)}`],
      [`vf_${'E'.repeat(43)}`, `vf_${'F'.repeat(43)}`],
    ];
    for (const [header, token] of pairs) {
      const answer = await post(service.url, 'iban', { value: IBAN }, header, bearer(token));
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(refusedBeforeValue('CONFLICTING_API_KEYS', ERROR_MESSAGES.CONFLICTING_API_KEYS));
    }
    expect(store.countCalls).toBe(callsBefore);
  });

  it('another scheme is not a key: ignored beside X-API-KEY, a missing key alone', async () => {
    const { key } = await accountWithKey(store, 'PRO');
    expect((await post(service.url, 'iban', { value: IBAN }, key, { Authorization: 'Basic dXNlcjpwYXNz' })).status).toBe(200);
    const alone = await post(service.url, 'iban', { value: IBAN }, undefined, { Authorization: 'Basic dXNlcjpwYXNz' });
    expect(alone.status).toBe(401);
    expect(alone.body).toMatchObject({ errorCode: 'MISSING_API_KEY', message: ERROR_MESSAGES.MISSING_API_KEY });
    expect(ERROR_MESSAGES.MISSING_API_KEY).toContain('Authorization: Bearer');
    const empty = await post(service.url, 'iban', { value: IBAN }, undefined, { Authorization: 'Bearer   ' });
    expect(empty.body.errorCode).toBe('MISSING_API_KEY');
  });

  it('never logs a key sent as Bearer, also when the request fails', async () => {
    const { key } = await accountWithKey(store, 'PRO');
    store.failCounts(1);
    const failed = await post(service.url, 'iban', { value: IBAN }, undefined, bearer(key));
    expect(failed.status).toBe(500);
    expect(service.logs.length).toBeGreaterThan(0);
    for (const line of service.logs) expect(line).not.toContain(key.slice(3));
  });
});

describe('presentedKey', () => {
  it('reads one key from either header, refuses two different ones', () => {
    expect(presentedKey('vf_a', null)).toEqual({ ok: true, key: 'vf_a' });
    expect(presentedKey(null, 'Bearer vf_a')).toEqual({ ok: true, key: 'vf_a' });
    expect(presentedKey(' vf_a ', 'bearer \t vf_a ')).toEqual({ ok: true, key: 'vf_a' });
    expect(presentedKey(null, 'Basic dXNlcjpwYXNz')).toEqual({ ok: true, key: undefined });
    expect(presentedKey('', 'Bearer')).toEqual({ ok: true, key: undefined });
    expect(presentedKey('vf_a', 'Bearer vf_b')).toMatchObject({ ok: false, status: 401, code: 'CONFLICTING_API_KEYS' });
  });
});
