import { describe, expect, it } from 'vitest';
import { renderAccountsPage } from '../../../../src/server/dashboard/views/index.js';
import { wordsIn } from '../../../../src/server/dashboard/i18n/words.js';
import { anAccount, anOverview, expectContainsAll, OPERATOR, postForms, textOf } from '../../../support/dashboard-views.js';

describe("the operator's accounts page", () => {
  it('lists every account with a link to it, its plan, used / quota, the day its period resets and whether it is suspended', () => {
    const free = anAccount({ id: 'a-2', name: 'Side project', plan: 'FREE', subscriptionStart: '2026-01-31', suspendedAt: new Date('2026-11-01T00:00:00Z') });
    const page = renderAccountsPage(OPERATOR, { accounts: [anOverview(anAccount(), 61_234), anOverview(free, 12)] });
    expect(page).toContain(`<a href="/dashboard/accounts/${anAccount().id}">Web shop</a>`);
    expect(page).toContain('<a href="/dashboard/accounts/a-2">Side project</a>');
    const text = textOf(page);
    expect(text).toContain('2 accounts');
    expect(text).toContain('Web shop GROWTH 61,234 / 50,000 2026-12-15 active');
    expect(text).toContain('Side project FREE 12 / 250 2026-11-30 suspended');
  });

  it('offers a form to create an account: name, plan, and optionally its VAT number and subscription start', () => {
    const page = renderAccountsPage(OPERATOR, { accounts: [] });
    expect(textOf(page)).toContain('No accounts yet: create the first one below.');
    const [, form] = postForms(page);
    expect(form).toMatch(/^<form method="post" action="\/dashboard\/accounts"/);
    expect(form).toContain('<input type="hidden" name="_csrf" value="csrf-operator-token">');
    expect(form).toContain('<label for="create-account-name">Name</label>');
    expect(form).toMatch(/<input id="create-account-name" name="name" type="text" value="" required/);
    expect([...(form as string).matchAll(/<option value="(\w+)"( selected)?>/g)].map((match) => `${match[1]}${match[2] ?? ''}`)).toEqual(['FREE selected', 'STARTER', 'GROWTH', 'PRO']);
    expect(form).toContain('<label for="create-account-vatNumber">VAT number (optional)</label>');
    expect(form).toContain('<label for="create-account-subscriptionStart">Subscription start (optional)</label>');
    expect(form).toMatch(/name="subscriptionStart" type="date"/);
  });

  it('fills a refused form again with what was typed and its message', () => {
    const page = renderAccountsPage(OPERATOR, { accounts: [], form: { error: '"XX" is not a VAT number VIES or HMRC can check', values: { name: 'Shop', plan: 'PRO', vatNumber: 'XX', subscriptionStart: '2026-11-01' } } });
    expect(textOf(page)).toContain('Not done: "XX" is not a VAT number VIES or HMRC can check');
    expect(page).toContain('name="name" type="text" value="Shop"');
    expect(page).toContain('<option value="PRO" selected>PRO</option>');
    expect(page).toContain('name="vatNumber" type="text" value="XX"');
    expect(page).toContain('name="subscriptionStart" type="date" value="2026-11-01"');
  });
});

describe("the operator's accounts page in French and Polish", () => {
  it('says everything in French, with French numbers and dates, and no English of the page left', () => {
    const free = anAccount({ id: 'a-2', name: 'Side project', plan: 'FREE', subscriptionStart: '2026-01-31', suspendedAt: new Date('2026-11-01T00:00:00Z') });
    const text = textOf(renderAccountsPage({ ...OPERATOR, words: wordsIn('fr') }, { accounts: [anOverview(anAccount(), 61_234), anOverview(free, 12)] }));
    expectContainsAll(text, [
      '2 comptes',
      'Nom Formule Utilisées / quota Nouvelle période le État',
      'Web shop GROWTH 61 234 / 50 000 15 déc. 2026 actif',
      'Side project FREE 12 / 250 30 nov. 2026 suspendu',
      'Créer un compte',
      'Numéro de TVA (facultatif)',
    ]);
    for (const english of ['Create an account', 'Used / quota', 'Period resets on', 'Subscription start', ' active', '2 accounts']) expect(text).not.toContain(english);
  });

  it('counts the accounts with the Polish plural forms', () => {
    const caption = (count: number): string => /<caption>([^<]*)<\/caption>/.exec(renderAccountsPage({ ...OPERATOR, words: wordsIn('pl') }, { accounts: Array.from({ length: count }, () => anOverview()) }))?.[1] ?? '';
    expect(caption(1)).toBe('1 konto');
    expect(caption(2)).toBe('2 konta');
    expect(caption(5)).toBe('5 kont');
  });
});
