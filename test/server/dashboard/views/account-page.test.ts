import { describe, expect, it } from 'vitest';
import type { UsageByDay } from '../../../../src/server/admin/service.js';
import { renderAccountPage } from '../../../../src/server/dashboard/views/index.js';
import type { AccountPageModel } from '../../../../src/server/dashboard/views/models.js';
import { wordsIn } from '../../../../src/server/dashboard/i18n/words.js';
import { accountFrame, anAccount, anOverview, expectContainsAll, OPERATOR, postForms, textOf } from '../../../support/dashboard-views.js';

const usage: UsageByDay = {
  from: '2026-10-28',
  to: '2026-11-26',
  totals: [
    { day: '2026-11-25', field: 'iban', valid: true, count: 40 },
    { day: '2026-11-26', field: 'iban', valid: false, count: 2 },
    { day: '2026-11-26', field: 'vat', valid: true, count: 1200 },
  ],
};

function model(change: Partial<AccountPageModel> = {}): AccountPageModel {
  return { overview: anOverview(anAccount(), 61_234), usage, days: 30, ...change };
}

describe('the account overview', () => {
  it('shows the plan with its limits, the billing period with its reset day, and used, remaining and overage on a paid plan', () => {
    const text = textOf(renderAccountPage(accountFrame(), model()));
    expectContainsAll(text, [
      'Plan GROWTH',
      'Validations per billing period 50,000',
      'Requests at once 10',
      'Live keys at most 5',
      'Billing period 2026-11-15 to 2026-12-14 (UTC)',
      'Count resets on 2026-12-15',
      'Used 61,234 of 50,000',
      'Remaining 0',
      'Overage 11,234 validations beyond the quota, billed as overage',
    ]);
  });

  it('says that FREE refuses what is beyond its quota instead of an overage', () => {
    const overview = anOverview(anAccount({ plan: 'FREE' }), 250);
    const text = textOf(renderAccountPage(accountFrame(), model({ overview })));
    expect(text).toContain('Used 250 of 250');
    expect(text).toContain('Remaining 0');
    expect(text).toContain('Overage none: the FREE plan refuses validations beyond its quota (429)');
  });

  it('shows the daily chart of the days chosen, with links to 30 and 90 days, and its totals per field and verdict', () => {
    const page = renderAccountPage(accountFrame(), model());
    const id = anAccount().id;
    expect(page).toContain(`<a href="/dashboard/accounts/${id}?days=30" aria-current="page">Last 30 days</a>`);
    expect(page).toContain(`<a href="/dashboard/accounts/${id}?days=90">Last 90 days</a>`);
    const text = textOf(page);
    expect(text).toContain('1,242 validations in 30 days: 1,240 valid, 2 invalid.');
    expect(text).toContain('VAT 1,200 0 1,200');
    expect(text).toContain('IBAN 40 2 42');
    const ninety = renderAccountPage(accountFrame(), model({ days: 90, usage: { ...usage, from: '2026-08-29' } }));
    expect(ninety).toContain(`<a href="/dashboard/accounts/${id}?days=90" aria-current="page">Last 90 days</a>`);
    expect(textOf(ninety)).toContain('in 90 days');
  });

  it("shows the account's VAT number with a form to change it and one to remove it", () => {
    const overview = anOverview(anAccount({ vatNumber: 'FR40303265045' }));
    const page = renderAccountPage(accountFrame(), model({ overview }));
    expect(textOf(page)).toContain('Set to FR40303265045.');
    const forms = postForms(page).filter((form) => form.includes('/vat-number"'));
    expect(forms).toHaveLength(2);
    expect(forms[0]).toContain('name="vatNumber" type="text" value="FR40303265045"');
    expect(forms[1]).toContain('<input type="hidden" name="vatNumber" value="">');
    expect(textOf(forms[1] as string)).toBe('Remove VAT number');

    const without = renderAccountPage(accountFrame(), model());
    expect(textOf(without)).toContain('No VAT number set.');
    expect(postForms(without).filter((form) => form.includes('/vat-number"'))).toHaveLength(1);
  });

  it('gives the operator the plan and suspension forms, never the account', () => {
    const id = anAccount().id;
    const operatorPage = renderAccountPage(OPERATOR, model());
    const plan = postForms(operatorPage).find((form) => form.includes(`action="/dashboard/accounts/${id}/plan"`));
    expect(plan).toContain('<option value="GROWTH" selected>GROWTH</option>');
    expect(plan).toContain('<option value="PRO">PRO</option>');
    // Suspending is confirmed on its own page (the form with suspended=true is there: confirm-page.test.ts).
    expect(postForms(operatorPage).filter((form) => form.includes('/suspension"'))).toEqual([]);
    expect(operatorPage).toContain(`<a href="/dashboard/accounts/${id}/suspension" class="button danger">Suspend account</a>`);

    const accountPage = renderAccountPage(accountFrame(), model());
    expect(accountPage).not.toContain('/plan"');
    expect(accountPage).not.toContain('/suspension"');
    expect(accountPage).not.toContain('Accounts</a> ›');
  });

  it('says that a suspended account is suspended, and offers the operator to resume it', () => {
    const overview = anOverview(anAccount({ suspendedAt: new Date('2026-11-20T10:15:00Z') }));
    const page = renderAccountPage(OPERATOR, model({ overview }));
    expect(textOf(page)).toContain("Suspended since 2026-11-20 10:15 UTC: the account's keys are refused (401 ACCOUNT_SUSPENDED)");
    const suspension = postForms(page).find((form) => form.includes('/suspension"'));
    expect(suspension).toContain('<input type="hidden" name="suspended" value="false">');
    expect(textOf(suspension as string)).toContain('Resume account');
  });

  it('says what the last form did, or shows a refused form with its message and what was typed', () => {
    expect(textOf(renderAccountPage(OPERATOR, model({ notice: 'Plan changed to PRO' })))).toContain('Plan changed to PRO');
    const page = renderAccountPage(accountFrame(), model({ failed: { form: 'vat-number', error: '"XX1" is not a VAT number VIES or HMRC can check', values: { vatNumber: 'XX1' } } }));
    expect(page).toContain('<p class="error" role="alert"><strong>Not done:</strong> &quot;XX1&quot; is not a VAT number VIES or HMRC can check</p>');
    expect(page).toContain('name="vatNumber" type="text" value="XX1"');
    const plan = renderAccountPage(OPERATOR, model({ failed: { form: 'plan', error: 'no such plan', values: { plan: 'PRO' } } }));
    expect(plan).toContain('<option value="PRO" selected>PRO</option>');
    expect(textOf(plan)).toContain('Not done: no such plan');
  });
});

describe('the account overview in French', () => {
  const french = wordsIn('fr');

  it('says everything in French, with French numbers and dates, and no English of the page left', () => {
    const text = textOf(renderAccountPage(accountFrame(anAccount(), 'owner', french), model()));
    expectContainsAll(text, [
      'Formule et période de facturation',
      'Validations par période de facturation 50 000',
      'Période de facturation du 15 nov. 2026 au 14 déc. 2026 (UTC)',
      'Utilisées 61 234 sur 50 000',
      'Dépassement 11 234 validations au-delà du quota, facturées en dépassement',
      'Validations par jour',
      '30 derniers jours',
      'Numéro de TVA',
      'Aucun numéro de TVA renseigné.',
      'Se déconnecter partout',
      'Validations par champ et résultat, 30 derniers jours',
      'Tous les champs',
    ]);
    for (const english of ['Plan and billing period', 'Validations per day', 'beyond the quota', 'No VAT number set', 'Sign out everywhere', 'Last 30 days', 'All fields', "The chart's numbers"]) expect(text).not.toContain(english);
  });

  it("shows the operator's tabs, the suspension banner and the operator's forms in French", () => {
    const overview = anOverview(anAccount({ suspendedAt: new Date('2026-11-20T10:15:00Z') }), 10);
    const text = textOf(renderAccountPage({ ...OPERATOR, words: french }, model({ overview, signInLink: 'https://verifield.example/dashboard/login/abc' })));
    expectContainsAll(text, [
      'Comptes › Web shop',
      'Vue d’ensemble Clés Journal d’utilisation Lots Surveillances Webhooks Membres',
      'Suspendu depuis le 20 nov. 2026, 10:15 UTC : les clés du compte sont refusées (401 ACCOUNT_SUSPENDED)',
      'Un lien de connexion pour « Web shop »',
      'Créer un lien de connexion',
      'Opérateur',
      'Changer de formule',
      'Réactiver le compte',
    ]);
    for (const english of ['Suspended since', 'A sign-in link for', 'Make a sign-in link', 'Change plan', 'Resume account', 'Overview']) expect(text).not.toContain(english);
  });

  it('counts the overage with the Polish plural forms', () => {
    const polish = wordsIn('pl');
    const overage = (used: number): string => textOf(renderAccountPage(accountFrame(anAccount(), 'owner', polish), model({ overview: anOverview(anAccount(), used) })));
    expect(overage(50_001)).toContain('1 walidacja ponad limit, rozliczona jako nadwyżka');
    expect(overage(50_002)).toContain('2 walidacje ponad limit, rozliczone jako nadwyżka');
    expect(overage(50_005)).toContain('5 walidacji ponad limit, rozliczonych jako nadwyżka');
    expect(overage(50_022)).toContain('22 walidacje ponad limit');
  });
});
