/** The watches page in the visitor's language: French words and dates, no English left, and the Polish plural of the count of watched numbers. */
import { describe, expect, it } from 'vitest';
import { wordsIn } from '../../../../src/server/dashboard/i18n/words.js';
import type { VatWatchRecord } from '../../../../src/server/storage/types.js';
import { renderWatchesPage } from '../../../../src/server/dashboard/views/index.js';
import { accountFrame, anAccount, anOverview, expectContainsAll, textOf } from '../../../support/dashboard-views.js';

const overview = anOverview();

function aWatch(value: string, change: Partial<VatWatchRecord> = {}): VatWatchRecord {
  const at = new Date('2026-11-26T06:00:00Z');
  return { id: `watch_${value}`, accountId: anAccount().id, keyId: 'key-1', value, traderName: null, registered: null, name: null, address: null, lastCheckedAt: null, lastAttemptAt: null, nextCheckAt: new Date('2026-11-27T06:00:00Z'), createdAt: at, ...change };
}

const watches = [
  aWatch('LU26375245', { traderName: 'AMAZON EUROPE', registered: true, name: 'AMAZON EUROPE CORE', address: '38, AVENUE JOHN F. KENNEDY', lastCheckedAt: new Date('2026-11-25T06:00:00Z'), lastAttemptAt: new Date('2026-11-26T06:00:00Z') }),
  aWatch('DE129273398', { registered: false, lastCheckedAt: new Date('2026-11-26T06:00:00Z'), lastAttemptAt: new Date('2026-11-26T06:00:00Z') }),
  aWatch('FR40303265045'),
];

describe('the watches page in French', () => {
  const page = renderWatchesPage(accountFrame(anAccount(), 'owner', wordsIn('fr')), { overview, watches });

  it('names the columns and verdicts in French, with French dates', () => {
    expectContainsAll(textOf(page), [
      'Numéros de TVA surveillés de Web shop',
      '3 numéros surveillés ; chacun est revérifié dans VIES',
      'vat.registration_changed ou vat.details_changed au webhook du compte',
      'Numéro de TVA Nom de l’opérateur Dernier résultat Nom et adresse Dernière réponse connue Prochaine vérification',
      'LU26375245 AMAZON EUROPE enregistré AMAZON EUROPE CORE 38, AVENUE JOHN F. KENNEDY 25 nov. 2026, 06:00 UTC dernier essai 26 nov. 2026, 06:00 UTC 27 nov. 2026, 06:00 UTC',
      'DE129273398 — non enregistré',
      'FR40303265045 — pas encore connu — jamais',
    ]);
    expect(page).toContain('aria-label="Numéros surveillés"');
  });

  it('leaves no English word of the page', () => {
    for (const english of ['Watched VAT numbers', 'watched numbers', 're-checked', 'Trader name', 'Last verdict', 'not registered', 'not known yet', 'last try', 'Next check', 'never', 'Nov']) {
      expect(page, english).not.toContain(english);
    }
  });

  it('says there are none, and how to add one', () => {
    expect(textOf(renderWatchesPage(accountFrame(anAccount(), 'owner', wordsIn('fr')), { overview, watches: [] }))).toContain('Aucun numéro surveillé. Ajoutez-en un avec POST /api/v1/vat/watch.');
  });
});

describe('the watches page in Polish', () => {
  it('counts the watched numbers in the plural form of the count', () => {
    const count = (n: number): string => textOf(renderWatchesPage(accountFrame(anAccount(), 'owner', wordsIn('pl')), { overview, watches: Array.from({ length: n }, (_, index) => aWatch(`LU${index}`)) }));
    expect(count(1)).toContain('1 obserwowany numer;');
    expect(count(2)).toContain('2 obserwowane numery;');
    expect(count(5)).toContain('5 obserwowanych numerów;');
  });
});
