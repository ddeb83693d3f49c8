/**
 * The pages' language over real HTTP: the one Accept-Language picks among English and the seven
 * catalog languages (lookup, weights, `*`, q=0), English without a header or for a language there
 * is no catalog of; said in `<html lang>` and Content-Language, with `Vary: Accept-Language` so
 * that a cache keeps one page per language. Public pages, failure pages and signed-in pages alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPage, signIn, startDashboardServer, type Browser, type DashboardServer } from '../../../support/dashboard.js';
import { createAccount } from '../../../support/server.js';
import { textOf } from '../../../support/dashboard-views.js';

let server: DashboardServer;
let owner: Browser;
let accountId: string;

beforeAll(async () => {
  server = await startDashboardServer();
  accountId = (await createAccount(server.store, 'FREE')).id;
  owner = await signIn(server, accountId);
});

afterAll(async () => {
  await server?.close();
});

/** The page at `path` asked in `acceptLanguage` (null: no header). */
async function pageIn(path: string, acceptLanguage: string | null, browser: Browser | null = null) {
  const page = await getPage(server.url, path, browser, acceptLanguage === null ? {} : { 'Accept-Language': acceptLanguage });
  return { ...page, lang: /<html lang="([^"]+)">/.exec(page.text)?.[1], said: textOf(page.text) };
}

describe("the pages' language", () => {
  it.each([
    [null, 'en'],
    ['fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7', 'fr'],
    ['de-AT', 'de'],
    ['sv, nl;q=0.5', 'nl'],
    ['pt-BR;q=0.2, es;q=0.9', 'es'],
    ['it;q=0, *', 'en'],
    ['sv, fi', 'en'],
    ['fr;q=abc', 'en'],
  ] as const)('Accept-Language %j: the status page in %s, saying so', async (header, language) => {
    const page = await pageIn('/status', header);
    expect(page.status).toBe(200);
    expect(page.lang).toBe(language);
    expect(page.headers.get('content-language')).toBe(language);
    expect(page.headers.get('vary')).toContain('Accept-Language');
  });

  it('writes the public pages in the language asked: the status page, the dashboard entry, the sign-in page, a refused link', async () => {
    expect((await pageIn('/status', 'fr')).said).toContain('État de VIES');
    expect((await pageIn('/status', 'fr')).said).not.toContain('VIES status');
    const entry = await pageIn('/dashboard', 'de');
    expect(entry.said).toContain('Das Dashboard hat keine Passwörter.');
    expect(entry.said).toContain('Per E-Mail anmelden');
    expect((await pageIn('/dashboard/sign-in', 'es')).said).toContain('El inicio de sesión por correo no está configurado en este servicio');
    const refused = await pageIn('/dashboard/login/not-a-token', 'it');
    expect(refused.status).toBe(400);
    expect(refused.said).toContain('Link di accesso non valido');
  });

  it('writes the frame and the failure pages of a signed-in member in the language asked', async () => {
    const missing = await pageIn('/dashboard/no-such-page', 'pl', owner);
    expect(missing.status).toBe(404);
    expect(missing.lang).toBe('pl');
    expect(missing.said).toContain('Nie ma tu takiej strony.');
    expect(missing.said).toContain('Wyloguj się');
    const overview = await pageIn(`/dashboard/accounts/${accountId}`, 'nl', owner);
    expect(overview.status).toBe(200);
    expect(overview.said).toContain('Naar de hoofdinhoud');
    expect(overview.said).toContain('Gebruikslogboek');
    expect(overview.said).toContain('Afmelden');
    // The same session, without a header: English.
    expect((await pageIn(`/dashboard/accounts/${accountId}`, null, owner)).said).toContain('Sign out');
  });

  it('writes the refusal of a form in the language asked, and changes nothing', async () => {
    const answer = await fetch(`${server.url}/dashboard/logout`, { method: 'POST', redirect: 'manual', headers: { Cookie: owner.cookie, 'Content-Type': 'application/x-www-form-urlencoded', 'Accept-Language': 'fr' }, body: '_csrf=wrong' });
    expect(answer.status).toBe(403);
    expect(textOf(await answer.text())).toContain('Le formulaire ne portait pas le jeton de sécurité de cette session');
    expect((await pageIn(`/dashboard/accounts/${accountId}`, null, owner)).status).toBe(200);
  });
});
