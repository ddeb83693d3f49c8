/**
 * What each dashboard page shows: the models the routes (../routes.ts) build from the account
 * administration (../../admin/service.ts) and the views render. Views are pure: a model in, a
 * whole HTML document out, every value escaped.
 */
import type { RegistryState } from '../../registries/overview.js';
import type { ViesStatusResponse } from '../../../ports.js';
import type { DayAvailability } from '../../../vat/reference/availability.js';
import type { AccountOverview, ListedKey, UsageByDay, WebhookSummary } from '../../admin/service.js';
import type { Words } from '../i18n/words.js';
import type { Wording } from '../i18n/phrase.js';
import type { BatchJobRecord, MemberRecord, MemberRole, UsageEntry, VatWatchRecord, WebhookAttempt, WebhookDelivery } from '../../storage/types.js';

/**
 * Who is signed in: the operator (every account) or one account (only its own pages), as a member
 * with its role, or as its owner by a link the operator made (`memberEmail` null).
 */
export type Viewer = { kind: 'operator' } | { kind: 'account'; accountId: string; accountName: string; role: MemberRole; memberEmail: string | null };

/** What every page needs: who is signed in (null: nobody), the session's CSRF token for its forms, and the page's language. */
export interface Frame {
  viewer: Viewer | null;
  /** The value of the hidden `_csrf` field of every form; '' when nobody is signed in. */
  csrfToken: string;
  /** How the page says things: the language the browser asked for (../i18n/). */
  words: Words;
}

/** GET /dashboard/accounts/{id}/members (owners and the operator): the members, the add form, each one's role and removal. */
export interface MembersPageModel {
  overview: AccountOverview;
  members: readonly MemberRecord[];
  /** What the last form did. */
  notice?: string;
  /** The add form (or a member's form) sent back with an error. */
  form?: FormState;
}

/** GET /dashboard/sign-in: the address form's CSRF token, or null when sign-in by email is not set up (no SMTP). */
export interface SignInPageModel {
  csrfToken: string | null;
}

/** A form sent back with what was wrong: the values typed (to fill the form again) and the message. */
export interface FormState {
  values: Readonly<Record<string, string>>;
  error: string;
}

/** GET /dashboard/accounts (operator): every account with plan and usage, and the form to create one. */
export interface AccountsPageModel {
  accounts: readonly AccountOverview[];
  /** The create form sent back with an error. */
  form?: FormState;
}

/** The days a usage chart may cover. */
export type ChartDays = 30 | 90;

/**
 * GET /dashboard/accounts/{id}: plan, billing period and reset day, used / remaining / overage,
 * the daily chart, the VAT number form; for the operator also the plan and suspension forms.
 */
export interface AccountPageModel {
  overview: AccountOverview;
  usage: UsageByDay;
  days: ChartDays;
  /** A line saying what the last form did (e.g. "Plan changed to GROWTH"). */
  notice?: string;
  /** One of the page's forms sent back with an error; `form` names which ('plan' | 'suspension' | 'vat-number'). */
  failed?: FormState & { form: string };
  /** The operator's: a sign-in link just made for the account (`?reveal=`), shown once; null: asked again, shown no more. */
  signInLink?: string | null;
}

/** GET /dashboard/accounts/{id}/keys: the keys and the create form; after a creation (`?reveal=`), the key shown once. */
export interface KeysPageModel {
  overview: AccountOverview;
  keys: readonly ListedKey[];
  /** The key just created: shown once with a copy button, never again. */
  created?: { key: string; name: string };
  /** A `?reveal=` whose key is not shown (shown already, expired, another session's): the page says so. */
  shownBefore?: boolean;
  form?: FormState;
}

/** GET /dashboard/accounts/{id}/keys/{keyId}/revoke: the confirmation before revoking. */
export interface RevokePageModel {
  overview: AccountOverview;
  key: ListedKey;
}

/** GET /dashboard/accounts/{id}/webhooks/rotate: the confirmation before a new signing secret. */
export interface RotatePageModel {
  overview: AccountOverview;
  endpoint: WebhookSummary;
}

/** GET /dashboard/accounts/{id}/suspension (operator): the confirmation before suspending. */
export interface SuspendPageModel {
  overview: AccountOverview;
}

/** GET /dashboard/accounts/{id}/jobs/{jobId}/cancel: the confirmation before cancelling a job. */
export interface CancelJobPageModel {
  overview: AccountOverview;
  job: BatchJobRecord;
}

/** The usage log's filter as the page's form holds it. */
export interface LogFilter {
  field?: string;
  verdict?: 'valid' | 'invalid';
  /** A status class (`2xx`, `4xx`, `5xx`) or one status (`429`). */
  status?: string;
  /** UTC day, YYYY-MM-DD. */
  day?: string;
}

/** GET /dashboard/accounts/{id}/usage: the usage log (values as stored: personal numbers masked), filtered. */
export interface UsageLogPageModel {
  overview: AccountOverview;
  entries: readonly UsageEntry[];
  /** The account's keys, to show each entry's key by name. */
  keys: readonly ListedKey[];
  filter: LogFilter;
  /** Days the log keeps its entries (the service's `usageLogDays`). */
  keptDays: number;
  /** `before` of the next page (a position of logPosition), null on the last page. */
  nextBefore: string | null;
  /** The filter was refused: why. */
  error?: string;
}

/** GET /dashboard/accounts/{id}/jobs: the account's newest jobs, each running one with its cancel button. */
export interface JobsPageModel {
  overview: AccountOverview;
  jobs: readonly BatchJobRecord[];
  /** The account's live keys, which the upload form offers to run a job under. */
  keys: readonly ListedKey[];
  /** What the last form did (e.g. "Job … cancelled"). */
  notice?: string;
  /** The upload refused: the values chosen and why. */
  form?: FormState;
}

/** GET /dashboard/accounts/{id}/jobs/{jobId}: one job's progress, its cancel link and its downloads. */
export interface JobPageModel {
  overview: AccountOverview;
  job: BatchJobRecord;
}

/** GET /dashboard/accounts/{id}/watches: the account's watched VAT numbers with their last known verdict. */
export interface WatchesPageModel {
  overview: AccountOverview;
  watches: readonly VatWatchRecord[];
}

/** GET /dashboard/accounts/{id}/webhooks: the URL, the forms to set it and rotate the secret, the last deliveries. */
export interface WebhooksPageModel {
  overview: AccountOverview;
  /** The account's webhook and what its last attempts say; null when none is set. */
  endpoint: WebhookSummary | null;
  deliveries: ReadonlyArray<WebhookDelivery & { log: readonly WebhookAttempt[] }>;
  /** The secret just made (URL set or secret rotated), taken by `?reveal=`: shown on this page once, never again. */
  secret?: string;
  /** A `?reveal=` whose secret is not shown (shown already, expired, another session's): the page says so. */
  shownBefore?: boolean;
  /** The URL form sent back with what was wrong. */
  form?: FormState;
}

export type { DayAvailability } from '../../../vat/reference/availability.js';

/** GET /status (public): per member state, the window's availability by day, now, and who decided it. */
export interface StatusPageModel {
  report: ViesStatusResponse;
  /** Per country code, one entry per day of the window, oldest first. */
  daily: ReadonlyMap<string, readonly DayAvailability[]>;
  /** When the VAT rates served were fetched (ISO time); null: none yet. */
  ratesFetchedAt: string | null;
  /** The member states without VAT rates, in code order (statesWithoutRates of src/vat/reference/rates.ts). */
  statesWithoutRates: readonly string[];
  /** Every VAT registry, whether the service asks it, and its failing prefixes (src/server/registries/overview.ts). */
  registries: readonly RegistryState[];
  /** The time the page was made. */
  now: Date;
}

/** A page that only says something: sign-in help, a refused link, not found, forbidden. */
export interface MessagePageModel {
  title: Wording;
  /** Paragraphs of text (escaped like everything else). */
  paragraphs: readonly Wording[];
  /** Where the browser goes on to at once, with a link saying so (the page after signing in). */
  goOnTo?: { path: string; label: Wording };
  /** A link after the paragraphs (the sign-in page, from the dashboard's entry). */
  link?: { path: string; label: Wording };
}
