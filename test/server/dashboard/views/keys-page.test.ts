import { describe, expect, it } from 'vitest';
import { FIELD_NAMES } from '../../../../src/fields/catalog.js';
import { FIELD_LABELS } from '../../../../src/fields/generated/dashboard.js';
import { FIELD_PHRASES } from '../../../../src/server/dashboard/i18n/fields.js';
import { wordsIn } from '../../../../src/server/dashboard/i18n/words.js';
import { renderKeysPage } from '../../../../src/server/dashboard/views/index.js';
import { accountFrame, aKey, anAccount, anOverview, expectContainsAll, postForms, tagsOf, textOf } from '../../../support/dashboard-views.js';

const overview = anOverview();
const id = anAccount().id;
const keys = [
  aKey(),
  aKey({ id: 'key-2', name: 'batch import', scopes: ['iban', 'vat'], allFields: false, expiresAt: new Date('2026-12-26T10:00:00Z'), lastUsedAt: null }),
  aKey({ id: 'key-3', name: 'old one', status: 'revoked', revokedAt: new Date('2026-11-10T10:00:00Z') }),
  aKey({ id: 'key-4', name: 'trial', status: 'expired', expiresAt: new Date('2026-11-02T08:30:00Z') }),
];

/** The rows of the keys table as their cells read. */
function rowsOf(page: string): string[] {
  const table = /<table[ >][\s\S]*?<\/table>/.exec(page)?.[0] ?? '';
  return [...table.matchAll(/<tbody>[\s\S]*?<\/tbody>/g)].flatMap((body) => [...body[0].matchAll(/<tr>[\s\S]*?<\/tr>/g)].map((row) => textOf(row[0])));
}

describe('the keys page', () => {
  it('lists each key with its name, prefix, scopes, dates and status', () => {
    expect(rowsOf(renderKeysPage(accountFrame(), { overview, keys }))).toEqual([
      'checkout form vf_3kP9… all fields 2026-11-01 08:30 UTC never 2026-11-26 13:59 UTC live Revoke checkout form',
      'batch import vf_3kP9… VAT, IBAN 2026-11-01 08:30 UTC 2026-12-26 10:00 UTC never live Revoke batch import',
      'old one vf_3kP9… all fields 2026-11-01 08:30 UTC never 2026-11-26 13:59 UTC revoked',
      'trial vf_3kP9… all fields 2026-11-01 08:30 UTC 2026-11-02 08:30 UTC 2026-11-26 13:59 UTC expired',
    ]);
  });

  it('tells "all fields" from a list that names every field', () => {
    const listed = aKey({ id: 'key-5', name: 'listed', allFields: false, lastUsedAt: null });
    expect(rowsOf(renderKeysPage(accountFrame(), { overview, keys: [aKey(), listed] }))[1]).toContain('listed vf_3kP9… VAT, IBAN, Email, Phone, NIF, NAS (SIN), SSN');
    expect(rowsOf(renderKeysPage(accountFrame(), { overview, keys: [aKey(), listed] }))[1]).not.toContain('all fields');
  });

  it('links each live key, and only a live key, to its revocation', () => {
    const links = tagsOf(renderKeysPage(accountFrame(), { overview, keys })).filter((tag) => tag.includes('/revoke"'));
    expect(links).toEqual([`<a href="/dashboard/accounts/${id}/keys/key-1/revoke">`, `<a href="/dashboard/accounts/${id}/keys/key-2/revoke">`]);
  });

  it("says how many live keys the plan allows, and that there are none yet", () => {
    expect(textOf(renderKeysPage(accountFrame(), { overview, keys }))).toContain('2 of 5 live keys allowed by the GROWTH plan.');
    expect(textOf(renderKeysPage(accountFrame(), { overview, keys: [] }))).toContain('No keys yet: create one below.');
  });

  it('offers a create form: a name, an expiry of 12h, 30d, 1y or never, and every scope checked and labelled', () => {
    const page = renderKeysPage(accountFrame(), { overview, keys: [] });
    const [, form] = postForms(page);
    expect(form).toMatch(new RegExp(`^<form method="post" action="/dashboard/accounts/${id}/keys"`));
    expect(form).toContain('<label for="create-key-name">Name</label>');
    expect(form).toMatch(/<input id="create-key-name" name="name" type="text" value="" required maxlength="100"/);
    expect([...(form as string).matchAll(/<option value="([^"]+)"/g)].map((match) => match[1])).toEqual(['12h', '30d', '1y', 'never']);
    const boxes = tagsOf(form as string).filter((tag) => tag.includes('type="checkbox"'));
    expect(boxes.map((tag) => /value="(\w+)"/.exec(tag)?.[1])).toEqual([...FIELD_NAMES]);
    for (const box of boxes) {
      expect(box).toContain('name="scopes"');
      expect(box).toContain(' checked');
      expect(form).toContain(`<label for="${/id="([^"]+)"/.exec(box)?.[1]}">`);
    }
    // "All fields" (those added later included) is the choice a fresh form makes; the boxes are the other one.
    const choices = tagsOf(form as string).filter((tag) => tag.includes('type="radio"'));
    expect(choices.map((tag) => [/value="(\w+)"/.exec(tag)?.[1], tag.includes(' checked')])).toEqual([
      ['all', true],
      ['chosen', false],
    ]);
    expect(textOf(form as string)).toContain('All fields, including fields the service adds later');
  });

  it('fills a refused form again with what was typed, its message and the scopes that were checked', () => {
    const page = renderKeysPage(accountFrame(), { overview, keys, form: { error: 'a name must be 1 to 100 printable characters', values: { name: ' ', expires: '1y', scopes: 'iban,email' } } });
    expect(textOf(page)).toContain('Not done: a name must be 1 to 100 printable characters');
    expect(page).toContain('<option value="1y" selected>1 year</option>');
    const checked = tagsOf(page).filter((tag) => tag.includes('type="checkbox"') && tag.includes(' checked'));
    expect(checked.map((tag) => /value="(\w+)"/.exec(tag)?.[1])).toEqual(['iban', 'email']);
    expect(tagsOf(page).filter((tag) => tag.includes('type="radio"') && tag.includes(' checked'))).toEqual([
      '<input type="radio" id="create-key-scope-chosen" name="scope" value="chosen" checked>',
    ]);
    const none = renderKeysPage(accountFrame(), { overview, keys, form: { error: 'choose at least one field', values: { name: 'x', expires: '30d' } } });
    expect(tagsOf(none).filter((tag) => tag.includes('type="checkbox"') && tag.includes(' checked'))).toEqual([]);
  });

  it('shows a key just created once, readonly, with a copy button for the script and the warning that it will not be shown again', () => {
    const key = 'vf_3kP9abcdefghijklmnopqrstuvwxyz0123456789';
    const page = renderKeysPage(accountFrame(), { overview, keys, created: { key, name: 'checkout form' } });
    expect(page).toContain(`<input id="created-key-value" class="key-value" type="text" readonly value="${key}"`);
    expect(page).toContain('<button type="button" class="copy" data-copy-target="created-key-value" hidden>Copy key</button>');
    expect(textOf(page)).toContain('Your new key “checkout form” Copy it now: it will not be shown again.');
    expect(page.indexOf(key)).toBe(page.lastIndexOf(key));
  });

  it('never shows a key otherwise', () => {
    const page = renderKeysPage(accountFrame(), { overview, keys });
    expect(page).not.toContain('created-key');
    expect(page).not.toMatch(/vf_[A-Za-z0-9]{10,}/);
  });

  it('speaks French to a French visitor: headings, table, statuses, form, dates and numbers, with no English word of the page left', () => {
    const french = accountFrame(anAccount(), 'owner', wordsIn('fr'));
    const page = renderKeysPage(french, { overview: anOverview(anAccount(), 1234), keys, created: { key: 'vf_new', name: 'checkout form' } });
    const text = textOf(page);
    expectContainsAll(text, ['Clés de Web shop', '2 sur 5 clés actives autorisées par l’offre GROWTH.', 'Votre nouvelle clé « checkout form »', 'Créer une clé', 'Champs que la clé peut valider', 'Créer la clé']);
    expect(rowsOf(page)).toEqual([
      'checkout form vf_3kP9… tous les champs 1 nov. 2026, 08:30 UTC jamais 26 nov. 2026, 13:59 UTC active Révoquer checkout form',
      'batch import vf_3kP9… TVA et IBAN 1 nov. 2026, 08:30 UTC 26 déc. 2026, 10:00 UTC jamais active Révoquer batch import',
      'old one vf_3kP9… tous les champs 1 nov. 2026, 08:30 UTC jamais 26 nov. 2026, 13:59 UTC révoquée',
      'trial vf_3kP9… tous les champs 1 nov. 2026, 08:30 UTC 2 nov. 2026, 08:30 UTC 26 nov. 2026, 13:59 UTC expirée',
    ]);
    expect(page).toContain('data-label="Dernière utilisation"');
    expect(page).toContain('<option value="1y">1 an</option>');
    expect(page).toContain('>Copier la clé</button>');
    for (const english of ['Keys of', 'live keys allowed', 'Your new key', 'Create a key', 'Last used', 'all fields', 'Revoke', 'Expires after', 'Copy key', 'data-label="Prefix"', '>never<', '1 year']) {
      expect(page, english).not.toContain(english);
    }
  });

  it('counts the allowed keys in the Polish plural form of the count', () => {
    const polish = (maxKeys: number): string => {
      const plan = anOverview();
      return textOf(renderKeysPage(accountFrame(anAccount(), 'owner', wordsIn('pl')), { overview: { ...plan, limits: { ...plan.limits, maxKeys } }, keys: [] }));
    };
    expect(polish(1)).toContain('0 z 1 aktywnego klucza dozwolonego w planie GROWTH.');
    expect(polish(2)).toContain('0 z 2 aktywnych kluczy dozwolonych w planie GROWTH.');
    expect(polish(5)).toContain('0 z 5 aktywnych kluczy dozwolonych w planie GROWTH.');
    expect(polish(5)).toContain('Nie ma jeszcze kluczy: utwórz klucz poniżej.');
  });

  it("names each field in English as the field's folder does", () => {
    for (const field of FIELD_NAMES) expect(FIELD_PHRASES[field].en).toBe(FIELD_LABELS[field]);
  });
});
