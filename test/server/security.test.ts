/**
 * Security checks of the HTTP service (issue 11; docs/service.md#api-keys,
 * #usage-log and docs/envelope.md#message-policy): keys are kept only as hashes, and
 * NIF, SIN and SSN values never in the clear, in the store or the logs, whatever path a request
 * took (200, 400, 401, 403, 429, 500); no error message repeats a key or a value; expired and
 * revoked keys are refused; a key of one account never counts against, limits or reads another.
 * The timing of key checks is in pipeline/auth-timing.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ValidationResult } from '../../src/result.js';
import { billingPeriod } from '../../src/server/policy/plans.js';
import { openEmbeddedStore } from '../../src/server/storage/index.js';
import type { Account, Store, UsageEntry } from '../../src/server/storage/types.js';
import {
  createAccount,
  createKey,
  fakeConfig,
  post,
  startFakes,
  startTestServer,
  type Answer,
  type Fakes,
  type TestServer,
} from '../support/server.js';
import { findInFiles, findInText, formsOf, randomNif, randomSin, randomSsn } from '../support/sensitive-values.js';
import { instrumentStore, type CountFailure, type InstrumentedStore } from '../support/fakes/store.js';
import { germanIban } from '../support/generators/iban.js';
import { luxembourgVat } from '../support/generators/vat.js';

// The worst a database driver does: repeat the statement's parameters in its message.
const leakyFailure: CountFailure = (entry) => new Error(`insert into usage_log failed: ${JSON.stringify(entry)}`);

let dataDir: string;
let fakes: Fakes;
let store: InstrumentedStore;
let service: TestServer;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'verifield-security-'));
  fakes = await startFakes();
  store = instrumentStore(await openEmbeddedStore(dataDir), leakyFailure);
  service = await startTestServer(store, { ...fakeConfig(fakes), keyCacheMs: 0, planOverrides: { FREE: { quota: 2 } } });
});

afterAll(async () => {
  await service?.close();
  await store?.close();
  await fakes?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every error answer's message, to search for what must not be in it. */
const errorMessages: string[] = [];

async function send(field: string, value: unknown, key: string | undefined): Promise<Answer> {
  const answer = await post(service.url, field, { value }, key);
  if (answer.status !== 200) errorMessages.push(answer.body.message);
  return answer;
}

describe('keys and NIF, SIN, SSN values are never kept or printed in the clear', () => {
  const nifs = [randomNif(), randomNif(), randomNif().toLowerCase()];
  const sins = [randomSin(), randomSin(), randomSin().replace(/ /g, '-')];
  const ssns = [randomSsn(), randomSsn(), randomSsn().replace(/-/g, ' ')];
  const sensitive = [...nifs, ...sins, ...ssns];
  /** A value of a field the log keeps in the clear: the search must find it, or it proves nothing. */
  const visibleIban = germanIban('500105175407324931');
  const keys: string[] = [];
  const presented: string[] = [];

  it('walks every answer path with them', async () => {
    const paid = await createAccount(store, 'PRO');
    const free = await createAccount(store, 'FREE');
    const { key } = await createKey(store, paid);
    const { key: noNas } = await createKey(store, paid, { scopes: ['iban', 'nif', 'ssn'] });
    const { key: freeKey } = await createKey(store, free);
    const revoked = await createKey(store, paid);
    await store.keys.revoke(revoked.id, new Date());
    const expired = await createKey(store, paid, { expires: '1h', now: new Date(Date.now() - 7_200_000) });
    keys.push(key, noNas, freeKey, revoked.key, expired.key);

    // 200, typed and compact.
    for (const [field, values] of [['nif', nifs], ['nas', sins], ['ssn', ssns]] as const) {
      for (const value of values) {
        for (const form of formsOf(value)) expect((await send(field, form, key)).status).toBe(200);
      }
    }
    expect((await send('iban', visibleIban, key)).status).toBe(200);
    // 400: too long, with the value inside.
    for (const value of sensitive) expect((await send('nif', `${value}${' '.repeat(1_100)}`, key)).status).toBe(400);
    // 401: revoked, expired, and keys one character off a real one (both presented and real must stay out).
    for (const value of sins) expect((await send('nas', value, revoked.key)).status).toBe(401);
    for (const value of ssns) expect((await send('ssn', value, expired.key)).status).toBe(401);
    const nearMisses = [`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`, key.toLowerCase(), `${key}x`, ` ${key.slice(0, 20)}`];
    presented.push(...nearMisses);
    for (const wrong of nearMisses) expect((await send('nif', nifs[0], wrong)).status).toBe(401);
    // 403: a key without the nas scope.
    for (const value of sins) expect((await send('nas', value, noNas)).status).toBe(403);
    // 429: the FREE quota (2 here) used up.
    const quota = await Promise.all(ssns.map((value) => send('ssn', value, freeKey)));
    expect(quota.map((answer) => answer.status).sort()).toEqual([200, 200, 429]);
    // 500: the meter fails with a message that repeats everything it was given.
    for (const [field, value] of [['nif', nifs[1]], ['nas', sins[1]], ['ssn', ssns[1]], ['iban', visibleIban]] as const) {
      store.failCounts(1);
      const failed = await send(field, value, key);
      expect(failed.status).toBe(500);
      expect(failed.body.errorCode).toBe('INTERNAL');
    }
    expect(service.logs.some((line) => line.includes('insert into usage_log failed'))).toBe(true);
  });

  it('no error message repeats a key or a NIF, SIN or SSN', () => {
    expect(errorMessages.length).toBeGreaterThan(20);
    const text = errorMessages.join('\n');
    expect(findInText(text, sensitive)).toEqual([]);
    expect(findInText(text, [...keys, ...presented.map((wrong) => wrong.trim())])).toEqual([]);
  });

  it('no log line holds a key or a NIF, SIN or SSN (nor, in a failure, any value)', () => {
    const text = service.logs.join('\n');
    expect(findInText(text, sensitive)).toEqual([]);
    expect(findInText(text, [...keys, ...presented.map((wrong) => wrong.trim())])).toEqual([]);
    expect(findInText(text, [visibleIban])).toEqual([]);
  });

  it('the data directory holds no key and no NIF, SIN or SSN, though it holds the IBANs it logged', async () => {
    await service.close();
    await store.close();
    expect(findInFiles(dataDir, [visibleIban])).not.toEqual([]);
    expect(findInFiles(dataDir, [...keys, ...presented.map((wrong) => wrong.trim())])).toEqual([]);
    expect(findInFiles(dataDir, sensitive)).toEqual([]);
  });
});

describe('one account never reads, counts against or limits another', () => {
  let isolated: { store: Store; service: TestServer; dir: string };
  const ownVat = { a: luxembourgVat('700001'), b: luxembourgVat('700002') };
  const lookedUp = luxembourgVat('700003');

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verifield-isolation-'));
    const isolatedStore = await openEmbeddedStore(dir);
    fakes.vies.register(ownVat.a, { valid: true, name: 'ACCOUNT A SA' });
    fakes.vies.register(ownVat.b, { valid: true, name: 'ACCOUNT B SA' });
    fakes.vies.register(lookedUp, { valid: true, name: 'LOOKED UP SARL' });
    const server = await startTestServer(isolatedStore, { ...fakeConfig(fakes), keyCacheMs: 0, planOverrides: { FREE: { quota: 3 } } });
    isolated = { store: isolatedStore, service: server, dir };
  });

  afterAll(async () => {
    await isolated?.service.close();
    await isolated?.store.close();
    rmSync(isolated.dir, { recursive: true, force: true });
  });

  const used = (account: Account): Promise<number> =>
    isolated.store.usage.used(account.id, billingPeriod(account.subscriptionStart, new Date()).start);
  const validate = (field: string, value: string, key: string): Promise<Answer<ValidationResult>> =>
    post(isolated.service.url, field, { value }, key);

  it("counts each request against its own key's account only, and logs it there only", async () => {
    const a = await createAccount(isolated.store, 'FREE', { vatNumber: ownVat.a });
    const b = await createAccount(isolated.store, 'FREE', { vatNumber: ownVat.b });
    const keyA = (await createKey(isolated.store, a)).key;
    const keyB = (await createKey(isolated.store, b)).key;

    // A uses up its quota of 3; B is untouched by it, and still has all of its own.
    const answersA = await Promise.all([1, 2, 3, 4].map(() => validate('iban', germanIban('370400440532013000'), keyA)));
    expect(answersA.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 429]);
    expect(await used(a)).toBe(3);
    expect(await used(b)).toBe(0);
    for (let i = 0; i < 3; i++) expect((await validate('nif', randomNif(), keyB)).status).toBe(200);
    expect((await validate('nif', randomNif(), keyB)).status).toBe(429);
    expect(await used(a)).toBe(3);
    expect(await used(b)).toBe(3);

    // Each 429 is logged in its own account as a refusal (docs/service.md#usage-log), once written after its answer.
    for (const account of [a, b]) {
      await vi.waitFor(async () => expect((await isolated.store.usage.log(account.id, 10)).filter((entry) => entry.errorCode === 'QUOTA_EXCEEDED')).toHaveLength(1));
    }
    const logA = await isolated.store.usage.log(a.id, 10);
    const logB = await isolated.store.usage.log(b.id, 10);
    const counted = (log: readonly UsageEntry[]): string[] => log.filter((entry) => entry.errorCode === undefined).map((entry) => entry.endpoint);
    expect(counted(logA)).toEqual(['iban', 'iban', 'iban']);
    expect(counted(logB)).toEqual(['nif', 'nif', 'nif']);
    expect(logA.filter((entry) => entry.errorCode === 'QUOTA_EXCEEDED').map((entry) => entry.endpoint)).toEqual(['iban']);
    expect(logB.filter((entry) => entry.errorCode === 'QUOTA_EXCEEDED').map((entry) => entry.endpoint)).toEqual(['nif']);
    expect(new Set(logA.map((entry) => entry.accountId))).toEqual(new Set([a.id]));
    expect(new Set(logB.map((entry) => entry.accountId))).toEqual(new Set([b.id]));
  });

  it("uses the caller's own VAT number as the VIES requester, never another account's", async () => {
    const a = await createAccount(isolated.store, 'PRO', { vatNumber: ownVat.a });
    const b = await createAccount(isolated.store, 'PRO', { vatNumber: ownVat.b });
    const keyA = (await createKey(isolated.store, a)).key;
    const keyB = (await createKey(isolated.store, b)).key;
    fakes.vies.register(luxembourgVat('700004'), { valid: true });
    const before = fakes.vies.requests.length;
    // Different numbers, so that neither answer comes from the cache the other filled.
    const [answerA, answerB] = await Promise.all([validate('vat', lookedUp, keyA), validate('vat', luxembourgVat('700004'), keyB)]);
    for (const answer of [answerA, answerB]) {
      expect(answer.status).toBe(200);
      expect(answer.body.vatDetails).toMatchObject({ registered: true, source: 'LIVE' });
      expect(answer.body.vatDetails?.consultation_number).toMatch(/^WAPI/);
    }
    const requesters = fakes.vies.requests.slice(before).map((request) => `${request.fields.requesterMemberStateCode ?? ''}${request.fields.requesterNumber ?? ''}`);
    expect(requesters.sort()).toEqual([ownVat.a, ownVat.b].sort());
    expect(JSON.stringify(answerA.body)).not.toContain(ownVat.b.slice(2));
    expect(JSON.stringify(answerB.body)).not.toContain(ownVat.a.slice(2));
  });

  it("does not let one account's requests in flight take another's concurrency", async () => {
    const a = await createAccount(isolated.store, 'FREE');
    const b = await createAccount(isolated.store, 'FREE');
    const keyA = (await createKey(isolated.store, a)).key;
    const keyB = (await createKey(isolated.store, b)).key;
    const slow = [luxembourgVat('710001'), luxembourgVat('710002'), luxembourgVat('710003')];
    for (const vat of slow) fakes.vies.register(vat, { valid: true });
    fakes.vies.behave({ kind: 'delay', ms: 600 }, { times: 3 });
    // A fills its 3 slots (FREE) with slow lookups; a 4th of A is refused, B goes through.
    const held = slow.map((vat) => validate('vat', vat, keyA));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [extraA, fromB] = await Promise.all([validate('iban', germanIban('370400440532013000'), keyA), validate('iban', germanIban('370400440532013000'), keyB)]);
    expect(extraA.status).toBe(429);
    expect(extraA.body.errorCode).toBe('CONCURRENCY_LIMIT');
    expect(fromB.status).toBe(200);
    expect((await Promise.all(held)).map((answer) => answer.status)).toEqual([200, 200, 200]);
    fakes.vies.reset();
  });
});
