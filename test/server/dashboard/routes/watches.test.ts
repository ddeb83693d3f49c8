/**
 * The watches page: the account's watched VAT numbers with their last verdict, a number that
 * embeds a person's identity number masked as in the usage log, never another account's.
 */
import { describe, expect, it } from 'vitest';
import type { VatWatchRecord } from '../../../../src/server/storage/types.js';
import { getPage, useSignedInAccount } from '../../../support/dashboard.js';
import { createAccount } from '../../../support/server.js';

const fixture = useSignedInAccount('STARTER');

function aWatch(accountId: string, id: string, value: string, overrides: Partial<VatWatchRecord> = {}): VatWatchRecord {
  const now = fixture.server.clock.now();
  return { id, accountId, keyId: 'key_test', value, traderName: null, registered: null, name: null, address: null, lastCheckedAt: null, lastAttemptAt: null, nextCheckAt: now, createdAt: now, ...overrides };
}

describe('the watches page', () => {
  it("lists the account's watches with the last verdict, masks personal numbers, and shows none of another account", async () => {
    const { store, clock } = fixture.server;
    await store.watches.create(aWatch(fixture.account.id, 'watch_a', 'LU26375245', { traderName: 'AMAZON EUROPE', registered: true, name: 'AMAZON EUROPE CORE S.A R.L.', address: '38, AVENUE JOHN F. KENNEDY', lastCheckedAt: clock.now(), lastAttemptAt: clock.now() }));
    await store.watches.create(aWatch(fixture.account.id, 'watch_b', 'ES73914682L'));
    const other = await createAccount(store, 'STARTER');
    await store.watches.create(aWatch(other.id, 'watch_other', 'DE129273398'));

    const page = await getPage(fixture.server.url, `/dashboard/accounts/${fixture.account.id}/watches`, fixture.browser);
    expect(page.status).toBe(200);
    expect(page.text).toContain('LU26375245');
    expect(page.text).toContain('AMAZON EUROPE CORE S.A R.L.');
    expect(page.text).toContain('registered');
    expect(page.text).toContain('not known yet');
    expect(page.text).not.toContain('ES73914682L');
    expect(page.text).toContain('***');
    expect(page.text).not.toContain('DE129273398');
    expect((await getPage(fixture.server.url, `/dashboard/accounts/${other.id}/watches`, fixture.browser)).status).toBe(404);
  });

  it("speaks French to a French browser: the page's title, columns and verdicts", async () => {
    const page = await getPage(fixture.server.url, `/dashboard/accounts/${fixture.account.id}/watches`, fixture.browser, { 'Accept-Language': 'fr-CH, fr;q=0.9, en;q=0.5' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-language')).toBe('fr');
    expect(page.text).toContain('Numéros de TVA surveillés de');
    expect(page.text).toContain('2 numéros surveillés ; chacun est revérifié dans VIES');
    expect(page.text).toContain('<th scope="col">Dernier résultat</th>');
    expect(page.text).toContain('>enregistré</span>');
    expect(page.text).toContain('>pas encore connu</span>');
    expect(page.text).not.toContain('not known yet');
    expect(page.text).not.toContain('Last verdict');
  });
});
