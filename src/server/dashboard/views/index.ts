/**
 * The dashboard's pages and the public status page: pure functions from a page model
 * (./models.ts) to a whole HTML document, every value escaped (./html.ts), no inline script or
 * style (the pages are sent with a strict Content-Security-Policy).
 */
export { renderAccountPage } from './account-page.js';
export { renderAccountsPage } from './accounts-page.js';
export { renderKeysPage } from './keys-page.js';
export { renderMessagePage } from './message-page.js';
export { renderCancelJobPage, renderRevokePage, renderRotatePage, renderSignOutEverywherePage, renderSuspendPage } from './confirm-page.js';
export { renderMembersPage } from './members-page.js';
export { renderStatusPage } from './status-page.js';
export { renderUsageLogPage } from './usage-log-page.js';
export type * from './models.js';
export { renderJobsPage } from './jobs-page.js';
export { renderJobPage } from './job-page.js';
export { renderWatchesPage } from './watches-page.js';
export { renderWebhooksPage } from './webhooks-page.js';
