/**
 * The operator's pages and forms: GET /dashboard/accounts (every account with plan and usage, and
 * the form to create one), POST /dashboard/accounts, and on an account's overview POST …/plan, GET
 * …/suspension (the confirmation before suspending) and POST …/suspension (suspend or resume), and
 * POST …/sign-in-link (a one-time link that signs in as the account's owner, shown once on the
 * overview through its `?reveal=`, as a new key is: ../reveal.ts). Each form answers 303. An account session gets the 404 page for each (there is nothing to tell it).
 */
import type { Hono } from 'hono';
import { formText, typedValues } from '../forms.js';
import { ACCOUNT_ROUTE } from '../i18n/account.js';
import type { Words } from '../i18n/words.js';
import { renderAccountsPage, renderSuspendPage } from '../views/index.js';
import type { AccountsPageModel, FormState } from '../views/models.js';
import { accountPath, ACCOUNTS_PATH } from '../views/paths.js';
import { accountForm } from './account.js';
import { htmlPage, inputError, page, postedForm, seeOther, seeOtherToReveal, visibleAccountId, type DashboardDeps, type PageRequest } from './context.js';
import { createLoginLink, loginPath } from '../sign-in.js';

async function accountsPage(request: PageRequest, status: number, form?: FormState): Promise<Response> {
  const model: AccountsPageModel = { accounts: await request.admin.listAccounts() };
  if (form !== undefined) model.form = form;
  return htmlPage(status, renderAccountsPage(request.frame, model));
}

/** `suspended=true|false` of the suspension form; a RangeError for anything else, in the page's language. */
function suspendedValue(words: Words, text: string): boolean {
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw new RangeError(words.say(ACCOUNT_ROUTE.suspendedValue));
}

/** Mounts the accounts page, account creation, the plan form, and the suspension with its confirmation. */
export function mountOperatorPages(app: Hono, deps: DashboardDeps): void {
  app.get(
    ACCOUNTS_PATH,
    page(deps, 'operator', async (request) => accountsPage(request, 200)),
  );

  app.post(
    ACCOUNTS_PATH,
    page(deps, 'operator', async (request) => {
      const form = await postedForm(request);
      const vatNumber = formText(form, 'vatNumber');
      const subscriptionStart = formText(form, 'subscriptionStart');
      try {
        const account = await request.admin.createAccount({
          name: formText(form, 'name'),
          plan: formText(form, 'plan'),
          vatNumber: vatNumber === '' ? null : vatNumber,
          ...(subscriptionStart === '' ? {} : { subscriptionStart }),
        });
        return seeOther(accountPath(account.id));
      } catch (error) {
        return accountsPage(request, 400, { values: typedValues(form), error: inputError(error) });
      }
    }),
  );

  app.post(
    '/dashboard/accounts/:id/sign-in-link',
    page(deps, 'operator', async (request) => {
      const accountId = visibleAccountId(request);
      await postedForm(request);
      const now = request.services.now();
      const { token } = await createLoginLink(request.services.store, accountId, now);
      // The service's public address when it has one; else the address this page was asked at (the operator's own browser).
      const base = (deps.publicUrl ?? new URL(request.c.req.url).origin).replace(/\/+$/, '');
      return seeOtherToReveal(request, accountPath(accountId), { accountId, kind: 'login-link', secret: `${base}${loginPath(token)}`, label: null });
    }),
  );

  app.post(
    '/dashboard/accounts/:id/plan',
    page(deps, 'operator', async (request) => accountForm(request, 'plan', (form) => ({ plan: formText(form, 'plan') }))),
  );

  app.get(
    '/dashboard/accounts/:id/suspension',
    page(deps, 'operator', async (request) => {
      const overview = await request.admin.accountOverview(visibleAccountId(request));
      return htmlPage(200, renderSuspendPage(request.frame, { overview }));
    }),
  );

  app.post(
    '/dashboard/accounts/:id/suspension',
    page(deps, 'operator', async (request) => accountForm(request, 'suspension', (form) => ({ suspended: suspendedValue(request.frame.words, formText(form, 'suspended')) }))),
  );
}
