import { describe, expect, it } from 'vitest';
/**
 * The confirmations before a destructive action, one layout for all: what will happen, a danger
 * button posting to the page's own URL with the CSRF token (and the action's hidden fields), a way
 * back; or, when done already, only the way back.
 */
import { wordsIn } from '../../../../src/server/dashboard/i18n/words.js';
import { renderCancelJobPage, renderRevokePage, renderRotatePage, renderSignOutEverywherePage, renderSuspendPage } from '../../../../src/server/dashboard/views/index.js';
import { accountFrame, aJob, aKey, anAccount, anOverview, aWebhook, OPERATOR, postForms, textOf } from '../../../support/dashboard-views.js';

const id = anAccount().id;
const ACCOUNT = `/dashboard/accounts/${id}`;

/** Checks the confirmation's form: it posts to `action` with `csrf` (and `hidden`), has the danger `button` and the link `back` labelled `keep`. */
function expectConfirmForm(page: string, form: { action: string; csrf: string; hidden?: string; button: string; back: string; keep: string }): void {
  const [, found] = postForms(page);
  expect(found).toMatch(new RegExp(`^<form method="post" action="${form.action}"`));
  expect(found).toContain(`<input type="hidden" name="_csrf" value="${form.csrf}">`);
  if (form.hidden !== undefined) expect(found).toContain(form.hidden);
  expect(found).toContain(`<button type="submit" class="danger">${form.button}</button>`);
  expect(found).toContain(`<a href="${form.back}" class="button secondary">${form.keep}</a>`);
}

/** Each confirmation with what it must say and the form it must offer. */
const ASKING = [
  {
    name: 'revoke',
    page: renderRevokePage(accountFrame(), { overview: anOverview(), key: aKey() }),
    says: ['Revoke the key “checkout form” (vf_3kP9…), created 2026-11-01 08:30 UTC?', 'Every request made with it from now on is refused with 401.', 'This cannot be undone'],
    form: { action: `${ACCOUNT}/keys/key-1/revoke`, csrf: 'csrf-account-token', button: 'Revoke key', back: `${ACCOUNT}/keys`, keep: 'Cancel' },
  },
  {
    name: 'rotate',
    page: renderRotatePage(accountFrame(), { overview: anOverview(), endpoint: aWebhook() }),
    says: ['Make a new signing secret for the events sent to https://hooks.example.com/in?', 'The current secret stops signing at once', 'shown once, on the next page'],
    form: { action: `${ACCOUNT}/webhooks/rotate`, csrf: 'csrf-account-token', button: 'Rotate the secret', back: `${ACCOUNT}/webhooks`, keep: 'Cancel' },
  },
  {
    name: 'suspend',
    page: renderSuspendPage(OPERATOR, { overview: anOverview() }),
    says: ['Suspend the account “Web shop”?', 'refused (401 ACCOUNT_SUSPENDED) until you resume it', 'Nothing is deleted'],
    form: { action: `${ACCOUNT}/suspension`, csrf: OPERATOR.csrfToken, hidden: '<input type="hidden" name="suspended" value="true">', button: 'Suspend account', back: ACCOUNT, keep: 'Cancel' },
  },
  {
    name: 'cancel job',
    page: renderCancelJobPage(accountFrame(), { overview: anOverview(), job: aJob() }),
    says: ['Cancel the job job_1 (running, 40 of 100 done), submitted 2026-11-26 13:00 UTC?', 'No more of its values are validated or counted from now on.'],
    form: { action: `${ACCOUNT}/jobs/job_1/cancel`, csrf: 'csrf-account-token', button: 'Cancel job', back: `${ACCOUNT}/jobs`, keep: 'Keep the job' },
  },
];

describe.each(ASKING)('the $name confirmation', ({ page, says, form }) => {
  it('says what the action does, and offers a danger button posting to its own URL with the CSRF token, and a link back', () => {
    const text = textOf(page);
    for (const said of says) expect(text).toContain(said);
    expectConfirmForm(page, form);
  });
});

/** Each confirmation of something done already, with what it says instead. */
const DONE = [
  {
    name: 'revoke, for a key revoked already',
    page: renderRevokePage(accountFrame(), { overview: anOverview(), key: aKey({ status: 'revoked', revokedAt: new Date('2026-11-10T10:00:00Z') }) }),
    says: 'The key “checkout form” (vf_3kP9…) was revoked on 2026-11-10 10:00 UTC: there is nothing left to do. Back to the keys',
  },
  {
    name: 'suspend, for an account suspended already',
    page: renderSuspendPage(OPERATOR, { overview: anOverview(anAccount({ suspendedAt: new Date('2026-11-20T10:15:00Z') })) }),
    says: 'The account “Web shop” was suspended on 2026-11-20 10:15 UTC: there is nothing left to do. Back to the account',
  },
  {
    name: 'cancel job, for a job that ended',
    page: renderCancelJobPage(accountFrame(), { overview: anOverview(), job: aJob({ status: 'done', done: 100 }) }),
    says: 'The job job_1 has ended (done): there is nothing left to do. Back to the jobs',
  },
];

describe.each(DONE)('the $name', ({ page, says }) => {
  it('offers nothing to do but the way back', () => {
    expect(postForms(page)).toHaveLength(1);
    expect(textOf(page)).toContain(says);
  });
});

/** Each confirmation in a French browser: what it must say in French, and English words of it that must be gone. */
const french = accountFrame(anAccount(), 'owner', wordsIn('fr'));
const frenchOperator = { ...OPERATOR, words: wordsIn('fr') };
const IN_FRENCH = [
  {
    name: 'revoke',
    page: renderRevokePage(french, { overview: anOverview(), key: aKey() }),
    says: ['Révoquer une clé de Web shop', 'Révoquer la clé « checkout form » (vf_3kP9…), créée le 1 nov. 2026, 08:30 UTC ?', 'C’est irréversible', 'Révoquer la clé Annuler'],
    english: ['Revoke', 'cannot be undone', 'Cancel', 'Back to'],
  },
  {
    name: 'revoke, for a key revoked already',
    page: renderRevokePage(french, { overview: anOverview(), key: aKey({ status: 'revoked', revokedAt: new Date('2026-11-10T10:00:00Z') }) }),
    says: ['La clé « checkout form » (vf_3kP9…) a été révoquée le 10 nov. 2026, 10:00 UTC : il n’y a plus rien à faire. Retour aux clés'],
    english: ['was revoked', 'nothing left to do', 'Back to the keys'],
  },
  {
    name: 'rotate',
    page: renderRotatePage(french, { overview: anOverview(), endpoint: aWebhook() }),
    says: ['Créer un nouveau secret de signature pour les événements envoyés à https://hooks.example.com/in ?', 'vérifient Verifield-Signature avec l’actuel', 'Renouveler le secret Annuler'],
    english: ['Rotate', 'signing secret', 'Cancel'],
  },
  {
    name: 'suspend',
    page: renderSuspendPage(frenchOperator, { overview: anOverview() }),
    says: ['Suspendre Web shop', 'Suspendre le compte « Web shop » ?', 'est refusée (401 ACCOUNT_SUSPENDED) jusqu’à ce que vous le réactiviez', 'Suspendre le compte Annuler'],
    english: ['Suspend the account', 'Suspend Web shop', 'Suspend account', 'Nothing is deleted', 'Cancel'],
  },
  {
    name: 'suspend, for an account suspended already',
    page: renderSuspendPage(frenchOperator, { overview: anOverview(anAccount({ suspendedAt: new Date('2026-11-20T10:15:00Z') })) }),
    says: ['Le compte « Web shop » a été suspendu le 20 nov. 2026, 10:15 UTC : il n’y a plus rien à faire. Retour au compte'],
    english: ['was suspended', 'Back to the account'],
  },
  {
    name: 'cancel job',
    page: renderCancelJobPage(french, { overview: anOverview(), job: aJob({ done: 1040, total: 2000 }) }),
    says: ['Annuler un lot de Web shop', 'Annuler le lot job_1 (en cours, 1 040 sur 2 000 traités), soumis le 26 nov. 2026, 13:00 UTC ?', 'Annuler le lot Garder le lot'],
    english: ['Cancel', 'running', 'Keep the job', 'submitted'],
  },
  {
    name: 'cancel job, for a job that ended',
    page: renderCancelJobPage(french, { overview: anOverview(), job: aJob({ status: 'cancelled' }) }),
    says: ['Le lot job_1 est terminé (annulé) : il n’y a plus rien à faire. Retour aux lots'],
    english: ['has ended', 'cancelled', 'Back to the jobs'],
  },
  {
    name: 'sign out everywhere',
    page: renderSignOutEverywherePage(french, { overview: anOverview() }),
    says: ['Se déconnecter partout de Web shop', 'Mettre fin à toutes les sessions du tableau de bord du compte « Web shop » ?', 'celui-ci compris', 'Se déconnecter partout Annuler'],
    english: ['Sign out everywhere', 'Every browser', 'API keys are not affected', 'Cancel'],
  },
];

describe.each(IN_FRENCH)('the $name confirmation in French', ({ page, says, english }) => {
  it('says it in French, with French dates and numbers, and no English of the page left', () => {
    const text = textOf(page);
    for (const said of says) expect(text).toContain(said);
    for (const word of english) expect(text).not.toContain(word);
  });
});
