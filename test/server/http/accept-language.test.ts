/**
 * The validation endpoints answer in the language of Accept-Language (docs/service.md#languages),
 * over real HTTP on the Node listener (its fast path) and through the Hono route (app.fetch): a
 * 200 carries the catalog's message, the same reason, Content-Language and Vary; the request is
 * counted once, as in English; error answers stay English; a header that names no catalog, is
 * malformed, or puts the catalog past the 32nd range is answered in English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateIban } from '../../../src/iban/index.js';
import { es } from '../../../src/messages/es.js';
import type { VerifieldApp } from '../../../src/server/http/app.js';
import { billingPeriod } from '../../../src/server/policy/plans.js';
import type { Account, Store } from '../../../src/server/storage/types.js';
import { accountWithKey, closeInOrder, startServiceAndApp, type Fakes, type TestServer } from '../../support/server.js';

let fakes: Fakes;
let store: Store;
let service: TestServer;
let app: VerifieldApp;
let account: Account;
let key: string;

// A German IBAN whose check digits are wrong: the reason is the checksum, whatever the language.
const BAD_CHECKSUM = 'DE89370400440532013012';
const english = validateIban(BAD_CHECKSUM);

beforeAll(async () => {
  ({ fakes, store, service, app } = await startServiceAndApp());
  ({ account, key } = await accountWithKey(store, 'PRO'));
}, 30_000);

afterAll(() => closeInOrder(app, service, store, fakes));

interface Seen {
  status: number;
  contentLanguage: string | null;
  vary: string | null;
  body: { valid: boolean; message: string; reason: string | null; errorCode?: string; originalValue: string };
}

type Side = (headers: Record<string, string>, body: string) => Response | Promise<Response>;

const init = (headers: Record<string, string>, body: string): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
const SIDES: Record<string, Side> = {
  'the Node listener (fast path)': (headers, body) => fetch(`${service.url}/api/v1/validate/iban`, init(headers, body)),
  'the Hono route': (headers, body) => app.fetch(new Request('http://localhost/api/v1/validate/iban', init(headers, body))),
};

async function ask(side: Side, acceptLanguage: string | undefined, options: { body?: string; key?: string | null } = {}): Promise<Seen> {
  const headers: Record<string, string> = {};
  const sentKey = options.key === undefined ? key : options.key;
  if (sentKey !== null) headers['X-API-KEY'] = sentKey;
  if (acceptLanguage !== undefined) headers['Accept-Language'] = acceptLanguage;
  const response = await side(headers, options.body ?? JSON.stringify({ value: BAD_CHECKSUM }));
  return {
    status: response.status,
    contentLanguage: response.headers.get('content-language'),
    vary: response.headers.get('vary'),
    body: (await response.json()) as Seen['body'],
  };
}

const used = (): Promise<number> => store.usage.used(account.id, billingPeriod(account.subscriptionStart, new Date()).start);

describe.each(Object.entries(SIDES))('Accept-Language on %s', (_name, side) => {
  it('answers es-ES,es;q=0.9 in Spanish with the same reason, Content-Language es and Vary, counted once', async () => {
    expect(english.reason).toBe('IBAN_BAD_CHECKSUM');
    const before = await used();
    const seen = await ask(side, 'es-ES,es;q=0.9');
    expect(await used()).toBe(before + 1);
    expect(seen.status).toBe(200);
    expect(seen.contentLanguage).toBe('es');
    expect(seen.vary).toBe('Accept-Language');
    expect(seen.body.message).toBe(es.messages.IBAN_BAD_CHECKSUM);
    expect(seen.body.message).not.toBe(english.message);
    // Only the message changes: the rest of the envelope, key order included, is the English one.
    expect(JSON.stringify({ ...seen.body, message: english.message })).toBe(JSON.stringify(english));
  });

  it('skips a language excluded with q=0 and takes the next one', async () => {
    const seen = await ask(side, 'fr;q=0, es');
    expect(seen.contentLanguage).toBe('es');
    expect(seen.body.message).toBe(es.messages.IBAN_BAD_CHECKSUM);
  });

  it('answers in English, Content-Language en, without a catalog for the language, without the header, or with a malformed one', async () => {
    for (const header of ['xx', undefined, 'es;q=2', 'es;level=1', '!!!', 'es-', ';q=1']) {
      const seen = await ask(side, header);
      expect(seen.status, String(header)).toBe(200);
      expect(seen.contentLanguage, String(header)).toBe('en');
      expect(seen.vary, String(header)).toBe('Accept-Language');
      expect(seen.body, String(header)).toEqual(english);
    }
  });

  it('reads the first 32 ranges of a header of 40 only', async () => {
    const others = Array.from({ length: 39 }, (_, index) => `zz-r${index};q=0.5`);
    const at32 = [...others.slice(0, 31), 'es;q=0.4', ...others.slice(31)];
    const at33 = [...others.slice(0, 32), 'es;q=0.4', ...others.slice(32)];
    expect(at32).toHaveLength(40);
    expect((await ask(side, at32.join(', '))).contentLanguage).toBe('es');
    const past = await ask(side, at33.join(', '));
    expect(past.status).toBe(200);
    expect(past.contentLanguage).toBe('en');
    expect(past.body.message).toBe(english.message);
  });

  it('keeps error answers in English with Content-Language en', async () => {
    const noKey = await ask(side, 'es', { key: null });
    expect(noKey.status).toBe(401);
    expect(noKey.contentLanguage).toBe('en');
    expect(noKey.body).toMatchObject({ errorCode: 'MISSING_API_KEY', reason: null, message: expect.stringMatching(/^An API key is required/) });
    const badBody = await ask(side, 'es-ES,es;q=0.9', { body: '{"value":' });
    expect(badBody.status).toBe(400);
    expect(badBody.contentLanguage).toBe('en');
    expect(badBody.body).toMatchObject({ errorCode: 'INVALID_JSON', reason: null, message: 'The request body is not valid JSON' });
  });
});
