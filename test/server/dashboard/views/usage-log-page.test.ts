import { describe, expect, it } from 'vitest';
import { renderUsageLogPage } from '../../../../src/server/dashboard/views/index.js';
import type { UsageLogPageModel } from '../../../../src/server/dashboard/views/models.js';
import { wordsIn } from '../../../../src/server/dashboard/i18n/words.js';
import { accountFrame, aKey, anAccount, anEntry, anOverview, expectContainsAll, textOf } from '../../../support/dashboard-views.js';

const id = anAccount().id;

function model(change: Partial<UsageLogPageModel> = {}): UsageLogPageModel {
  return {
    overview: anOverview(),
    entries: [
      anEntry(),
      anEntry({ requestId: 'request-2', endpoint: 'nif', value: '***', valid: false, reason: 'NIF_BAD_CHECK_LETTER', keyId: 'gone', latencyMs: 1234, at: new Date('2026-11-26T09:00:00Z') }),
      anEntry({ requestId: 'request-3', value: '', valid: false, status: 429, errorCode: 'QUOTA_EXCEEDED', at: new Date('2026-11-26T08:00:00Z') }),
    ],
    keys: [aKey()],
    filter: {},
    keptDays: 90,
    nextBefore: null,
    ...change,
  };
}

describe('the usage log page', () => {
  it('lists each request: time, request id, key name, field, value as stored, status, verdict, error code or reason, and latency', () => {
    const page = renderUsageLogPage(accountFrame(), model());
    const rows = [...page.matchAll(/<tbody>([\s\S]*?)<\/tbody>/g)].flatMap((body) => [...(body[1] as string).matchAll(/<tr>[\s\S]*?<\/tr>/g)].map((row) => textOf(row[0])));
    expect(rows).toEqual([
      '2026-11-26 13:59 UTC request-1 checkout form IBAN DE89 3704 0044 0532 0130 00 200 valid 3',
      '2026-11-26 09:00 UTC request-2 unknown key NIF *** 200 invalid NIF_BAD_CHECK_LETTER 1,234',
      '2026-11-26 08:00 UTC request-3 checkout form IBAN 429 refused (not counted) QUOTA_EXCEEDED 3',
    ]);
    expect(textOf(page)).toContain('3 requests, newest first');
  });

  it('links the CSV download of the filter in use', () => {
    const page = renderUsageLogPage(accountFrame(), model({ filter: { status: '4xx', field: 'iban' } }));
    expect(page).toContain(`<a href="/dashboard/accounts/${id}/usage.csv?field=iban&amp;status=4xx" download>Download these entries as CSV</a>`);
    expect(page).toContain('name="status" type="text" value="4xx"');
  });

  it('says how long the log keeps its entries, as the service is configured', () => {
    expect(textOf(renderUsageLogPage(accountFrame(), model({ keptDays: 7 })))).toContain('The log keeps 7 days of entries');
  });

  it('filters by field, verdict and day with a GET form that shows the filter in use', () => {
    const page = renderUsageLogPage(accountFrame(), model({ filter: { field: 'vat', verdict: 'invalid', day: '2026-11-20' } }));
    expectContainsAll(page, [
      `<form method="get" action="/dashboard/accounts/${id}/usage"`,
      '<option value="vat" selected>VAT</option>',
      '<option value="invalid" selected>Invalid</option>',
      'name="day" type="date" value="2026-11-20"',
      '<label for="filter-field">Field</label>',
      '<label for="filter-verdict">Verdict</label>',
      '<label for="filter-day">Day (UTC)</label>',
    ]);
  });

  it('links to the older entries with the same filter, and not on the last page', () => {
    const before = '2026-11-26T09:00:00.000Z';
    const page = renderUsageLogPage(accountFrame(), model({ filter: { field: 'nif', verdict: 'valid' }, nextBefore: before }));
    expect(page).toContain(`<a href="/dashboard/accounts/${id}/usage?field=nif&amp;verdict=valid&amp;before=2026-11-26T09%3A00%3A00.000Z" rel="next">Older entries</a>`);
    expect(renderUsageLogPage(accountFrame(), model())).not.toContain('Older entries');
  });

  it('says when nothing matches, and why a filter was refused', () => {
    expect(textOf(renderUsageLogPage(accountFrame(), model({ entries: [] })))).toContain('No requests match this filter.');
    expect(textOf(renderUsageLogPage(accountFrame(), model({ entries: [], error: 'day must be YYYY-MM-DD' })))).toContain('Not done: day must be YYYY-MM-DD');
  });
});

describe('the usage log page in French and Polish', () => {
  const french = accountFrame(anAccount(), 'owner', wordsIn('fr'));

  it('says everything in French, with French numbers and times, and no English of the page left', () => {
    const page = renderUsageLogPage(french, model({ nextBefore: '2026-11-26T08:00:00.000Z' }));
    const rows = [...page.matchAll(/<tbody>([\s\S]*?)<\/tbody>/g)].flatMap((body) => [...(body[1] as string).matchAll(/<tr>[\s\S]*?<\/tr>/g)].map((row) => textOf(row[0])));
    expect(rows).toEqual([
      '26 nov. 2026, 13:59 UTC request-1 checkout form IBAN DE89 3704 0044 0532 0130 00 200 valide 3',
      '26 nov. 2026, 09:00 UTC request-2 clé inconnue NIF *** 200 non valide NIF_BAD_CHECK_LETTER 1 234',
      '26 nov. 2026, 08:00 UTC request-3 checkout form IBAN 429 refusée (non comptée) QUOTA_EXCEEDED 3',
    ]);
    const text = textOf(page);
    expectContainsAll(text, [
      'Journal d’utilisation de Web shop',
      'Le journal conserve 90 jours d’entrées',
      'Télécharger ces entrées au format CSV',
      '3 requêtes, les plus récentes d’abord',
      'Heure (UTC) Id. de requête Clé Champ Valeur Statut Résultat Code d’erreur ou motif Latence (ms)',
      'Entrées plus anciennes',
    ]);
    expectContainsAll(page, ['<option value="" selected>Tous les résultats</option>', '<option value="phone">Téléphone</option>', '<option value="vat">TVA</option>']);
    for (const english of ['Usage log of', 'unknown key', 'refused (not counted)', 'newest first', 'Download these entries', 'Older entries', 'Any verdict', 'Error code or reason']) expect(text).not.toContain(english);
  });

  it('counts the requests and the days kept with the Polish plural forms', () => {
    const polish = accountFrame(anAccount(), 'owner', wordsIn('pl'));
    const caption = (count: number): string => /<caption>([^<]*)<\/caption>/.exec(renderUsageLogPage(polish, model({ entries: Array.from({ length: count }, () => anEntry()) })))?.[1] ?? '';
    expect(caption(1)).toBe('1 żądanie, od najnowszych');
    expect(caption(2)).toBe('2 żądania, od najnowszych');
    expect(caption(5)).toBe('5 żądań, od najnowszych');
    expect(textOf(renderUsageLogPage(polish, model({ keptDays: 1 })))).toContain('Dziennik przechowuje wpisy przez 1 dzień;');
    expect(textOf(renderUsageLogPage(polish, model({ keptDays: 3 })))).toContain('Dziennik przechowuje wpisy przez 3 dni;');
  });
});
