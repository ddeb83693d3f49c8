/**
 * An account's keys: GET /dashboard/accounts/{id}/keys (the list and the create form; with
 * `?reveal=`, a key just made, shown this once), POST to it (the key made, kept for its one showing,
 * and 303 to the keys with its `?reveal=`: a reload makes no second key), and the revocation: GET
 * …/keys/{keyId}/revoke (the confirmation) and POST to it (303 back to the keys). A key id that is
 * not the account's answers the 404 page, the same as an unknown one. The plan's maximum of live
 * keys and a suspended account refuse a key with 409.
 */
import type { Hono } from 'hono';
import { ALL_FIELDS, AccountSuspendedError, parseScopes, type KeyScope } from '../../admin/key-admin.js';
import type { ListedKey } from '../../admin/service.js';
import { KeyLimitError } from '../../storage/types.js';
import { formText, typedValues } from '../forms.js';
import { renderKeysPage, renderRevokePage } from '../views/index.js';
import type { FormState, KeysPageModel } from '../views/models.js';
import { keysPath } from '../views/paths.js';
import { KEY_COUNTS, KEYS } from '../i18n/keys.js';
import { accountPage, accountPost, htmlPage, inputError, notFound, revealed, seeOther, seeOtherToReveal, type DashboardDeps, type PageRequest } from './context.js';

async function keysPage(request: PageRequest, accountId: string, status: number, extra: Pick<KeysPageModel, 'created' | 'shownBefore' | 'form'> = {}): Promise<Response> {
  const [overview, keys] = await Promise.all([request.admin.accountOverview(accountId), request.admin.listKeys(accountId)]);
  return htmlPage(status, renderKeysPage(request.frame, { overview, keys, ...extra }));
}

/** The account's key with this id; the 404 page when it has none. */
async function keyOfAccount(request: PageRequest, accountId: string): Promise<ListedKey> {
  const keyId = request.c.req.param('keyId') ?? '';
  const key = (await request.admin.listKeys(accountId)).find((listed) => listed.id === keyId);
  if (key === undefined) throw notFound();
  return key;
}

/** Creates the key the form asks for; resolves with the key and its name, or with the form refused (and its status). */
async function createFromForm(request: PageRequest, accountId: string, form: URLSearchParams): Promise<{ key: string; name: string } | { status: number; form: FormState }> {
  const { words } = request.frame;
  const refused = (status: number, error: string): { status: number; form: FormState } => ({ status, form: { values: typedValues(form), error } });
  // "All fields" is its own choice (it covers fields added later); the boxes, even all ticked, are a list kept as chosen.
  const allFields = form.get('scope') === ALL_FIELDS;
  const chosen = form.getAll('scopes');
  if (!allFields && chosen.length === 0) return refused(400, words.say(KEYS.noScope));
  try {
    const scopes: KeyScope = allFields ? ALL_FIELDS : parseScopes(chosen.join(','));
    const expires = formText(form, 'expires');
    const created = await request.admin.createKey({ accountId, name: formText(form, 'name'), scopes, expires: expires === '' ? 'never' : expires });
    return { key: created.key, name: created.record.name };
  } catch (error) {
    // The plan's maximum, or a suspended account: nothing wrong with what was typed.
    if (error instanceof KeyLimitError) return refused(409, words.counted(KEY_COUNTS.limit, error.maxKeys));
    if (error instanceof AccountSuspendedError) return refused(409, words.say(KEYS.suspended));
    return refused(400, inputError(error));
  }
}

/** Mounts the keys page, key creation and revocation. */
export function mountKeyPages(app: Hono, deps: DashboardDeps): void {
  app.get(
    '/dashboard/accounts/:id/keys',
    accountPage(deps, async (request, accountId) => {
      const reveal = await revealed(request, accountId, 'api-key');
      if (reveal === undefined) return keysPage(request, accountId, 200);
      return keysPage(request, accountId, 200, reveal === null ? { shownBefore: true } : { created: { key: reveal.secret, name: reveal.label ?? '' } });
    }),
  );

  app.post(
    '/dashboard/accounts/:id/keys',
    accountPost(deps, async (request, accountId, form) => {
      const outcome = await createFromForm(request, accountId, form);
      if ('key' in outcome) return seeOtherToReveal(request, keysPath(accountId), { accountId, kind: 'api-key', secret: outcome.key, label: outcome.name });
      return keysPage(request, accountId, outcome.status, { form: outcome.form });
    }),
  );

  app.get(
    '/dashboard/accounts/:id/keys/:keyId/revoke',
    accountPage(deps, async (request, accountId) => {
      const [overview, key] = await Promise.all([request.admin.accountOverview(accountId), keyOfAccount(request, accountId)]);
      return htmlPage(200, renderRevokePage(request.frame, { overview, key }));
    }),
  );

  app.post(
    '/dashboard/accounts/:id/keys/:keyId/revoke',
    accountPost(deps, async (request, accountId) => {
      const key = await keyOfAccount(request, accountId);
      await request.admin.revokeKey(key.id);
      return seeOther(keysPath(accountId));
    }),
  );
}
