/**
 * The JSON admin API under /api/v1/admin (docs/service.md): accounts, their keys, their daily usage
 * and their usage log, the operations of the dashboard as JSON, over the same account
 * administration (../admin/service.ts). The operator (Bearer token or operator session) reaches
 * every account; an account's session only its own, and any other id answers 404 exactly as an
 * unknown one does. Every answer is `Cache-Control: no-store`; errors are `{ message, errorCode }`
 * (./errors.ts), and no input gets a 500.
 */
import type { Context, Hono } from 'hono';
import { describeError, jsonResponse } from '../answers/errors.js';
import { logFailure, type LogThrottle } from '../answers/log-throttle.js';
import { createAccountAdmin, DEFAULT_LOG_PAGE, type AccountAdmin } from '../admin/service.js';
import { AccountSuspendedError, UnknownAccountError } from '../admin/key-admin.js';
import { CSV_CONTENT_TYPE, usageCsvDisposition, usageLogCsv } from '../admin/usage-csv.js';
import { bearerToken } from '../pipeline/authenticator.js';
import type { PlanLimits } from '../policy/plans.js';
import type { Services } from '../services.js';
import { isStoreUnavailableError } from '../storage/errors.js';
import { StoreUnavailableError } from '../storage/guard.js';
import { couldBeStoredId } from '../storage/ids.js';
import { KeyLimitError, type Plan, type Store } from '../storage/types.js';
import { addMember, listMembers, MemberChangeError, removeMember, setMemberRole } from '../admin/members.js';
import { callerOf, operatorTokenCheck, type Caller } from './auth.js';
import { createFailureBudget, OPERATOR_TOKEN_FAILURES } from '../pipeline/failure-budget.js';
import { ADMIN_MESSAGES, AdminApiError, adminErrorResponse, methodNotAllowed, NO_STORE } from './errors.js';
import {
  accountJson,
  createdKeyJson,
  keyJson,
  logPageJson,
  memberJson,
  revokedKeyJson,
  usageJson,
  webhookJson,
  type AdminAccountList,
  type AdminKeyList,
  type AdminMemberList,
  type AdminWebhookRotated,
  type AdminWebhookSet,
} from './json.js';
import { accountRequestOf, accountUpdateOf, keyRequestOf, logSearchOf, memberRequestOf, memberUpdateOf, readJsonObject, webhookUrlOf, wholeNumber } from './requests.js';

/** What the admin API needs; the app (../http/app.ts) hands the same services to every route. */
export interface AdminApiDeps {
  /** The ready services; a request arriving before the app is ready waits for it. */
  services(): Services | Promise<Services>;
  /** The plans in force (with the app's overrides). */
  plans: Readonly<Record<Plan, PlanLimits>>;
  /** Operational log line sink: never a token, a key or a cookie. */
  log: (line: string) => void;
  /** The service's throttle of failure lines (answers/log-throttle.ts), shared by every place that logs per-request failures. */
  failureLog: LogThrottle;
  /** The operator token (ServerConfig.adminToken, from VERIFIELD_ADMIN_TOKEN); undefined: no Bearer access. */
  adminToken: string | undefined;
  /**
   * The message of the 404 for a path under /api/v1/admin without an endpoint: the app's hint
   * (a trailing slash names the path without it: ../http/not-found.ts); else {@link ADMIN_MESSAGES}.NO_PATH.
   */
  pathHint?(path: string): string;
  /** The client's address of a request (../http/client-source.ts), for the budget of wrong operator tokens; absent: no budget. */
  sourceOf?(c: Context): string | undefined;
}

/** Where the admin API lives. */
export const ADMIN_API_PREFIX = '/api/v1/admin';

/** Days of usage answered when `days` is not given. */
const DEFAULT_USAGE_DAYS = '30';
/** The Retry-After of a 503 for a store failing outside the guard (an injected, unguarded store). */
const RETRY_AFTER_UNGUARDED_S = 5;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One admin request once its caller is known. */
interface AdminCall {
  caller: Caller;
  admin: AccountAdmin;
  /** The store, for what the account administration does not cover (the members, ../admin/members.ts). */
  store: Store;
  now: Date;
  request: Request;
  /** A path parameter, as decoded by the router. */
  param(name: string): string;
  /** A query parameter (the first, if repeated), or undefined. */
  query(name: string): string | undefined;
  /** Writes an audit line: what changed, on which account, by whom (never a secret). */
  audit(action: string, accountId: string, extra?: Record<string, string>): void;
}

type Handler = (call: AdminCall) => Promise<Response>;

function ok(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return jsonResponse(status, body, { ...NO_STORE, ...headers });
}

/** The account id of the URL, if the caller may see it; else 404, the answer an unknown id gets. */
function visibleAccountId(call: AdminCall): string {
  const id = call.param('id');
  if (!couldBeStoredId(id) || (call.caller.kind === 'account' && call.caller.accountId !== id)) {
    throw new AdminApiError('NOT_FOUND', ADMIN_MESSAGES.NO_ACCOUNT);
  }
  return id;
}

function operatorOnly(call: AdminCall, message: string): void {
  if (call.caller.kind !== 'operator') throw new AdminApiError('FORBIDDEN', message);
}

/** The operator, or an owner of the account (a member's session with another role gets 403). */
function ownersOnly(call: AdminCall): void {
  if (call.caller.kind === 'account' && call.caller.role !== 'owner') throw new AdminApiError('FORBIDDEN', ADMIN_MESSAGES.OWNERS_ONLY);
}

/** A member refusal as its answer: 409 for an address taken or the last owner, 404 for no such member. */
function memberFailure(error: unknown): never {
  if (error instanceof MemberChangeError) {
    if (error.reason === 'not-found') throw new AdminApiError('NOT_FOUND', ADMIN_MESSAGES.NO_MEMBER);
    throw new AdminApiError(error.reason === 'exists' ? 'MEMBER_EXISTS' : 'LAST_OWNER', error.message);
  }
  throw error;
}

/** The member id of the URL, or 404 (the answer an unknown member gets) for text that cannot be one. */
function memberIdOf(call: AdminCall): string {
  const memberId = call.param('memberId');
  if (!couldBeStoredId(memberId)) throw new AdminApiError('NOT_FOUND', ADMIN_MESSAGES.NO_MEMBER);
  return memberId;
}

const listAccountMembers: Handler = async (call) => {
  const id = visibleAccountId(call);
  ownersOnly(call);
  const body: AdminMemberList = { members: (await listMembers(call.store, id)).map(memberJson) };
  return ok(body);
};

const addAccountMember: Handler = async (call) => {
  const id = visibleAccountId(call);
  ownersOnly(call);
  const { email, role } = memberRequestOf(await readJsonObject(call.request));
  const member = await addMember(call.store, id, email, role, call.now).catch(memberFailure);
  // The member's id only: an address is personal data, kept out of the log.
  call.audit('member added', id, { memberId: member.id, role });
  return ok(memberJson(member), 201, { Location: `${ADMIN_API_PREFIX}/accounts/${id}/members/${member.id}` });
};

const updateAccountMember: Handler = async (call) => {
  const id = visibleAccountId(call);
  ownersOnly(call);
  const memberId = memberIdOf(call);
  const role = memberUpdateOf(await readJsonObject(call.request));
  const member = await setMemberRole(call.store, id, memberId, role).catch(memberFailure);
  call.audit('member role changed', id, { memberId, role });
  return ok(memberJson(member));
};

const removeAccountMember: Handler = async (call) => {
  const id = visibleAccountId(call);
  ownersOnly(call);
  const memberId = memberIdOf(call);
  const member = await call.store.members.get(id, memberId);
  if (member === null) {
    // An unknown account is told as such, before the member.
    await listMembers(call.store, id);
    throw new AdminApiError('NOT_FOUND', ADMIN_MESSAGES.NO_MEMBER);
  }
  await removeMember(call.store, id, memberId).catch(memberFailure);
  call.audit('member removed', id, { memberId });
  return ok(memberJson(member));
};

const listAccounts: Handler = async (call) => {
  const overviews = call.caller.kind === 'operator' ? await call.admin.listAccounts() : [await call.admin.accountOverview(call.caller.accountId)];
  const body: AdminAccountList = { accounts: overviews.map(accountJson) };
  return ok(body);
};

const createAccount: Handler = async (call) => {
  operatorOnly(call, ADMIN_MESSAGES.OPERATOR_ONLY_ACCOUNTS);
  const account = await call.admin.createAccount(accountRequestOf(await readJsonObject(call.request)));
  call.audit('account created', account.id, { plan: account.plan });
  return ok(accountJson(await call.admin.accountOverview(account.id)), 201, { Location: `${ADMIN_API_PREFIX}/accounts/${account.id}` });
};

const getAccount: Handler = async (call) => ok(accountJson(await call.admin.accountOverview(visibleAccountId(call))));

const updateAccount: Handler = async (call) => {
  const id = visibleAccountId(call);
  const update = accountUpdateOf(await readJsonObject(call.request));
  if (update.plan !== undefined || update.suspended !== undefined) operatorOnly(call, ADMIN_MESSAGES.OPERATOR_ONLY_FIELDS);
  ownersOnly(call);
  const account = await call.admin.updateAccount(id, update);
  const changed = Object.keys(update).join(',');
  if (changed !== '') call.audit('account changed', id, { changed, plan: account.plan, suspended: String(account.suspendedAt !== null) });
  return ok(accountJson(await call.admin.accountOverview(id)));
};

const listKeys: Handler = async (call) => {
  const body: AdminKeyList = { keys: (await call.admin.listKeys(visibleAccountId(call))).map(keyJson) };
  return ok(body);
};

const createKey: Handler = async (call) => {
  const id = visibleAccountId(call);
  const created = await call.admin.createKey(keyRequestOf(await readJsonObject(call.request), id));
  call.audit('key created', id, { keyId: created.record.id, prefix: created.record.displayPrefix });
  return ok(createdKeyJson(created), 201);
};

const revokeKey: Handler = async (call) => {
  const keyId = call.param('keyId');
  const notFound = new AdminApiError('NOT_FOUND', ADMIN_MESSAGES.NO_KEY);
  if (!couldBeStoredId(keyId)) throw notFound;
  // An account revokes its own keys only; another account's key is answered as an unknown one.
  if (call.caller.kind === 'account' && !(await call.admin.listKeys(call.caller.accountId)).some((key) => key.id === keyId)) throw notFound;
  const outcome = await call.admin.revokeKey(keyId);
  if (outcome.status === 'unknown') throw notFound;
  if (outcome.status === 'revoked') call.audit('key revoked', outcome.key.accountId, { keyId });
  return ok(revokedKeyJson(outcome, call.now));
};

const usage: Handler = async (call) => {
  const id = visibleAccountId(call);
  return ok(usageJson(await call.admin.usageByDay(id, wholeNumber(call.query('days') ?? DEFAULT_USAGE_DAYS))));
};

/** Whether the client asked for CSV rather than JSON (`Accept: text/csv`). */
function wantsCsv(request: Request): boolean {
  const accept = request.headers.get('accept') ?? '';
  return /(^|,)\s*text\/csv\s*(;|,|$)/i.test(accept);
}

const usageLog: Handler = async (call) => {
  const id = visibleAccountId(call);
  const search = logSearchOf((name) => call.query(name));
  if (wantsCsv(call.request)) {
    const body = await usageLogCsv((page) => call.admin.searchLog(id, page), search);
    return new Response(body, { status: 200, headers: { ...NO_STORE, 'Content-Type': CSV_CONTENT_TYPE, 'Content-Disposition': usageCsvDisposition(id) } });
  }
  const entries = await call.admin.searchLog(id, search);
  return ok(logPageJson(entries, search.limit ?? DEFAULT_LOG_PAGE));
};

/** The host of a webhook URL, for audit lines: its path or query may hold the receiver's token. */
function hostOf(url: string): string {
  return new URL(url).host;
}

const getWebhook: Handler = async (call) => {
  const webhook = await call.admin.webhook(visibleAccountId(call));
  if (webhook === null) throw new AdminApiError('NOT_FOUND', ADMIN_MESSAGES.NO_WEBHOOK);
  return ok(webhookJson(webhook));
};

const setWebhook: Handler = async (call) => {
  const id = visibleAccountId(call);
  const { url, secret } = await call.admin.setWebhook(id, webhookUrlOf(await readJsonObject(call.request)));
  call.audit('webhook set', id, { host: hostOf(url) });
  const body: AdminWebhookSet = { url, secret };
  return ok(body);
};

const rotateWebhook: Handler = async (call) => {
  const id = visibleAccountId(call);
  if ((await call.admin.webhook(id)) === null) throw new AdminApiError('NOT_FOUND', ADMIN_MESSAGES.NO_WEBHOOK);
  const { url, secret } = await call.admin.rotateWebhookSecret(id);
  call.audit('webhook secret rotated', id, { host: hostOf(url) });
  const body: AdminWebhookRotated = { secret };
  return ok(body);
};

/** Every path of the admin API and what each method does there. */
const ROUTES: ReadonlyArray<[path: string, handlers: Partial<Record<Method, Handler>>]> = [
  ['/accounts', { GET: listAccounts, POST: createAccount }],
  ['/accounts/:id', { GET: getAccount, PATCH: updateAccount }],
  ['/accounts/:id/keys', { GET: listKeys, POST: createKey }],
  ['/accounts/:id/usage', { GET: usage }],
  ['/accounts/:id/log', { GET: usageLog }],
  ['/accounts/:id/webhook', { GET: getWebhook, PUT: setWebhook }],
  ['/accounts/:id/webhook/rotate', { POST: rotateWebhook }],
  ['/accounts/:id/members', { GET: listAccountMembers, POST: addAccountMember }],
  ['/accounts/:id/members/:memberId', { PATCH: updateAccountMember, DELETE: removeAccountMember }],
  ['/keys/:keyId', { DELETE: revokeKey }],
];

/** The answer of a failed request: its own for a refusal or bad input, 503 for the store, else a logged 500. */
function failureResponse(error: unknown, c: Context, failureLog: LogThrottle): Response {
  if (error instanceof AdminApiError) return adminErrorResponse(error);
  if (error instanceof UnknownAccountError) return adminErrorResponse(new AdminApiError('NOT_FOUND', ADMIN_MESSAGES.NO_ACCOUNT));
  if (error instanceof KeyLimitError) return adminErrorResponse(new AdminApiError('KEY_LIMIT', error.message));
  if (error instanceof AccountSuspendedError) return adminErrorResponse(new AdminApiError('ACCOUNT_SUSPENDED', error.message));
  // The account administration refuses bad input with a RangeError saying what it accepts.
  if (error instanceof RangeError) return adminErrorResponse(new AdminApiError('INVALID_REQUEST', error.message));
  if (error instanceof StoreUnavailableError) {
    return adminErrorResponse(new AdminApiError('STORE_UNAVAILABLE', ADMIN_MESSAGES.STORE_UNAVAILABLE, { 'Retry-After': String(error.outage.retryAfterSeconds) }));
  }
  if (isStoreUnavailableError(error)) {
    return adminErrorResponse(new AdminApiError('STORE_UNAVAILABLE', ADMIN_MESSAGES.STORE_UNAVAILABLE, { 'Retry-After': String(RETRY_AFTER_UNGUARDED_S) }));
  }
  const requestId = crypto.randomUUID();
  // Whatever the error's text holds, the credentials of the request are cut out of the line.
  const secrets = [bearerToken(c.req.header('authorization')), c.req.header('cookie'), c.req.header('x-csrf-token')].filter((s): s is string => s !== undefined);
  logFailure(failureLog, { level: 'error', msg: 'admin request failed', requestId, method: c.req.method, path: c.req.routePath }, describeError(error, secrets));
  return adminErrorResponse(new AdminApiError('INTERNAL', ADMIN_MESSAGES.INTERNAL, { 'X-Request-Id': requestId }));
}

/**
 * Mounts the admin API on `app`: the routes of {@link ROUTES}, 405 with `Allow` for another method
 * on their paths, and 404 `NOT_FOUND` for any other path under /api/v1/admin.
 */
export function mountAdminApi(app: Hono, deps: AdminApiDeps): void {
  const isOperatorToken = operatorTokenCheck(deps.adminToken);
  const tokenFailures = createFailureBudget({ ...OPERATOR_TOKEN_FAILURES, what: 'operator token', log: deps.log });

  const answer = (handler: Handler) => async (c: Context): Promise<Response> => {
    try {
      const services = await deps.services();
      const now = services.now();
      const source = deps.sourceOf?.(c);
      const caller = await callerOf(
        { method: c.req.method, header: (name) => c.req.header(name), ...(source === undefined ? {} : { source }) },
        { store: services.store, now, isOperatorToken, tokenFailures },
      );
      // A viewer's session reads only, whatever the endpoint (a developer's is limited by the handlers that need an owner).
      if (caller.kind === 'account' && caller.role === 'viewer' && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
        throw new AdminApiError('FORBIDDEN', ADMIN_MESSAGES.VIEWER_READS_ONLY);
      }
      const call: AdminCall = {
        caller,
        admin: createAccountAdmin(services.store, { now: services.now, plans: deps.plans }),
        store: services.store,
        now,
        request: c.req.raw,
        param: (name) => c.req.param(name) ?? '',
        query: (name) => c.req.query(name),
        audit(action, accountId, extra = {}) {
          deps.log(JSON.stringify({ level: 'info', msg: `admin: ${action}`, accountId, ...extra, by: caller.kind }));
        },
      };
      return await handler(call);
    } catch (error) {
      return failureResponse(error, c, deps.failureLog);
    }
  };

  for (const [path, handlers] of ROUTES) {
    const full = `${ADMIN_API_PREFIX}${path}`;
    for (const [method, handler] of Object.entries(handlers) as [Method, Handler][]) app.on(method, full, answer(handler));
    const allowed = Object.keys(handlers);
    app.all(full, () => adminErrorResponse(methodNotAllowed(allowed)));
  }
  const noPath = (c: Context): Response => adminErrorResponse(new AdminApiError('NOT_FOUND', deps.pathHint?.(c.req.path) ?? ADMIN_MESSAGES.NO_PATH));
  app.all(ADMIN_API_PREFIX, noPath);
  app.all(`${ADMIN_API_PREFIX}/*`, noPath);
}
