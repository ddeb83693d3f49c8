import { describe, expect, it } from 'vitest';
/** The members page in the visitor's language: its table, role names, form and explanations. */
import { wordsIn } from '../../../../src/server/dashboard/i18n/words.js';
import { renderMembersPage } from '../../../../src/server/dashboard/views/index.js';
import type { MembersPageModel } from '../../../../src/server/dashboard/views/models.js';
import { accountFrame, anAccount, anOverview, expectContainsAll, postForms, textOf } from '../../../support/dashboard-views.js';

function model(change: Partial<MembersPageModel> = {}): MembersPageModel {
  return {
    overview: anOverview(),
    members: [
      { id: 'm-1', accountId: anAccount().id, email: 'owner@example.com', role: 'owner', createdAt: new Date('2026-03-15T09:00:00Z') },
      { id: 'm-2', accountId: anAccount().id, email: 'dev@example.com', role: 'developer', createdAt: new Date('2026-11-02T16:45:00Z') },
    ],
    ...change,
  };
}

describe('the members page in French', () => {
  const french = accountFrame(anAccount(), 'owner', wordsIn('fr'));

  it('says everything in French, with the role names and French dates, and no English of the page left', () => {
    const page = renderMembersPage(french, model({ notice: 'fait' }));
    const text = textOf(page);
    expectContainsAll(text, [
      'Membres de Web shop',
      'E-mail Rôle Ajouté Action',
      'dev@example.com Rôle de dev@example.com propriétaire développeur lecteur Changer le rôle 2 nov. 2026, 16:45 UTC Retirer dev@example.com',
      'Les membres se connectent sur la page de connexion avec leur adresse',
      'Le dernier propriétaire ne peut être ni retiré ni changer de rôle.',
    ]);
    expect(page).toContain('<a href="/dashboard/sign-in">la page de connexion</a>');
    const add = postForms(page).find((form) => form.includes('action="/dashboard/accounts/' + anAccount().id + '/members"')) ?? '';
    expect(add).toContain('<label for="add-member-email">Adresse e-mail</label>');
    expect(add).toContain('<option value="viewer" selected>lecteur</option>');
    expect(add).toContain('<button type="submit">Ajouter le membre</button>');
    for (const english of ['Members of', 'Change role', 'Remove', 'Add a member', 'Email address', 'the sign-in page', 'developer', 'viewer', 'Added']) expect(text).not.toContain(english);
  });

  it('says in French that there is no member yet', () => {
    expect(textOf(renderMembersPage(french, model({ members: [] })))).toContain('Aucun membre pour l’instant : ajoutez le premier propriétaire ci-dessous.');
  });

  it('keeps the English page as it was', () => {
    const text = textOf(renderMembersPage(accountFrame(), model()));
    expect(text).toContain('dev@example.com Role of dev@example.com owner developer viewer Change role 2026-11-02 16:45 UTC Remove dev@example.com');
    expect(text).toContain('Owners do everything, members included; developers manage keys, webhooks and jobs; viewers read only.');
  });
});
