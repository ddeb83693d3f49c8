/** Which text can name a stored account or key: the ids the store makes, and nothing a URL can smuggle past them. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { couldBeStoredId } from '../../../src/server/storage/ids.js';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';

describe('couldBeStoredId', () => {
  it('takes every id the embedded store makes for accounts and keys', async () => {
    const store = await openEmbeddedStore();
    try {
      const account = await store.accounts.create({ name: 'ids', plan: 'FREE', subscriptionStart: '2026-01-15', vatNumber: null });
      const key = await store.keys.create(
        { accountId: account.id, name: 'k', displayPrefix: 'vf_abcd', hash: 'a'.repeat(64), scopes: ['iban'], expiresAt: null },
        5,
        new Date(),
      );
      expect(couldBeStoredId(account.id)).toBe(true);
      expect(couldBeStoredId(key.id)).toBe(true);
    } finally {
      await store.close();
    }
    expect(couldBeStoredId(randomUUID())).toBe(true);
  });

  it('refuses empty text, a NUL, separators, dots, spaces, markup, non-ASCII and more than 64 characters', () => {
    for (const text of ['', 'a\u0000b', 'a/b', '..', 'a b', '<b>', 'ü', '\uD800', 'x'.repeat(65)]) expect(couldBeStoredId(text), JSON.stringify(text)).toBe(false);
    expect(couldBeStoredId('x'.repeat(64))).toBe(true);
  });
});
