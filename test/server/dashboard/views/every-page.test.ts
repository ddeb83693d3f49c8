/**
 * What holds of every page: values from users (account, key and logged values holding HTML or
 * script) come out as text, no inline script or style that the Content-Security-Policy would
 * refuse, the CSRF token in every POST form, every control labelled, ids unique.
 */
import { describe, expect, it } from 'vitest';
import {
  renderAccountPage,
  renderAccountsPage,
  renderCancelJobPage,
  renderKeysPage,
  renderMessagePage,
  renderRevokePage,
  renderRotatePage,
  renderStatusPage,
  renderSuspendPage,
  renderUsageLogPage,
  renderWebhooksPage,
} from '../../../../src/server/dashboard/views/index.js';
import type { Frame } from '../../../../src/server/dashboard/views/models.js';
import { ENGLISH } from '../../../../src/server/dashboard/i18n/words.js';
import { accountFrame, aJob, aKey, attributeNames, anAccount, anEntry, anOverview, aWebhook, HOSTILE, inlineCode, NOBODY, NOW, OPERATOR, postForms, tagsOf, textOf } from '../../../support/dashboard-views.js';

const account = anAccount({ name: HOSTILE.accountName, suspendedAt: new Date('2026-11-20T00:00:00Z') });
const overview = anOverview(account);
const key = aKey({ name: HOSTILE.keyName });
const usage = { from: '2026-10-28', to: '2026-11-26', totals: [{ day: '2026-11-26', field: 'email' as const, valid: false, count: 3 }] };

/** Every page, rendered with hostile values, with the frame it was rendered for and the hostile texts it shows. */
const pages: { name: string; frame: Frame; page: string; shows: string[] }[] = [
  { name: 'accounts', frame: OPERATOR, page: renderAccountsPage(OPERATOR, { accounts: [overview], form: { error: HOSTILE.logValue, values: { name: HOSTILE.keyName } } }), shows: [HOSTILE.accountName, HOSTILE.logValue] },
  ...[OPERATOR, accountFrame(account)].map((frame) => ({
    name: `account (${frame.viewer?.kind ?? ''})`,
    frame,
    page: renderAccountPage(frame, { overview, usage, days: 30 as const, notice: HOSTILE.keyName, failed: { form: 'vat-number', error: HOSTILE.logValue, values: { vatNumber: HOSTILE.accountName } } }),
    shows: [HOSTILE.accountName, HOSTILE.keyName, HOSTILE.logValue],
  })),
  {
    name: 'keys',
    frame: accountFrame(account),
    page: renderKeysPage(accountFrame(account), { overview, keys: [key], created: { key: 'vf_abc"<x>', name: HOSTILE.keyName }, form: { error: HOSTILE.logValue, values: { name: HOSTILE.keyName, scopes: HOSTILE.keyName } } }),
    shows: [HOSTILE.accountName, HOSTILE.keyName, HOSTILE.logValue],
  },
  { name: 'revoke', frame: OPERATOR, page: renderRevokePage(OPERATOR, { overview, key }), shows: [HOSTILE.accountName, HOSTILE.keyName] },
  {
    name: 'keys, asked again for a key shown',
    frame: accountFrame(account),
    page: renderKeysPage(accountFrame(account), { overview, keys: [key], shownBefore: true }),
    shows: [HOSTILE.accountName, HOSTILE.keyName, 'This secret was shown once and is not shown again.'],
  },
  {
    name: 'webhooks, with the secret shown once',
    frame: accountFrame(account),
    page: renderWebhooksPage(accountFrame(account), { overview, endpoint: aWebhook({ url: HOSTILE.logValue }), deliveries: [], secret: 'whsec_"<x>' }),
    shows: [HOSTILE.accountName, HOSTILE.logValue],
  },
  {
    name: 'webhooks, asked again for a secret shown',
    frame: accountFrame(account),
    page: renderWebhooksPage(accountFrame(account), { overview, endpoint: aWebhook(), deliveries: [], shownBefore: true }),
    shows: [HOSTILE.accountName, 'This secret was shown once and is not shown again.'],
  },
  { name: 'rotate', frame: accountFrame(account), page: renderRotatePage(accountFrame(account), { overview, endpoint: aWebhook({ url: HOSTILE.logValue }) }), shows: [HOSTILE.accountName, HOSTILE.logValue] },
  { name: 'suspend', frame: OPERATOR, page: renderSuspendPage(OPERATOR, { overview: anOverview(anAccount({ name: HOSTILE.accountName })) }), shows: [HOSTILE.accountName] },
  { name: 'cancel job', frame: accountFrame(account), page: renderCancelJobPage(accountFrame(account), { overview, job: aJob({ id: HOSTILE.keyName }) }), shows: [HOSTILE.accountName, HOSTILE.keyName] },
  {
    name: 'usage log',
    frame: accountFrame(account),
    page: renderUsageLogPage(accountFrame(account), {
      overview,
      entries: [anEntry({ value: HOSTILE.logValue, keyId: key.id })],
      keys: [key],
      keptDays: 90,
      filter: { field: HOSTILE.keyName, day: HOSTILE.logValue },
      nextBefore: HOSTILE.keyName,
      error: HOSTILE.accountName,
    }),
    shows: [HOSTILE.accountName, HOSTILE.keyName, HOSTILE.logValue],
  },
  { name: 'message', frame: NOBODY, page: renderMessagePage(NOBODY, { title: HOSTILE.keyName, paragraphs: [HOSTILE.logValue] }), shows: [HOSTILE.keyName, HOSTILE.logValue] },
  {
    name: 'status',
    frame: NOBODY,
    page: renderStatusPage(ENGLISH, {
      report: { generatedAt: NOW.toISOString(), windowDays: 30, countriesTracked: 1, countriesUnavailableNow: 0, countries: [{ countryCode: HOSTILE.accountName, availabilityPercent: 100, sampleCount: 1, availableNow: true, decidedBy: 'COMMISSION_FEED' }] },
      daily: new Map(),
      ratesFetchedAt: null,
      statesWithoutRates: [],
      registries: [],
      now: NOW,
    }),
    shows: [HOSTILE.accountName],
  },
];

describe.each(pages)('the $name page', ({ frame, page, shows }) => {
  it('shows values holding HTML or script as text, never as markup', () => {
    const text = textOf(page);
    for (const value of shows) expect(text).toContain(value);
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<b>');
    expect(tagsOf(page).filter((tag) => attributeNames(tag).includes('onerror'))).toEqual([]);
  });

  it('has no inline script, style or event handler, and loads only the dashboard script', () => {
    expect(inlineCode(page)).toEqual([]);
    expect(tagsOf(page).filter((tag) => tag.startsWith('<script'))).toEqual(['<script src="/dashboard/assets/dashboard.js" defer>']);
    expect(tagsOf(page).filter((tag) => /\s(?:src|href)="(?:https?:)?\/\//.test(tag))).toEqual([]);
  });

  it("carries the session's CSRF token in every POST form", () => {
    for (const form of postForms(page)) expect(form).toContain(`<input type="hidden" name="_csrf" value="${frame.csrfToken}">`);
  });

  it('labels every control and repeats no id', () => {
    const tags = tagsOf(page);
    const ids = tags.flatMap((tag) => /\sid="([^"]+)"/.exec(tag)?.[1] ?? []);
    expect(new Set(ids).size).toBe(ids.length);
    const labelled = new Set(tags.flatMap((tag) => (tag.startsWith('<label') ? (/\sfor="([^"]+)"/.exec(tag)?.[1] ?? []) : [])));
    const controls = tags.filter((tag) => /^<(?:input|select|textarea)\b/.test(tag) && !tag.includes('type="hidden"'));
    for (const control of controls) expect(labelled, control).toContain(/\sid="([^"]+)"/.exec(control)?.[1]);
  });
});

describe('the scan for inline code', () => {
  it('finds inline scripts, styles, handlers and javascript: URLs, and not the same words inside attribute values', () => {
    const sample = '<p onclick="go()"><script>1</script><div style="color:red"><style>p{}</style><a href="javascript:go()"><input value="x onerror=1 style=2"><script src="/a.js">';
    expect(inlineCode(sample)).toEqual(['<p onclick="go()">', '<script>', '<div style="color:red">', '<style>', '<a href="javascript:go()">']);
  });
});
