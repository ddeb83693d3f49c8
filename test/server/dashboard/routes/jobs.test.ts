/**
 * The jobs page as an account sees it: its own jobs with status and counts, never another
 * account's; cancelling a running job from the page (its confirmation page, then a POST form
 * carrying the session's CSRF token: 303 back to the list), refused without the token, and 404 for
 * another account's job.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, forbiddenMessage } from '../../../../src/server/answers/errors.js';
import { KEY_REFUSALS } from '../../../../src/server/dashboard/i18n/jobs.js';
import { ENGLISH, wordsIn } from '../../../../src/server/dashboard/i18n/words.js';
import type { BatchJobRecord } from '../../../../src/server/storage/types.js';
import { getPage, postForm, useSignedInAccount } from '../../../support/dashboard.js';
import { queuedJob } from '../../../support/job-records.js';
import { createAccount } from '../../../support/server.js';

// No batch runner: the jobs the tests write stay queued until the page cancels them.
const fixture = useSignedInAccount('STARTER', { workers: false });

const jobsPath = (): string => `/dashboard/accounts/${fixture.account.id}/jobs`;

function aJob(accountId: string, id: string, overrides: Partial<BatchJobRecord> = {}): BatchJobRecord {
  return { ...queuedJob(accountId, 'key_test', 'vat', 3, fixture.server.clock.now()), id, ...overrides };
}

describe('the jobs page', () => {
  it('lists the account jobs with status and counts, and none of another account', async () => {
    const { store } = fixture.server;
    await store.batchJobs.create(aJob(fixture.account.id, 'job_mine_running'), ['LU26375245', 'LU00000000', 'x']);
    const other = await createAccount(store, 'STARTER');
    await store.batchJobs.create(aJob(other.id, 'job_of_other_account', { total: 1 }), ['LU26375245']);

    const page = await getPage(fixture.server.url, jobsPath(), fixture.browser);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.text).toContain('job_mine_running');
    expect(page.text).toContain('queued');
    expect(page.text).toContain('0 / 3');
    expect(page.text).not.toContain('job_of_other_account');
    // The values of a job are not on the page.
    expect(page.text).not.toContain('LU26375245');
    expect(page.text).toContain(`href="${jobsPath()}/job_mine_running/cancel"`);
    expect(page.text).not.toContain(`action="${jobsPath()}/job_mine_running/cancel"`);
  });

  it("serves a job's progress with its status word in the page's language, for the page's script", async () => {
    const progress = `${jobsPath()}/job_mine_running/progress`;
    const french = await getPage(fixture.server.url, progress, fixture.browser, { 'Accept-Language': 'fr' });
    expect(french.status).toBe(200);
    expect(JSON.parse(french.text)).toMatchObject({ id: 'job_mine_running', status: 'queued', statusText: 'en attente', done: 0, total: 3 });
    const english = await getPage(fixture.server.url, progress, fixture.browser);
    expect(JSON.parse(english.text)).toMatchObject({ status: 'queued', statusText: 'queued' });
    // The job's own page says the same word, in French too.
    const page = await getPage(fixture.server.url, `${jobsPath()}/job_mine_running`, fixture.browser, { 'Accept-Language': 'fr-FR,fr;q=0.9' });
    expect(page.text).toContain('<span class="status" data-job-status>en attente</span>');
    expect(page.text).toContain('<h2 id="job-progress-heading">Progression</h2>');
  });

  it('asks for confirmation first: the page names the job and posts to its own URL with the CSRF token, changing nothing', async () => {
    const confirm = await getPage(fixture.server.url, `${jobsPath()}/job_mine_running/cancel`, fixture.browser);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('job_mine_running');
    expect(confirm.text).toContain(`action="${jobsPath()}/job_mine_running/cancel"`);
    expect(confirm.text).toContain(`name="_csrf" value="${fixture.browser.csrf}"`);
    expect(confirm.text).toContain('Cancel job</button>');
    expect(confirm.text).toContain(`href="${jobsPath()}"`);
    expect((await fixture.server.store.batchJobs.get(fixture.account.id, 'job_mine_running'))?.status).toBe('queued');
  });

  it('refuses a cancellation without the CSRF token (403) and leaves the job running', async () => {
    const refused = await postForm(fixture.server.url, `${jobsPath()}/job_mine_running/cancel`, fixture.browser, { _csrf: null });
    expect(refused.status).toBe(403);
    expect((await fixture.server.store.batchJobs.get(fixture.account.id, 'job_mine_running'))?.status).toBe('queued');
    const wrong = await postForm(fixture.server.url, `${jobsPath()}/job_mine_running/cancel`, fixture.browser, { _csrf: 'not-the-token' });
    expect(wrong.status).toBe(403);
  });

  it("answers 404 for another account's job and changes nothing", async () => {
    const answer = await postForm(fixture.server.url, `${jobsPath()}/job_of_other_account/cancel`, fixture.browser);
    expect(answer.status).toBe(404);
    expect((await getPage(fixture.server.url, `${jobsPath()}/job_of_other_account/cancel`, fixture.browser)).status).toBe(404);
    const [other] = (await fixture.server.store.accounts.list()).filter((account) => account.id !== fixture.account.id);
    expect((await fixture.server.store.batchJobs.get(other?.id ?? '', 'job_of_other_account'))?.status).toBe('queued');
    // Nor is the other account's jobs page open to this session.
    expect((await getPage(fixture.server.url, `/dashboard/accounts/${other?.id ?? ''}/jobs`, fixture.browser)).status).toBe(404);
  });

  it('cancels with the token: 303 back to the list, the job cancelled, no cancel button any more; twice is a 409', async () => {
    const cancelled = await postForm(fixture.server.url, `${jobsPath()}/job_mine_running/cancel`, fixture.browser);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(jobsPath());
    expect((await fixture.server.store.batchJobs.get(fixture.account.id, 'job_mine_running'))?.status).toBe('cancelled');
    const page = await getPage(fixture.server.url, jobsPath(), fixture.browser);
    expect(page.text).toContain('cancelled');
    expect(page.text).not.toContain('/cancel"');
    expect((await postForm(fixture.server.url, `${jobsPath()}/job_mine_running/cancel`, fixture.browser)).status).toBe(409);
    // Its confirmation, asked again (back, or an old tab), says there is nothing left to do and offers no button.
    const confirm = await getPage(fixture.server.url, `${jobsPath()}/job_mine_running/cancel`, fixture.browser);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('has ended (cancelled): there is nothing left to do');
    expect(confirm.text).not.toContain('method="post" action="' + jobsPath());
  });

  it('sends nobody signed in to the sign-in page', async () => {
    const answer = await getPage(fixture.server.url, jobsPath(), null);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/dashboard');
  });
});

describe("the refusal of an upload's key", () => {
  it("is worded in English as the API words it, and in French in the page's language", () => {
    expect(ENGLISH.say(KEY_REFUSALS.invalid)).toBe(ERROR_MESSAGES.INVALID_API_KEY);
    expect(ENGLISH.say(KEY_REFUSALS.suspended)).toBe(ERROR_MESSAGES.ACCOUNT_SUSPENDED);
    expect(ENGLISH.say(KEY_REFUSALS.forbidden, { field: 'iban' })).toBe(forbiddenMessage('iban'));
    expect(wordsIn('fr').say(KEY_REFUSALS.forbidden, { field: 'iban' })).toBe('Cette clé d’API n’a pas le droit d’utiliser /validate/iban : elle a été créée sans la portée "iban"');
  });
});
