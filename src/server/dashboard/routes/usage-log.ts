/**
 * An account's usage log, GET /dashboard/accounts/{id}/usage?field=&verdict=valid|invalid&status=4xx&day=YYYY-MM-DD&before=POSITION:
 * the requests newest first (counted ones, job lines, watch checks, and refusals), values as stored
 * (personal numbers masked), 50 a page; `before` is the position of the last entry shown, for the
 * next page. A filter that cannot be read answers the page again (400) with what is wrong.
 * GET /dashboard/accounts/{id}/usage.csv with the same filter downloads every entry it selects.
 */
import type { Hono } from 'hono';
import { DEFAULT_LOG_PAGE, logPosition, readLogPosition, type LogSearch } from '../../admin/service.js';
import type { UsageEntry } from '../../storage/types.js';
import { renderUsageLogPage } from '../views/index.js';
import type { LogFilter, UsageLogPageModel } from '../views/models.js';
import { CSV_CONTENT_TYPE, usageCsvDisposition, usageLogCsv } from '../../admin/usage-csv.js';
import { USAGE_LOG_PAGE } from '../i18n/usage-log-page.js';
import { accountPage, htmlPage, inputError, PageRefusal, type DashboardDeps, type PageRequest } from './context.js';

/** Entries a page shows: the administration's default page, as the admin API's. */
const PAGE_SIZE = DEFAULT_LOG_PAGE;

/** The query's filter as the form shows it, the search it asks for, and what cannot be read in it. */
function readQuery(request: PageRequest): { filter: LogFilter; search: LogSearch; refused?: string } {
  const text = (name: string): string => (request.c.req.query(name) ?? '').trim();
  const filter: LogFilter = {};
  const search: LogSearch = { limit: PAGE_SIZE + 1 };
  const field = text('field');
  if (field !== '') filter.field = search.field = field;
  const day = text('day');
  if (day !== '') filter.day = search.day = day;
  const status = text('status');
  if (status !== '') filter.status = search.status = status;
  const verdict = text('verdict');
  if (verdict === 'valid' || verdict === 'invalid') {
    filter.verdict = verdict;
    search.valid = verdict === 'valid';
  } else if (verdict !== '') return { filter, search, refused: request.frame.words.say(USAGE_LOG_PAGE.badVerdict) };
  const before = text('before');
  if (before !== '') {
    try {
      Object.assign(search, readLogPosition(before));
    } catch (error) {
      return { filter, search, refused: inputError(error) };
    }
  }
  return { filter, search };
}

/** The part of the page the query selects: a page of entries, or the query refused (400) with why. */
async function logPage(request: PageRequest, accountId: string): Promise<{ status: number; model: Omit<UsageLogPageModel, 'overview' | 'keys' | 'keptDays'> }> {
  const { filter, search, refused } = readQuery(request);
  const refusal = (error: string): { status: number; model: Omit<UsageLogPageModel, 'overview' | 'keys' | 'keptDays'> } => ({ status: 400, model: { entries: [], filter, nextBefore: null, error } });
  if (refused !== undefined) return refusal(refused);
  let found: UsageEntry[];
  try {
    // One more than a page: whether there is an older page.
    found = await request.admin.searchLog(accountId, search);
  } catch (error) {
    // An unknown field or a day that is no date; an unknown account is rethrown (404).
    return refusal(inputError(error));
  }
  const entries = found.slice(0, PAGE_SIZE);
  const last = entries[entries.length - 1];
  return { status: 200, model: { entries, filter, nextBefore: found.length > PAGE_SIZE && last !== undefined ? logPosition(last) : null } };
}

/** Mounts the usage log page and its CSV download. */
export function mountUsageLog(app: Hono, deps: DashboardDeps): void {
  app.get(
    '/dashboard/accounts/:id/usage.csv',
    accountPage(deps, async (request, accountId) => {
      const { search, refused } = readQuery(request);
      const refusal = (message: string): PageRefusal => new PageRefusal(400, USAGE_LOG_PAGE.filterNotAccepted, [message]);
      if (refused !== undefined) throw refusal(refused);
      let body: ReadableStream<Uint8Array>;
      try {
        body = await usageLogCsv((page) => request.admin.searchLog(accountId, page), search);
      } catch (error) {
        throw refusal(inputError(error));
      }
      return new Response(body, {
        status: 200,
        headers: { 'Content-Type': CSV_CONTENT_TYPE, 'Content-Disposition': usageCsvDisposition(accountId), 'Cache-Control': 'no-store' },
      });
    }),
  );
  app.get(
    '/dashboard/accounts/:id/usage',
    accountPage(deps, async (request, accountId) => {
      const [overview, keys] = await Promise.all([request.admin.accountOverview(accountId), request.admin.listKeys(accountId)]);
      const { status, model } = await logPage(request, accountId);
      return htmlPage(status, renderUsageLogPage(request.frame, { overview, keys, keptDays: deps.usageLogDays, ...model }));
    }),
  );
}
