/**
 * The webhook page as an account uses it: set the URL (303 to the page, which shows the signing
 * secret once, never again, never cached), rotate the secret after its confirmation page (303, a
 * new one shown once; a reload rotates nothing), both refused without the session's CSRF token;
 * the last deliveries with every attempt; another account's page is 404.
 */
import { describe, expect, it } from 'vitest';
import { REVEAL_TTL_MS } from '../../../../src/server/policy/sessions.js';
import { followToReveal, getPage, postForm, SHOWN_BEFORE, signIn, useSignedInAccount } from '../../../support/dashboard.js';
import { createAccount } from '../../../support/server.js';

const SECRET = /whsec_[0-9A-Za-z_-]{43}/g;

const fixture = useSignedInAccount('STARTER');

const webhooksPath = (): string => `/dashboard/accounts/${fixture.account.id}/webhooks`;

describe('the webhook page', () => {
  let secret = '';

  it('says no URL is set at first, and offers no rotation', async () => {
    const page = await getPage(fixture.server.url, webhooksPath(), fixture.browser);
    expect(page.status).toBe(200);
    expect(page.text).toContain('No webhook URL yet');
    expect(page.text).not.toContain(`${webhooksPath()}/rotate"`);
    expect(page.text).toContain('No events sent yet');
    // Nothing to rotate: the confirmation says so (409) and offers no button.
    const confirm = await getPage(fixture.server.url, `${webhooksPath()}/rotate`, fixture.browser);
    expect(confirm.status).toBe(409);
    expect(confirm.text).toContain('Set a webhook URL first');
    expect(confirm.text).not.toContain(`action="${webhooksPath()}/rotate"`);
  });

  it('says so in French to a French browser: no URL yet, and nothing to rotate (409)', async () => {
    const french = { 'Accept-Language': 'fr' };
    const page = await getPage(fixture.server.url, webhooksPath(), fixture.browser, french);
    expect(page.text).toContain('Pas encore d’URL de webhook : les événements ne sont envoyés nulle part.');
    expect(page.text).toContain('<button type="submit">Enregistrer l’URL</button>');
    const confirm = await getPage(fixture.server.url, `${webhooksPath()}/rotate`, fixture.browser, french);
    expect(confirm.status).toBe(409);
    expect(confirm.text).toContain('Aucune URL de webhook');
    expect(confirm.text).toContain('Ce compte n’a pas d’URL de webhook : il n’y a donc aucun secret à renouveler.');
    expect(confirm.text).toContain('Définissez d’abord une URL de webhook : l’enregistrer crée le premier secret.');
    expect(confirm.text).not.toContain('Set a webhook URL first');
  });

  it('refuses to set a URL without the CSRF token (403), nothing stored', async () => {
    const refused = await postForm(fixture.server.url, webhooksPath(), fixture.browser, { _csrf: null, url: 'https://hooks.example.com/in' });
    expect(refused.status).toBe(403);
    expect(refused.text).not.toMatch(SECRET);
    expect(await fixture.server.store.webhooks.get(fixture.account.id)).toBeNull();
  });

  it('answers a bad URL with the page again (400), the message and what was typed', async () => {
    const refused = await postForm(fixture.server.url, webhooksPath(), fixture.browser, { url: 'ftp://hooks.example.com/in' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('The webhook URL must use http or https');
    expect(refused.text).toContain('value="ftp://hooks.example.com/in"');
    expect(refused.text).not.toMatch(SECRET);
  });

  it('sets the URL: 303 to the page, which shows the secret once, never cached; a reload shows it no more', async () => {
    const set = await postForm(fixture.server.url, webhooksPath(), fixture.browser, { url: 'https://hooks.example.com/in' });
    expect(set.text).not.toMatch(SECRET);
    const { location, page } = await followToReveal(fixture.server.url, set, webhooksPath(), fixture.browser);
    const shown = page.text.match(SECRET) ?? [];
    expect(shown).toHaveLength(1);
    secret = shown[0] as string;
    expect(page.text).toContain('it will not be shown again');
    expect((await fixture.server.store.webhooks.get(fixture.account.id))?.secret).toBe(secret);

    const reloaded = await getPage(fixture.server.url, location, fixture.browser);
    expect(reloaded.text).not.toMatch(SECRET);
    expect(reloaded.text).toContain(SHOWN_BEFORE);
    expect((await fixture.server.store.webhooks.get(fixture.account.id))?.secret).toBe(secret);

    const later = await getPage(fixture.server.url, webhooksPath(), fixture.browser);
    expect(later.text).toContain('https://hooks.example.com/in');
    expect(later.text).not.toMatch(SECRET);
    expect(later.text).not.toContain('This secret was shown once');
    expect(later.text).toContain(`href="${webhooksPath()}/rotate"`);
    expect(fixture.server.logs.join('\n')).not.toContain(secret);
  });

  it('rotates the secret after its confirmation: refused without the token, then 303 to a new secret shown once; a reload rotates nothing', async () => {
    const confirm = await getPage(fixture.server.url, `${webhooksPath()}/rotate`, fixture.browser);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('https://hooks.example.com/in');
    expect(confirm.text).toContain(`action="${webhooksPath()}/rotate"`);
    expect(confirm.text).toContain(`name="_csrf" value="${fixture.browser.csrf}"`);
    expect(confirm.text).toContain('Rotate the secret</button>');
    // The confirmation alone changes nothing.
    expect((await fixture.server.store.webhooks.get(fixture.account.id))?.secret).toBe(secret);

    expect((await postForm(fixture.server.url, `${webhooksPath()}/rotate`, fixture.browser, { _csrf: 'forged' })).status).toBe(403);
    expect((await fixture.server.store.webhooks.get(fixture.account.id))?.secret).toBe(secret);

    const rotated = await postForm(fixture.server.url, `${webhooksPath()}/rotate`, fixture.browser);
    expect(rotated.text).not.toMatch(SECRET);
    const { location, page } = await followToReveal(fixture.server.url, rotated, webhooksPath(), fixture.browser);
    const shown = page.text.match(SECRET) ?? [];
    expect(shown).toHaveLength(1);
    expect(shown[0]).not.toBe(secret);
    expect((await fixture.server.store.webhooks.get(fixture.account.id))?.secret).toBe(shown[0]);
    const reloaded = await getPage(fixture.server.url, location, fixture.browser);
    expect(reloaded.text).not.toMatch(SECRET);
    expect(reloaded.text).toContain(SHOWN_BEFORE);
    expect((await fixture.server.store.webhooks.get(fixture.account.id))?.secret).toBe(shown[0]);
    expect((await getPage(fixture.server.url, webhooksPath(), fixture.browser)).text).not.toMatch(SECRET);
    secret = shown[0] as string;
  });

  it("is not shown to another session of the account, and not after its reference expired", async () => {
    const rotated = await postForm(fixture.server.url, `${webhooksPath()}/rotate`, fixture.browser);
    const location = rotated.headers.get('location') ?? '';
    const other = await signIn(fixture.server, fixture.account.id);
    const refused = await getPage(fixture.server.url, location, other);
    expect(refused.text).not.toMatch(SECRET);
    expect(refused.text).toContain(SHOWN_BEFORE);
    fixture.server.clock.advance(REVEAL_TTL_MS);
    const late = await getPage(fixture.server.url, location, fixture.browser);
    expect(late.text).not.toMatch(SECRET);
    expect(late.text).toContain(SHOWN_BEFORE);
  });

  it('lists the last deliveries with every attempt', async () => {
    const { store, clock } = fixture.server;
    const at = clock.now();
    await store.webhooks.enqueue([
      { id: 'evt_dashboard_test', accountId: fixture.account.id, type: 'job.completed', createdAt: at, data: { job: { id: 'job_1' } }, url: 'https://hooks.example.com/in', status: 'pending', attempts: 0, nextAttemptAt: at },
    ]);
    await store.webhooks.recordAttempt(
      { eventId: 'evt_dashboard_test', url: 'https://hooks.example.com/in', at, status: 500, error: null, durationMs: 42 },
      { status: 'pending', nextAttemptAt: new Date(at.getTime() + 30_000) },
    );
    await store.webhooks.recordAttempt(
      { eventId: 'evt_dashboard_test', url: 'https://hooks.example.com/in', at: new Date(at.getTime() + 30_000), status: null, error: 'timed out after 5 s', durationMs: 5000 },
      { status: 'pending', nextAttemptAt: new Date(at.getTime() + 90_000) },
    );
    const page = await getPage(fixture.server.url, webhooksPath(), fixture.browser);
    expect(page.text).toContain('evt_dashboard_test');
    expect(page.text).toContain('job.completed');
    expect(page.text).toContain('HTTP 500 in 42 ms');
    expect(page.text).toContain('timed out after 5 s in 5,000 ms');
    expect(page.text).toContain('next try');
  });

  it("answers 404 for another account's webhook page and its forms", async () => {
    const other = await createAccount(fixture.server.store, 'STARTER');
    const path = `/dashboard/accounts/${other.id}/webhooks`;
    expect((await getPage(fixture.server.url, path, fixture.browser)).status).toBe(404);
    expect((await getPage(fixture.server.url, `${path}/rotate`, fixture.browser)).status).toBe(404);
    expect((await postForm(fixture.server.url, path, fixture.browser, { url: 'https://attacker.example/in' })).status).toBe(404);
    expect((await postForm(fixture.server.url, `${path}/rotate`, fixture.browser)).status).toBe(404);
    expect(await fixture.server.store.webhooks.get(other.id)).toBeNull();
  });
});
