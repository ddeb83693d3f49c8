import { describe, expect, it } from 'vitest';
import { renderUsageLogPage } from '../../../../src/server/dashboard/views/index.js';
import type { UsageLogPageModel } from '../../../../src/server/dashboard/views/models.js';
import { accountFrame, aKey, anAccount, anEntry, anOverview, expectContainsAll, textOf } from '../../../support/dashboard-views.js';

const id = anAccount().id;

function model(change: Partial<UsageLogPageModel> = {}): UsageLogPageModel {
  return {
    overview: anOverview(),
    entries: [anEntry(), anEntry({ endpoint: 'nif', value: '***', valid: false, keyId: 'gone', latencyMs: 1234, at: new Date('2026-11-26T09:00:00Z') })],
    keys: [aKey()],
    filter: {},
    keptDays: 90,
    nextBefore: null,
    ...change,
  };
}

describe('the usage log page', () => {
  it('lists each validation: time, key name, field, value as stored, verdict, status and latency', () => {
    const page = renderUsageLogPage(accountFrame(), model());
    const rows = [...page.matchAll(/<tbody>([\s\S]*?)<\/tbody>/g)].flatMap((body) => [...(body[1] as string).matchAll(/<tr>[\s\S]*?<\/tr>/g)].map((row) => textOf(row[0])));
    expect(rows).toEqual([
      '2026-11-26 13:59 UTC checkout form IBAN DE89 3704 0044 0532 0130 00 valid 200 3',
      '2026-11-26 09:00 UTC unknown key NIF *** invalid 200 1,234',
    ]);
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
    expect(textOf(renderUsageLogPage(accountFrame(), model({ entries: [] })))).toContain('No validations match this filter.');
    expect(textOf(renderUsageLogPage(accountFrame(), model({ entries: [], error: 'day must be YYYY-MM-DD' })))).toContain('Not done: day must be YYYY-MM-DD');
  });
});
