/**
 * Keys through the dashboard's forms, as an account does it: create one (303 to the keys page,
 * which shows the key once: a reload, a second or concurrent GET, another session or a late visit
 * shows it no more and makes no other key), use it over the API (200), revoke it after the
 * confirmation page, see it refused (401). Refused inputs answer the page again with the message
 * and what was typed; the plan's maximum is a 409; a suspended account cannot create keys.
 */
import { describe, expect, it } from 'vitest';
import { REVEAL_TTL_MS } from '../../../../src/server/policy/sessions.js';
import { followToReveal, getPage, postForm, SHOWN_BEFORE, signIn, useSignedInAccount, type Browser } from '../../../support/dashboard.js';
import { germanIban } from '../../../support/generators/iban.js';
import { createAccount, post } from '../../../support/server.js';

const KEY = /vf_[0-9A-Za-z]{43}/g;

const fixture = useSignedInAccount('STARTER');

const keysPath = (): string => `/dashboard/accounts/${fixture.account.id}/keys`;

describe('the key lifecycle through the forms', () => {
  let key = '';
  let keyId = '';

  it('creates a key: 303 to the keys page, which shows it once, never cached; a reload shows it no more and makes no other key', async () => {
    const created = await postForm(fixture.server.url, keysPath(), fixture.browser, { name: 'checkout form', expires: '30d', scopes: ['iban', 'vat'] });
    expect(created.text).not.toMatch(KEY);
    const { location, page } = await followToReveal(fixture.server.url, created, keysPath(), fixture.browser);
    const shown = page.text.match(KEY) ?? [];
    expect(shown).toHaveLength(1);
    key = shown[0] as string;
    expect(page.text).toContain('it will not be shown again');
    expect(page.text).toContain('Your new key “checkout form”');

    const reloaded = await getPage(fixture.server.url, location, fixture.browser);
    expect(reloaded.status).toBe(200);
    expect(reloaded.text).not.toMatch(KEY);
    expect(reloaded.text).toContain(SHOWN_BEFORE);
    expect(await fixture.server.store.keys.list(fixture.account.id)).toHaveLength(1);
    expect(fixture.server.logs.join('\n')).not.toContain(key);

    const [stored] = await fixture.server.store.keys.list(fixture.account.id);
    expect(stored).toMatchObject({ name: 'checkout form', scopes: ['iban', 'vat'] });
    keyId = stored?.id as string;
    expect(stored?.expiresAt?.getTime()).toBe(fixture.server.clock.now().getTime() + 30 * 86_400_000);
  });

  it('the keys page afterwards shows its display prefix, never the key', async () => {
    const page = await getPage(fixture.server.url, keysPath(), fixture.browser);
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(KEY);
    expect(page.text).not.toContain(key.slice(0, 12));
    expect(page.text).toContain(`${key.slice(0, 7)}…`);
    expect(page.text).toContain('checkout form');
  });

  it('the key validates over the API', async () => {
    const answer = await post(fixture.server.url, 'iban', { value: germanIban('370400440532013000') }, key);
    expect(answer.status).toBe(200);
    expect(answer.body.valid).toBe(true);
  });

  it('revokes after the confirmation page; the key is refused afterwards', async () => {
    const confirm = await getPage(fixture.server.url, `${keysPath()}/${keyId}/revoke`, fixture.browser);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('checkout form');
    expect(confirm.text).toContain(`action="${keysPath()}/${keyId}/revoke"`);
    // The confirmation page alone changes nothing.
    expect((await post(fixture.server.url, 'iban', { value: germanIban('370400440532013000') }, key)).status).toBe(200);

    const revoked = await postForm(fixture.server.url, `${keysPath()}/${keyId}/revoke`, fixture.browser);
    expect(revoked.status).toBe(303);
    expect(revoked.headers.get('location')).toBe(keysPath());
    const answer = await post(fixture.server.url, 'iban', { value: germanIban('370400440532013000') }, key);
    expect(answer.status).toBe(401);
    expect(answer.body.errorCode).toBe('INVALID_API_KEY');
    expect((await getPage(fixture.server.url, keysPath(), fixture.browser)).text).toContain('revoked');
  });

  it('revoking twice changes nothing and is no error', async () => {
    const first = (await fixture.server.store.keys.list(fixture.account.id))[0]?.revokedAt;
    fixture.server.clock.advance(60_000);
    expect((await postForm(fixture.server.url, `${keysPath()}/${keyId}/revoke`, fixture.browser)).status).toBe(303);
    expect((await fixture.server.store.keys.list(fixture.account.id))[0]?.revokedAt).toEqual(first);
  });
});

describe('the scope of a key made with the form', () => {
  it('"all fields" is its own choice; every box ticked under "only these" is a list kept as chosen', async () => {
    const every = ['iban', 'vat', 'email', 'phone', 'nif', 'nas', 'ssn'];
    const account = await createAccount(fixture.server.store, 'PRO');
    const owner = await signIn(fixture.server, account.id);
    const path = `/dashboard/accounts/${account.id}/keys`;
    expect((await postForm(fixture.server.url, path, owner, { name: 'all', expires: 'never', scope: 'all', scopes: every })).status).toBe(303);
    expect((await postForm(fixture.server.url, path, owner, { name: 'listed', expires: 'never', scope: 'chosen', scopes: every })).status).toBe(303);
    const keys = await fixture.server.store.keys.list(account.id);
    expect(Object.fromEntries(keys.map((key) => [key.name, key.allFields]))).toEqual({ all: true, listed: false });
    const page = await getPage(fixture.server.url, path, owner);
    expect(page.text.match(/all fields/g)).toHaveLength(1);
  });
});

describe('a refused key', () => {
  it('answers the page again (400) with the message and what was typed, no key made', async () => {
    const cases: [Record<string, string | string[]>, string][] = [
      [{ name: '', expires: '30d', scopes: ['iban'] }, 'a name must be 1 to 100 printable characters'],
      [{ name: 'typed <name>', expires: 'soon', scopes: ['iban'] }, 'expiry &quot;soon&quot; is not a duration'],
      [{ name: 'typed <name>', expires: '999999y', scopes: ['iban'] }, 'expiry &quot;999999y&quot; is longer than 10 years'],
      [{ name: 'typed <name>', expires: '30d' }, 'Choose at least one field the key may validate.'],
      [{ name: 'typed <name>', expires: '30d', scopes: ['iban', 'passport'] }, 'unknown: passport'],
    ];
    const before = await fixture.server.store.keys.list(fixture.account.id);
    for (const [fields, message] of cases) {
      const answer = await postForm(fixture.server.url, keysPath(), fixture.browser, fields);
      expect(answer.status, message).toBe(400);
      expect(answer.text, message).toContain(message);
      expect(answer.text).not.toMatch(KEY);
      if (fields.name !== '') expect(answer.text).toContain('value="typed &lt;name&gt;"');
    }
    expect(await fixture.server.store.keys.list(fixture.account.id)).toEqual(before);
  });

  it("at the plan's maximum of live keys: 409 with the plan's words", async () => {
    const free = await createAccount(fixture.server.store, 'FREE');
    const owner = await signIn(fixture.server, free.id);
    const path = `/dashboard/accounts/${free.id}/keys`;
    expect((await postForm(fixture.server.url, path, owner, { name: 'first', expires: 'never', scopes: ['iban'] })).status).toBe(303);
    const second = await postForm(fixture.server.url, path, owner, { name: 'second', expires: 'never', scopes: ['iban'] });
    expect(second.status).toBe(409);
    expect(second.text).toContain('at most 1 live API key');
    expect(second.text).not.toMatch(KEY);
  });

  it('for a suspended account: 409, while it still signs in and reads its pages', async () => {
    const suspended = await createAccount(fixture.server.store, 'PRO');
    await fixture.server.store.accounts.update(suspended.id, { suspended: true }, fixture.server.clock.now());
    const owner = await signIn(fixture.server, suspended.id);
    const path = `/dashboard/accounts/${suspended.id}/keys`;
    expect((await getPage(fixture.server.url, path, owner)).status).toBe(200);
    const answer = await postForm(fixture.server.url, path, owner, { name: 'during suspension', expires: 'never', scopes: ['iban'] });
    expect(answer.status).toBe(409);
    expect(answer.text).toContain('This account is suspended: it gets no new API key until the operator resumes it');
    expect(await fixture.server.store.keys.list(suspended.id)).toEqual([]);
  });
});

describe('a refused key in the page language', () => {
  /** POSTs the key form as `browser` with its CSRF token, asking for the page in `language`. */
  async function createIn(language: string, path: string, browser: Browser, fields: Record<string, string>): Promise<{ status: number; text: string }> {
    const body = new URLSearchParams({ _csrf: browser.csrf, ...fields });
    const answer = await fetch(`${fixture.server.url}${path}`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: browser.cookie, 'Accept-Language': language }, body });
    return { status: answer.status, text: await answer.text() };
  }

  it('says in French that a field must be chosen, and in Polish that the plan allows one live key', async () => {
    const french = await createIn('fr', keysPath(), fixture.browser, { name: 'typed', expires: '30d' });
    expect(french.status).toBe(400);
    expect(french.text).toContain('Non effectué :</strong> Choisissez au moins un champ que la clé peut valider.');
    expect(french.text).not.toContain('Choose at least one field');

    const free = await createAccount(fixture.server.store, 'FREE');
    const owner = await signIn(fixture.server, free.id);
    const path = `/dashboard/accounts/${free.id}/keys`;
    expect((await createIn('pl', path, owner, { name: 'first', expires: 'never', scopes: 'iban' })).status).toBe(303);
    const polish = await createIn('pl', path, owner, { name: 'second', expires: 'never', scopes: 'iban' });
    expect(polish.status).toBe(409);
    expect(polish.text).toContain('Ten plan pozwala na najwyżej 1 aktywny klucz API; najpierw unieważnij jeden');
    expect(polish.text).toContain('1 z 1 aktywnego klucza dozwolonego w planie FREE.');
  });
});

describe('a new key shown once', () => {
  /** Creates a key as `browser` on a new PRO account's page; resolves with the page path and the Location of the 303. */
  async function createKeyAs(name: string): Promise<{ path: string; location: string; accountId: string; owner: Awaited<ReturnType<typeof signIn>> }> {
    const account = await createAccount(fixture.server.store, 'PRO');
    const owner = await signIn(fixture.server, account.id);
    const path = `/dashboard/accounts/${account.id}/keys`;
    const created = await postForm(fixture.server.url, path, owner, { name, expires: 'never', scope: 'all' });
    expect(created.status).toBe(303);
    return { path, location: created.headers.get('location') ?? '', accountId: account.id, owner };
  }

  it('is shown to exactly one of two concurrent GETs', async () => {
    const { location, accountId, owner } = await createKeyAs('raced');
    const pages = await Promise.all([getPage(fixture.server.url, location, owner), getPage(fixture.server.url, location, owner)]);
    expect(pages.map((page) => page.status)).toEqual([200, 200]);
    expect(pages.map((page) => (page.text.match(KEY) ?? []).length).sort()).toEqual([0, 1]);
    expect(pages.filter((page) => page.text.includes(SHOWN_BEFORE))).toHaveLength(1);
    expect(await fixture.server.store.keys.list(accountId)).toHaveLength(1);
  });

  it("is not shown to another session, even the operator's, which leaves it to its own", async () => {
    const { location, accountId, owner } = await createKeyAs('mine');
    for (const other of [await signIn(fixture.server, accountId), await signIn(fixture.server, null)]) {
      const refused = await getPage(fixture.server.url, location, other);
      expect(refused.status).toBe(200);
      expect(refused.text).not.toMatch(KEY);
      expect(refused.text).toContain(SHOWN_BEFORE);
    }
    const shown = await getPage(fixture.server.url, location, owner);
    expect(shown.text.match(KEY) ?? []).toHaveLength(1);
  });

  it('is not shown once its reference has expired, nor on another page or for a reference that is no reference', async () => {
    const late = await createKeyAs('late');
    fixture.server.clock.advance(REVEAL_TTL_MS);
    const expired = await getPage(fixture.server.url, late.location, late.owner);
    expect(expired.status).toBe(200);
    expect(expired.text).not.toMatch(KEY);
    expect(expired.text).toContain(SHOWN_BEFORE);

    const elsewhere = await createKeyAs('elsewhere');
    const reference = new URL(elsewhere.location, fixture.server.url).search;
    // The webhook page takes only webhook secrets: the key's reference is used up there, not shown.
    const webhooks = await getPage(fixture.server.url, `/dashboard/accounts/${elsewhere.accountId}/webhooks${reference}`, elsewhere.owner);
    expect(webhooks.text).not.toMatch(KEY);
    expect(webhooks.text).toContain(SHOWN_BEFORE);
    const malformed = await getPage(fixture.server.url, `${elsewhere.path}?reveal=%3Cscript%3E`, elsewhere.owner);
    expect(malformed.status).toBe(200);
    expect(malformed.text).not.toMatch(KEY);
    expect(malformed.text).not.toContain('<script>');
  });
});
