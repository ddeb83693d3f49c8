import { describe, expect, it } from 'vitest';
/**
 * The confirmations before a destructive action, one layout for all: what will happen, a danger
 * button posting to the page's own URL with the CSRF token (and the action's hidden fields), a way
 * back; or, when done already, only the way back.
 */
import { renderCancelJobPage, renderRevokePage, renderRotatePage, renderSuspendPage } from '../../../../src/server/dashboard/views/index.js';
import { accountFrame, aJob, aKey, anAccount, anOverview, aWebhook, OPERATOR, postForms, textOf } from '../../../support/dashboard-views.js';

const id = anAccount().id;

describe('the revoke confirmation', () => {
  it('says what revoking does, and offers a Revoke button posting with the CSRF token and a Cancel link back to the keys', () => {
    const page = renderRevokePage(accountFrame(), { overview: anOverview(), key: aKey() });
    const text = textOf(page);
    expect(text).toContain('Revoke the key “checkout form” (vf_3kP9…), created 2026-11-01 08:30 UTC?');
    expect(text).toContain('Every request made with it from now on is refused with 401.');
    expect(text).toContain('This cannot be undone');
    const [, form] = postForms(page);
    expect(form).toMatch(new RegExp(`^<form method="post" action="/dashboard/accounts/${id}/keys/key-1/revoke"`));
    expect(form).toContain('<input type="hidden" name="_csrf" value="csrf-account-token">');
    expect(form).toContain('<button type="submit" class="danger">Revoke key</button>');
    expect(form).toContain(`<a href="/dashboard/accounts/${id}/keys" class="button secondary">Cancel</a>`);
  });

  it('offers nothing to do for a key revoked already', () => {
    const key = aKey({ status: 'revoked', revokedAt: new Date('2026-11-10T10:00:00Z') });
    const page = renderRevokePage(accountFrame(), { overview: anOverview(), key });
    expect(postForms(page)).toHaveLength(1);
    expect(textOf(page)).toContain('The key “checkout form” (vf_3kP9…) was revoked on 2026-11-10 10:00 UTC: there is nothing left to do. Back to the keys');
  });
});

describe('the rotation confirmation', () => {
  it('names the URL, says the current secret stops signing, and posts to its own URL with the CSRF token', () => {
    const page = renderRotatePage(accountFrame(), { overview: anOverview(), endpoint: aWebhook() });
    const text = textOf(page);
    expect(text).toContain('Make a new signing secret for the events sent to https://hooks.example.com/in?');
    expect(text).toContain('The current secret stops signing at once');
    expect(text).toContain('shown once, on the next page');
    const [, form] = postForms(page);
    expect(form).toMatch(new RegExp(`^<form method="post" action="/dashboard/accounts/${id}/webhooks/rotate"`));
    expect(form).toContain('<input type="hidden" name="_csrf" value="csrf-account-token">');
    expect(form).toContain('<button type="submit" class="danger">Rotate the secret</button>');
    expect(form).toContain(`<a href="/dashboard/accounts/${id}/webhooks" class="button secondary">Cancel</a>`);
  });
});

describe('the suspension confirmation', () => {
  it("says the keys are refused and nothing is deleted, and posts suspended=true with the operator's token", () => {
    const page = renderSuspendPage(OPERATOR, { overview: anOverview() });
    const text = textOf(page);
    expect(text).toContain('Suspend the account “Web shop”?');
    expect(text).toContain('refused (401 ACCOUNT_SUSPENDED) until you resume it');
    expect(text).toContain('Nothing is deleted');
    const [, form] = postForms(page);
    expect(form).toMatch(new RegExp(`^<form method="post" action="/dashboard/accounts/${id}/suspension"`));
    expect(form).toContain(`<input type="hidden" name="_csrf" value="${OPERATOR.csrfToken}">`);
    expect(form).toContain('<input type="hidden" name="suspended" value="true">');
    expect(form).toContain('<button type="submit" class="danger">Suspend account</button>');
    expect(form).toContain(`<a href="/dashboard/accounts/${id}" class="button secondary">Cancel</a>`);
  });

  it('offers nothing to do for an account suspended already', () => {
    const page = renderSuspendPage(OPERATOR, { overview: anOverview(anAccount({ suspendedAt: new Date('2026-11-20T10:15:00Z') })) });
    expect(postForms(page)).toHaveLength(1);
    expect(textOf(page)).toContain('The account “Web shop” was suspended on 2026-11-20 10:15 UTC: there is nothing left to do. Back to the account');
  });
});

describe('the job cancellation confirmation', () => {
  it('names the job and its progress, and posts to its own URL with the CSRF token', () => {
    const page = renderCancelJobPage(accountFrame(), { overview: anOverview(), job: aJob() });
    const text = textOf(page);
    expect(text).toContain('Cancel the job job_1 (running, 40 of 100 done), submitted 2026-11-26 13:00 UTC?');
    expect(text).toContain('No more of its values are validated or counted from now on.');
    const [, form] = postForms(page);
    expect(form).toMatch(new RegExp(`^<form method="post" action="/dashboard/accounts/${id}/jobs/job_1/cancel"`));
    expect(form).toContain('<input type="hidden" name="_csrf" value="csrf-account-token">');
    expect(form).toContain('<button type="submit" class="danger">Cancel job</button>');
    expect(form).toContain(`<a href="/dashboard/accounts/${id}/jobs" class="button secondary">Keep the job</a>`);
  });

  it('offers nothing to do for a job that ended', () => {
    const page = renderCancelJobPage(accountFrame(), { overview: anOverview(), job: aJob({ status: 'done', done: 100 }) });
    expect(postForms(page)).toHaveLength(1);
    expect(textOf(page)).toContain('The job job_1 has ended (done): there is nothing left to do. Back to the jobs');
  });
});
