/**
 * An account's overview, GET /dashboard/accounts/{id}?days=30|90 (plan, period, usage, the daily
 * chart), and the form an account may send itself: POST …/vat-number (its own VAT number, sent to
 * VIES as requester; '' removes it). The operator's forms on the same page are in ./operator.ts.
 * Each form answers 303 back to the overview, whose `done` parameter names what changed; a refused
 * input answers the page again with the message and what was typed.
 */
import type { Hono } from 'hono';
import type { AccountUpdate } from '../../admin/service.js';
import { ACCOUNT_ROUTE } from '../i18n/account.js';
import type { Words } from '../i18n/words.js';
import { typedValues, formText } from '../forms.js';
import { renderAccountPage } from '../views/index.js';
import type { AccountPageModel, ChartDays } from '../views/models.js';
import { accountPath } from '../views/paths.js';
import { accountPage, htmlPage, inputError, page, PageRefusal, postedForm, revealed, seeOther, visibleAccountId, type DashboardDeps, type PageRequest } from './context.js';

/** What the overview says after a form, by the form: from the account as it is now. */
export type Done = 'plan' | 'suspension' | 'vat-number';

const DONE: ReadonlySet<string> = new Set<Done>(['plan', 'suspension', 'vat-number']);

/** The chart's days from `?days=`: 30 unless 90 is asked; anything else is refused. */
function chartDays(text: string | undefined): ChartDays {
  if (text === undefined || text === '' || text === '30') return 30;
  if (text === '90') return 90;
  throw new PageRefusal(400, ACCOUNT_ROUTE.notAChartPeriod, [ACCOUNT_ROUTE.chartDays]);
}

/** The notice of the overview after a form: what the account is now. */
function noticeOf(words: Words, done: Done, overview: AccountPageModel['overview']): string {
  const { account } = overview;
  if (done === 'plan') return words.say(ACCOUNT_ROUTE.planNow, { plan: account.plan });
  if (done === 'suspension') return words.say(account.suspendedAt === null ? ACCOUNT_ROUTE.active : ACCOUNT_ROUTE.suspended);
  return account.vatNumber === null ? words.say(ACCOUNT_ROUTE.noVatNumber) : words.say(ACCOUNT_ROUTE.vatNumberNow, { number: account.vatNumber });
}

/** The overview of the account the URL names, with `status`; `failed` fills one of its forms again with what was refused. */
async function accountOverviewPage(request: PageRequest, accountId: string, status: number, failed?: AccountPageModel['failed']): Promise<Response> {
  const days = chartDays(request.c.req.query('days'));
  const overview = await request.admin.accountOverview(accountId);
  const usage = await request.admin.usageByDay(accountId, days);
  const done = request.c.req.query('done');
  const model: AccountPageModel = { overview, usage, days };
  const link = await revealed(request, accountId, 'login-link');
  if (link !== undefined) model.signInLink = link?.secret ?? null;
  if (failed !== undefined) model.failed = failed;
  else if (done !== undefined && DONE.has(done)) model.notice = noticeOf(request.frame.words, done as Done, overview);
  return htmlPage(status, renderAccountPage(request.frame, model));
}

/**
 * Handles a form of the overview that changes the account (the VAT number, the operator's plan and
 * suspension): the change `changeOf` reads from the form, then back to the overview (303) saying
 * what changed; a refused input (a RangeError, from `changeOf` or the administration) answers the
 * overview again, 400, with the form as typed and why.
 */
export async function accountForm(request: PageRequest, done: Done, changeOf: (form: URLSearchParams) => AccountUpdate): Promise<Response> {
  const accountId = visibleAccountId(request);
  const form = await postedForm(request);
  try {
    await request.admin.updateAccount(accountId, changeOf(form));
  } catch (error) {
    return accountOverviewPage(request, accountId, 400, { form: done, values: typedValues(form), error: inputError(error) });
  }
  return seeOther(`${accountPath(accountId)}?done=${done}`);
}

/** Mounts the overview and its VAT number form. */
export function mountAccountPages(app: Hono, deps: DashboardDeps): void {
  app.get(
    '/dashboard/accounts/:id',
    accountPage(deps, async (request, accountId) => accountOverviewPage(request, accountId, 200)),
  );

  app.post(
    '/dashboard/accounts/:id/vat-number',
    page(deps, 'signed-in', async (request) =>
      accountForm(request, 'vat-number', (form) => {
        const vatNumber = formText(form, 'vatNumber');
        return { vatNumber: vatNumber === '' ? null : vatNumber };
      }),
    ),
  );
}
