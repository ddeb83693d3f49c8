/**
 * Why the time a key check takes tells an attacker nothing (docs/service.md#api-keys), shown by construction
 * rather than with a stopwatch: a presented key is hashed whole (SHA-256) and looked up by that
 * hash only, so an unknown key and a wrong key that shares a real key's display prefix go down the
 * same path with the same store calls to the same answer; and a found hash is compared with
 * crypto.timingSafeEqual over all 32 bytes, whatever byte differs.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthenticator } from '../../../src/server/pipeline/authenticator.js';
import { generateApiKey, hashApiKey, hashesMatch } from '../../../src/server/admin/api-keys.js';
import type { Store } from '../../../src/server/storage/types.js';
import { memoryStore } from '../../support/fakes/store.js';
import { ALL_FIELDS, createAccount, createKey } from '../../support/server.js';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const compare = vi.mocked(timingSafeEqual);

/** The store's keys, with every method call recorded (name and arguments). */
function recordingKeys(store: Store): { keys: Store['keys']; calls: Array<{ method: string; args: unknown[] }> } {
  const calls: Array<{ method: string; args: unknown[] }> = [];
  const keys = new Proxy(store.keys, {
    get(target, property, receiver) {
      const member = Reflect.get(target, property, receiver) as unknown;
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        calls.push({ method: String(property), args });
        return (member as (...callArgs: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { keys, calls };
}

/** A key of the same shape sharing `key`'s display prefix (`vf_` and 4 characters), the rest wrong. */
function samePrefix(key: string): string {
  const rest = key.slice(7).split('').map((char) => (char === 'Z' ? 'Y' : 'Z')).join('');
  return key.slice(0, 7) + rest;
}

beforeEach(() => {
  compare.mockClear();
});

describe('key checks take the same path for every wrong key', () => {
  it('look a key up by the SHA-256 of the whole key, by that alone, and compare the found hash in constant time', async () => {
    const store = memoryStore();
    const account = await createAccount(store, 'STARTER');
    const { key } = await createKey(store, account);
    const { keys, calls } = recordingKeys(store);
    const auth = createAuthenticator({ store: { keys }, now: () => new Date(), cacheMs: 0 });

    const outcome = await auth.authenticate(key, 'iban');
    expect(outcome.ok).toBe(true);
    expect(calls).toEqual([{ method: 'findByHash', args: [createHash('sha256').update(key).digest('hex')] }]);
    expect(compare).toHaveBeenCalledTimes(1);
    const [expected, actual] = compare.mock.calls[0] as [Buffer, Buffer];
    expect([expected.length, actual.length]).toEqual([32, 32]);
  });

  it('an unknown key and a wrong key with a known display prefix: the same store calls, no comparison, the same answer', async () => {
    const store = memoryStore();
    const account = await createAccount(store, 'STARTER');
    const { key } = await createKey(store, account);
    const unknown = generateApiKey().key;
    const lookalike = samePrefix(key);
    expect(lookalike.slice(0, 7)).toBe(key.slice(0, 7));
    expect(lookalike).not.toBe(key);

    const runs = [];
    for (const presented of [unknown, lookalike]) {
      const { keys, calls } = recordingKeys(store);
      const auth = createAuthenticator({ store: { keys }, now: () => new Date(), cacheMs: 0 });
      compare.mockClear();
      const outcome = await auth.authenticate(presented, 'iban');
      runs.push({
        outcome,
        methods: calls.map((call) => call.method),
        argument: calls[0]?.args[0],
        comparisons: compare.mock.calls.length,
      });
    }
    const [first, second] = runs;
    expect(first?.outcome).toBe(second?.outcome);
    expect(first?.outcome).toMatchObject({ ok: false, status: 401, code: 'INVALID_API_KEY' });
    expect(first?.methods).toEqual(['findByHash']);
    expect(second?.methods).toEqual(['findByHash']);
    expect([first?.comparisons, second?.comparisons]).toEqual([0, 0]);
    // What the store is asked for carries nothing of the display prefix: a hash of the whole key.
    expect(first?.argument).toBe(hashApiKey(unknown));
    expect(second?.argument).toBe(hashApiKey(lookalike));
    expect(String(second?.argument)).not.toContain(key.slice(3, 7));
  });

  it('revoked and expired keys are found, compared, and refused with the same message as an unknown one', async () => {
    const store = memoryStore();
    const account = await createAccount(store, 'PRO');
    const revoked = await createKey(store, account);
    await store.keys.revoke(revoked.id, new Date());
    const expired = await createKey(store, account, { expires: '1h', now: new Date(Date.now() - 7_200_000) });
    const auth = createAuthenticator({ store, now: () => new Date(), cacheMs: 0 });
    const unknown = await auth.authenticate(generateApiKey().key, 'iban');
    for (const presented of [revoked.key, expired.key]) {
      compare.mockClear();
      const outcome = await auth.authenticate(presented, 'iban');
      expect(outcome.ok).toBe(false);
      expect(compare).toHaveBeenCalledTimes(1);
      if (!outcome.ok && !unknown.ok) expect(outcome.message).toBe(unknown.message);
    }
  });

  it('hashesMatch hands all 32 bytes to timingSafeEqual wherever the hashes differ, and refuses other lengths without comparing', () => {
    const hash = hashApiKey(generateApiKey().key);
    for (const position of [0, 31, 63]) {
      const other = hash.slice(0, position) + (hash[position] === '0' ? '1' : '0') + hash.slice(position + 1);
      compare.mockClear();
      expect(hashesMatch(hash, other)).toBe(false);
      expect(compare).toHaveBeenCalledTimes(1);
      expect((compare.mock.calls[0] as [Buffer, Buffer]).map((buffer) => buffer.length)).toEqual([32, 32]);
    }
    expect(hashesMatch(hash, hash)).toBe(true);
    compare.mockClear();
    expect(hashesMatch(hash, hash.slice(0, 62))).toBe(false);
    expect(hashesMatch(hash, '')).toBe(false);
    expect(compare).not.toHaveBeenCalled();
  });

  it('a refused key never reaches the store when it cannot be a key at all (every field alike)', async () => {
    const store = memoryStore();
    const { keys, calls } = recordingKeys(store);
    const auth = createAuthenticator({ store: { keys }, now: () => new Date(), cacheMs: 0 });
    for (const field of ALL_FIELDS) {
      for (const presented of ['vf_short', `vf_${'é'.repeat(43)}`, `xx_${'a'.repeat(43)}`, `vf_${'a'.repeat(44)}`]) {
        expect(await auth.authenticate(presented, field)).toMatchObject({ ok: false, code: 'INVALID_API_KEY' });
      }
    }
    expect(calls).toEqual([]);
  });
});
