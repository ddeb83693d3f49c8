/**
 * The client's `language` option (createClient and per call): sent as Accept-Language on the
 * validation calls, a call's own language winning, and the real service answering in it with the
 * same reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { validateIban } from '../../src/iban/index.js';
import { es } from '../../src/messages/es.js';
import { fr } from '../../src/messages/fr.js';
import type { Store } from '../../src/server/storage/types.js';
import { accountWithKey, closeInOrder, fakeConfig, startFakes, startTestServer, type Fakes, type TestServer } from '../support/server.js';
import { openTestStore } from '../support/store/test-store.js';

const BAD_CHECKSUM = 'DE89370400440532013012';

describe('the language option on the wire', () => {
  /** A fetch that records the Accept-Language of each call and answers a valid envelope. */
  function recording(): { fetch: typeof fetch; sent: (string | null)[] } {
    const sent: (string | null)[] = [];
    const fake = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get('accept-language'));
      return new Response(JSON.stringify({ valid: true }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    return { fetch: fake, sent };
  }

  it("sends the client's language, a call's own instead, and none when neither is set", async () => {
    const withLanguage = recording();
    const spanish = createClient({ baseUrl: 'http://service.test', apiKey: 'k', language: 'es-ES,es;q=0.9', fetch: withLanguage.fetch });
    await spanish.validateIban('x');
    await spanish.validateVat('x', { language: 'fr', traderName: 'ACME' });
    expect(withLanguage.sent).toEqual(['es-ES,es;q=0.9', 'fr']);

    const plain = recording();
    const english = createClient({ baseUrl: 'http://service.test', apiKey: 'k', fetch: plain.fetch });
    await english.validateNif('x');
    await english.validateNif('x', { language: 'pl' });
    expect(plain.sent).toEqual([null, 'pl']);
  });
});

describe('the language option against the service', () => {
  let fakes: Fakes;
  let store: Store;
  let service: TestServer;
  let key: string;

  beforeAll(async () => {
    fakes = await startFakes();
    store = await openTestStore();
    service = await startTestServer(store, fakeConfig(fakes));
    ({ key } = await accountWithKey(store, 'PRO'));
  }, 30_000);

  afterAll(() => closeInOrder(service, store, fakes));

  it('answers in the language asked for, the reason unchanged; English for a language without a catalog', async () => {
    const english = validateIban(BAD_CHECKSUM);
    const client = createClient({ baseUrl: service.url, apiKey: key, language: 'es' });
    const spanish = await client.validateIban(BAD_CHECKSUM);
    expect(spanish.message).toBe(es.messages.IBAN_BAD_CHECKSUM);
    expect(spanish.reason).toBe('IBAN_BAD_CHECKSUM');
    expect({ ...spanish, message: english.message }).toEqual(english);
    expect((await client.validateIban(BAD_CHECKSUM, { language: 'fr-CA' })).message).toBe(fr.messages.IBAN_BAD_CHECKSUM);
    expect(await client.validateIban(BAD_CHECKSUM, { language: 'ja' })).toEqual(english);
  });
});
