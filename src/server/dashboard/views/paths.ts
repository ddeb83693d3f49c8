/**
 * The dashboard's URLs (the routes in ../routes/ answer them), each path segment from a value
 * percent-encoded, so that an id can never leave its segment.
 */
import type { LogFilter } from './models.js';

/** The dashboard's entry: sign-in help, or a redirect to the viewer's first page. */
export const DASHBOARD_PATH = '/dashboard';
/** The sign-in page (GET) and its address form (POST). */
export const SIGN_IN_PATH = '/dashboard/sign-in';
/** Where the address form leads: "check your mail", the same for every address. */
export const SIGN_IN_SENT_PATH = '/dashboard/sign-in/sent';
/** POST ends the session. */
export const LOGOUT_PATH = '/dashboard/logout';
/** The operator's list of accounts (GET) and account creation (POST). */
export const ACCOUNTS_PATH = '/dashboard/accounts';
/** The public VIES status page. */
export const STATUS_PATH = '/status';

/** Where an asset of ../assets/ is served. */
export function assetPath(file: string): string {
  return `/dashboard/assets/${file}`;
}

/** An account's overview; `days` chooses the chart's days. */
export function accountPath(accountId: string, days?: number): string {
  return `${ACCOUNTS_PATH}/${encodeURIComponent(accountId)}${days === undefined ? '' : `?days=${days}`}`;
}

/** One of the overview's forms: `plan`, `suspension` or `vat-number` (the suspension's GET is its confirmation). */
export function accountFormPath(accountId: string, form: 'plan' | 'suspension' | 'vat-number'): string {
  return `${accountPath(accountId)}/${form}`;
}

/** An account's suspension: the confirmation (GET) and the suspension or resumption (POST). */
export function suspendPath(accountId: string): string {
  return accountFormPath(accountId, 'suspension');
}

/** An account's keys (GET; `?reveal=` shows a new key once) and key creation (POST). */
export function keysPath(accountId: string): string {
  return `${accountPath(accountId)}/keys`;
}

/** A key's revocation: the confirmation (GET) and the revocation (POST). */
export function revokePath(accountId: string, keyId: string): string {
  return `${keysPath(accountId)}/${encodeURIComponent(keyId)}/revoke`;
}

/** The query of a usage log filter (and `before`), with its `?`, or '' when there is none. */
function logQuery(filter: LogFilter, before?: string): string {
  const query = new URLSearchParams();
  if (filter.field !== undefined) query.set('field', filter.field);
  if (filter.verdict !== undefined) query.set('verdict', filter.verdict);
  if (filter.status !== undefined) query.set('status', filter.status);
  if (filter.day !== undefined) query.set('day', filter.day);
  if (before !== undefined) query.set('before', before);
  const search = query.toString();
  return search === '' ? '' : `?${search}`;
}

/** An account's usage log with a filter and, for the next page, `before` (ISO time). */
export function usagePath(accountId: string, filter: LogFilter = {}, before?: string): string {
  return `${accountPath(accountId)}/usage${logQuery(filter, before)}`;
}

/** An account's usage log as CSV, every entry of the filter. */
export function usageCsvPath(accountId: string, filter: LogFilter = {}): string {
  return `${accountPath(accountId)}/usage.csv${logQuery(filter)}`;
}

/** An account's batch jobs. */
export function jobsPath(accountId: string): string {
  return `${accountPath(accountId)}/jobs`;
}

/** One job of an account: its progress, cancel and downloads. */
export function jobPath(accountId: string, jobId: string): string {
  return `${jobsPath(accountId)}/${encodeURIComponent(jobId)}`;
}

/** A job's progress as JSON, which the job page's script polls (../assets/dashboard.js). */
export function jobProgressPath(accountId: string, jobId: string): string {
  return `${jobPath(accountId, jobId)}/progress`;
}

/** A job's answered lines to download: NDJSON or CSV, as GET /api/v1/jobs/{id}/results answers them. */
export function jobResultsPath(accountId: string, jobId: string, format: 'ndjson' | 'csv'): string {
  return `${jobPath(accountId, jobId)}/results.${format}`;
}

/** A job's cancellation: the confirmation (GET) and the cancellation (POST). */
export function cancelJobPath(accountId: string, jobId: string): string {
  return `${jobsPath(accountId)}/${encodeURIComponent(jobId)}/cancel`;
}

/** An account's watched VAT numbers. */
export function watchesPath(accountId: string): string {
  return `${accountPath(accountId)}/watches`;
}

/** An account's webhook: the page (GET; `?reveal=` shows a new secret once), its URL set (POST). */
export function webhooksPath(accountId: string): string {
  return `${accountPath(accountId)}/webhooks`;
}

/** The webhook secret's rotation: the confirmation (GET) and the rotation (POST). */
export function rotateWebhookPath(accountId: string): string {
  return `${webhooksPath(accountId)}/rotate`;
}

/** An account's members (GET; owners and the operator) and the add form (POST). */
export function membersPath(accountId: string): string {
  return `${accountPath(accountId)}/members`;
}

/** A member's role (POST) or removal (POST `remove`). */
export function memberPath(accountId: string, memberId: string, action: 'role' | 'remove'): string {
  return `${membersPath(accountId)}/${encodeURIComponent(memberId)}/${action}`;
}

/** Sign out everywhere: the confirmation (GET) and the end of every session of the account (POST). */
export function signOutEverywherePath(accountId: string): string {
  return `${accountPath(accountId)}/sign-out-everywhere`;
}

/** The operator's sign-in link for an account (POST): the link is shown once on the overview. */
export function signInLinkPath(accountId: string): string {
  return `${accountPath(accountId)}/sign-in-link`;
}
