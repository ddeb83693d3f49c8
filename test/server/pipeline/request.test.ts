/**
 * The pieces of the request pipeline on their own: body reading (src/server/pipeline/body.ts), the
 * concurrency limiter and the key checks, with plain Web Requests and an in-memory store.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAuthenticator } from '../../../src/server/pipeline/authenticator.js';
import { describeError } from '../../../src/server/answers/errors.js';
import { createMemoryLimiter } from '../../../src/server/storage/memory/limiter.js';
import { isJsonContentType, isTooLong, MAX_BODY_BYTES, readValidationBody, sdkOf, webInput } from '../../../src/server/pipeline/body.js';
import { FIELD_NAMES } from '../../../src/fields/catalog.js';
import { memoryStore } from '../../support/fakes/store.js';
import { accountWithKey, createKey } from '../../support/server.js';

const URL_ = 'http://localhost/api/v1/validate/iban';

function jsonRequest(body: BodyInit, headers: Record<string, string> = { 'Content-Type': 'application/json' }): Request {
  return new Request(URL_, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
}

function streamOf(bytes: Uint8Array, chunk = 512): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += chunk) controller.enqueue(bytes.slice(offset, offset + chunk));
      controller.close();
    },
  });
}

describe('readValidationBody', () => {
  it('reads { value }, traderName for VAT only, defaultCountry for phone only and iban for BIC only', async () => {
    expect(await readValidationBody(webInput(jsonRequest('{"value":"x","traderName":"ACME"}')), 'vat')).toEqual({ ok: true, body: { value: 'x', options: { traderName: 'ACME' } } });
    expect(await readValidationBody(webInput(jsonRequest('{"value":"x","traderName":null}')), 'vat')).toEqual({ ok: true, body: { value: 'x' } });
    expect(await readValidationBody(webInput(jsonRequest('{"value":"020","defaultCountry":"GB"}')), 'phone')).toEqual({ ok: true, body: { value: '020', options: { defaultCountry: 'GB' } } });
    expect(await readValidationBody(webInput(jsonRequest('{"value":"020","defaultCountry":null}')), 'phone')).toEqual({ ok: true, body: { value: '020' } });
    expect(await readValidationBody(webInput(jsonRequest('{"value":"BNPAFRPP","iban":"FR76 3000"}')), 'bic')).toEqual({ ok: true, body: { value: 'BNPAFRPP', options: { iban: 'FR76 3000' } } });
    expect(await readValidationBody(webInput(jsonRequest('{"value":"BNPAFRPP","iban":76}')), 'bic')).toMatchObject({ status: 400, code: 'VALUE_NOT_STRING', originalValue: 'BNPAFRPP' });
    expect(await readValidationBody(webInput(jsonRequest(JSON.stringify({ value: 'BNPAFRPP', iban: 'F'.repeat(1_025) }))), 'bic')).toMatchObject({ status: 400, code: 'VALUE_TOO_LONG' });
  });

  it('refuses a member the field does not take, naming it and the members taken', async () => {
    expect(await readValidationBody(webInput(jsonRequest('{"value":"x","traderName":"ACME"}')), 'iban')).toEqual({
      ok: false,
      status: 400,
      code: 'UNKNOWN_MEMBER',
      message: 'Unknown member "traderName" in the request body: this endpoint takes value, nationalCheck',
      originalValue: 'x',
    });
    expect(await readValidationBody(webInput(jsonRequest('{"value":"x","tradername":"ACME"}')), 'vat')).toMatchObject({
      status: 400,
      code: 'UNKNOWN_MEMBER',
      message: 'Unknown member "tradername" in the request body: this endpoint takes value, traderName',
    });
    expect(await readValidationBody(webInput(jsonRequest('{"value":"x","defaultCountry":"GB"}')), 'vat')).toMatchObject({ code: 'UNKNOWN_MEMBER' });
    expect(await readValidationBody(webInput(jsonRequest('{"value":"x","iban":"DE89"}')), 'iban')).toMatchObject({ code: 'UNKNOWN_MEMBER' });
    // A member name is quoted, never echoed whole.
    const long = await readValidationBody(webInput(jsonRequest(JSON.stringify({ value: 'x', ['k'.repeat(5_000)]: 1 }))), 'iban');
    expect(long.ok === false && long.message.length).toBeLessThan(200);
    // JSON.parse makes "__proto__" an own member: it is a member like any other.
    expect(await readValidationBody(webInput(jsonRequest('{"value":"x","__proto__":{}}')), 'iban')).toMatchObject({ code: 'UNKNOWN_MEMBER' });
  });

  it('answers a body that is not JSON 415, every other malformed body 400', async () => {
    expect(await readValidationBody(webInput(jsonRequest('{"value":"x"}', { 'Content-Type': 'text/plain' })), 'iban')).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await readValidationBody(webInput(jsonRequest('{"value":"x"}', { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' })), 'iban')).toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(await readValidationBody(webInput(jsonRequest('{"value":')), 'iban')).toMatchObject({ status: 400, code: 'INVALID_JSON' });
  });

  it('refuses a streamed body one byte over 16 KiB, and reads one of exactly 16 KiB', async () => {
    // Padded with JSON whitespace: a member to pad with would be refused as unknown.
    const head = '{"value":"v"';
    const exact = new TextEncoder().encode(`${head}${' '.repeat(MAX_BODY_BYTES - head.length - 1)}}`);
    expect(exact.byteLength).toBe(MAX_BODY_BYTES);
    expect((await readValidationBody(webInput(jsonRequest(streamOf(exact))), 'iban')).ok).toBe(true);
    const over = new Uint8Array(MAX_BODY_BYTES + 1);
    over.set(exact);
    over[MAX_BODY_BYTES] = 0x20;
    expect(await readValidationBody(webInput(jsonRequest(streamOf(over))), 'iban')).toMatchObject({ ok: false, code: 'BODY_TOO_LARGE' });
  });

  it('stops reading a huge streamed body at the limit', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024).fill(0x20));
      },
    });
    expect(await readValidationBody(webInput(jsonRequest(endless)), 'iban')).toMatchObject({ ok: false, code: 'BODY_TOO_LARGE' });
    expect(pulled).toBeLessThan(40);
  });

  it('a declared Content-Length over the limit is refused without reading', async () => {
    const request = jsonRequest('{}', { 'Content-Type': 'application/json', 'Content-Length': String(MAX_BODY_BYTES + 1) });
    expect(await readValidationBody(webInput(request), 'iban')).toMatchObject({ ok: false, code: 'BODY_TOO_LARGE' });
  });

  it('a leading byte order mark is accepted (it is not part of the JSON)', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"value":"x"}')]);
    expect(await readValidationBody(webInput(jsonRequest(bytes)), 'iban')).toEqual({ ok: true, body: { value: 'x' } });
  });

  it('never rejects, whatever the bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), fc.constantFrom(...FIELD_NAMES), async (bytes, field) => {
        const outcome = await readValidationBody(webInput(jsonRequest(bytes)), field);
        expect(typeof outcome.ok).toBe('boolean');
      }),
      { numRuns: 200 },
    );
  });

  it('any string up to 1,024 characters comes through as sent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 200 }), async (value) => {
        const outcome = await readValidationBody(webInput(jsonRequest(JSON.stringify({ value }))), 'iban');
        expect(outcome).toEqual({ ok: true, body: { value } });
      }),
      { numRuns: 200 },
    );
  });
});

describe('helpers', () => {
  it('isTooLong counts code points', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1000, maxLength: 1050 }), (text) => {
        expect(isTooLong(text)).toBe([...text].length > 1024);
      }),
      { numRuns: 50 },
    );
    expect(isTooLong('a'.repeat(1024))).toBe(false);
    expect(isTooLong('a'.repeat(1025))).toBe(true);
  });

  it('isJsonContentType', () => {
    expect(['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON;CHARSET=UTF8', 'application/json; boundary=x'].map(isJsonContentType)).toEqual([true, true, true, true]);
    expect([null, '', 'text/json', 'application/jsonx', 'application/json; charset=latin1', 'application/problem+json'].map(isJsonContentType)).toEqual([
      false, false, false, false, false, false,
    ]);
  });

  it('sdkOf keeps 1-64 printable ASCII characters and nothing else', () => {
    expect(sdkOf('verifield-js/1.0.0')).toBe('verifield-js/1.0.0');
    expect(sdkOf(' ~')).toBe(' ~');
    for (const bad of [null, undefined, '', 'x'.repeat(65), 'é', 'a\u0000b', 'a\u007fb']) expect(sdkOf(bad)).toBeNull();
  });

  it('describeError cuts out the key and the value, also without separators', () => {
    const error = new Error('lookup of 123-45-6789 (123456789) with vf_secret failed');
    const text = describeError(error, ['vf_secret', '123-45-6789']);
    expect(text).not.toContain('6789');
    expect(text).not.toContain('vf_secret');
    expect(text).toContain('lookup of *** (***) with *** failed');
  });
});

describe('createMemoryLimiter', () => {
  it('never lets more than the limit in for an account, whatever the interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 5 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }), async (limit, steps) => {
        const limiter = createMemoryLimiter({ sharedPoolSize: 100 });
        const held: Array<{ release(): Promise<void> }> = [];
        for (const take of steps) {
          if (take) {
            const outcome = await limiter.acquire({ accountId: 'a', limit, shared: true });
            expect(outcome.ok).toBe(held.length < limit);
            if (outcome.ok) held.push(outcome.lease);
          } else {
            await held.pop()?.release();
          }
          expect(limiter.inFlight('a')).toBe(held.length);
          expect(limiter.sharedInUse).toBe(held.length);
        }
      }),
    );
  });

  it('the shared pool is shared across accounts and skipped by PRO (shared: false); a double release frees one slot', async () => {
    const limiter = createMemoryLimiter({ sharedPoolSize: 2 });
    const first = await limiter.acquire({ accountId: 'a', limit: 5, shared: true });
    const second = await limiter.acquire({ accountId: 'b', limit: 5, shared: true });
    expect(await limiter.acquire({ accountId: 'c', limit: 5, shared: true })).toEqual({ ok: false, reason: 'pool' });
    expect((await limiter.acquire({ accountId: 'pro', limit: 25, shared: false })).ok).toBe(true);
    if (!first.ok || !second.ok) throw new Error('expected leases');
    await first.lease.release();
    await first.lease.release();
    expect(limiter.sharedInUse).toBe(1);
    expect((await limiter.acquire({ accountId: 'c', limit: 5, shared: true })).ok).toBe(true);
    expect(await limiter.acquire({ accountId: 'd', limit: 5, shared: true })).toEqual({ ok: false, reason: 'pool' });
  });
});

describe('createAuthenticator', () => {
  it('reuses a lookup for cacheMs: a revocation takes effect when it runs out', async () => {
    const store = memoryStore();
    const { account, key } = await accountWithKey(store, 'PRO');
    let lookups = 0;
    const counting = { keys: { ...store.keys, findByHash: (hash: string) => (lookups++, store.keys.findByHash(hash)) } };
    const auth = createAuthenticator({ store: counting, now: () => new Date(), cacheMs: 60 });
    expect((await auth.authenticate(key, 'iban')).ok).toBe(true);
    expect((await auth.authenticate(key, 'vat')).ok).toBe(true);
    expect(lookups).toBe(1);
    const [record] = await store.keys.list(account.id);
    await store.keys.revoke(record?.id as string, new Date());
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await auth.authenticate(key, 'iban')).toMatchObject({ ok: false, code: 'INVALID_API_KEY' });
    expect(lookups).toBe(2);
  });

  it('expiry is read on the clock given; a key is refused from its expiry instant on', async () => {
    const store = memoryStore();
    const created = new Date('2026-03-01T00:00:00Z');
    const { account } = await accountWithKey(store, 'GROWTH');
    const { key } = await createKey(store, account, { expires: '12h', now: created });
    let now = new Date('2026-03-01T11:59:59Z');
    const auth = createAuthenticator({ store, now: () => now, cacheMs: 0 });
    expect((await auth.authenticate(key, 'email')).ok).toBe(true);
    now = new Date('2026-03-01T12:00:00Z');
    expect(await auth.authenticate(key, 'email')).toMatchObject({ ok: false, status: 401, code: 'EXPIRED_API_KEY' });
  });

  it('malformed keys are refused without a store lookup; surrounding spaces are tolerated', async () => {
    const store = memoryStore();
    const { key } = await accountWithKey(store, 'FREE');
    let lookups = 0;
    const counting = { keys: { ...store.keys, findByHash: (hash: string) => (lookups++, store.keys.findByHash(hash)) } };
    const auth = createAuthenticator({ store: counting, now: () => new Date(), cacheMs: 0 });
    for (const bad of ['vf_short', `${key}0`, key.replace('vf_', 'VF_'), 'x'.repeat(5000)]) {
      expect(await auth.authenticate(bad, 'iban')).toMatchObject({ ok: false, code: 'INVALID_API_KEY' });
    }
    expect(lookups).toBe(0);
    expect((await auth.authenticate(` ${key} `, 'iban')).ok).toBe(true);
    expect(await auth.authenticate('   ', 'iban')).toMatchObject({ code: 'MISSING_API_KEY' });
  });
});
