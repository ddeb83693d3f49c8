/**
 * Page models for the view tests, made of the admin service's types with fixed times, and readers
 * of a rendered page: its text as a person reads it, its tags, and what a strict CSP would refuse.
 */
import { expect } from 'vitest';
import type { AccountOverview, ListedKey, WebhookSummary } from '../../src/server/admin/service.js';
import { billingPeriod, PLANS } from '../../src/server/policy/plans.js';
import type { Account, BatchJobRecord, MemberRole, UsageEntry } from '../../src/server/storage/types.js';
import type { Frame } from '../../src/server/dashboard/views/models.js';
import { ENGLISH, type Words } from '../../src/server/dashboard/i18n/words.js';
import { queuedJob } from './job-records.js';

/** The time the pages are made at. */
export const NOW = new Date('2026-11-26T14:03:27Z');

/** Values a user could type that must come out as text. */
export const HOSTILE = {
  accountName: '<script>alert(1)</script>',
  keyName: `"quoted" 'key' & <b>bold</b>`,
  logValue: '<img src=x onerror=alert(1)>',
} as const;

/** An account, GROWTH by default. */
export function anAccount(change: Partial<Account> = {}): Account {
  return {
    id: '6f1c2d3e-0000-4000-8000-000000000001',
    name: 'Web shop',
    plan: 'GROWTH',
    subscriptionStart: '2026-03-15',
    vatNumber: null,
    createdAt: new Date('2026-03-15T09:00:00Z'),
    suspendedAt: null,
    watchIntervalMs: null,
    ...change,
  };
}

/** The overview of `account` with `used` validations in the current period, as the admin service computes it. */
export function anOverview(account: Account = anAccount(), used = 1234): AccountOverview {
  const limits = PLANS[account.plan];
  return {
    account,
    period: billingPeriod(account.subscriptionStart, NOW),
    used,
    quota: limits.quota,
    remaining: Math.max(0, limits.quota - used),
    overage: limits.blocksOverQuota ? 0 : Math.max(0, used - limits.quota),
    limits,
  };
}

/** A live key of `accountId`. */
export function aKey(change: Partial<ListedKey> = {}): ListedKey {
  return {
    id: 'key-1',
    accountId: anAccount().id,
    name: 'checkout form',
    displayPrefix: 'vf_3kP9',
    scopes: ['vat', 'iban', 'email', 'phone', 'nif', 'nas', 'ssn'],
    allFields: true,
    expiresAt: null,
    revokedAt: null,
    createdAt: new Date('2026-11-01T08:30:00Z'),
    status: 'live',
    lastUsedAt: new Date('2026-11-26T13:59:00Z'),
    ...change,
  };
}

/** The webhook of the account: set, never failed. */
export function aWebhook(change: Partial<WebhookSummary> = {}): WebhookSummary {
  return {
    url: 'https://hooks.example.com/in',
    updatedAt: new Date('2026-11-02T10:00:00Z'),
    destination: { failures: 0, pausedSince: null, lastError: null, lastAttemptAt: null, nextProbeAt: null },
    ...change,
  };
}

/** A running job of the account, 40 of 100 values done. */
export function aJob(change: Partial<BatchJobRecord> = {}): BatchJobRecord {
  const createdAt = new Date('2026-11-26T13:00:00Z');
  return { ...queuedJob(anAccount().id, 'key-1', 'vat', 100, createdAt), id: 'job_1', status: 'running', done: 40, valid: 30, invalid: 10, startedAt: createdAt, ...change };
}

/** A usage log entry of key-1. */
export function anEntry(change: Partial<UsageEntry> = {}): UsageEntry {
  return {
    requestId: 'request-1',
    accountId: anAccount().id,
    keyId: 'key-1',
    periodStart: '2026-11-15',
    endpoint: 'iban',
    value: 'DE89 3704 0044 0532 0130 00',
    valid: true,
    status: 200,
    latencyMs: 3,
    sdk: null,
    at: new Date('2026-11-26T13:59:12Z'),
    ...change,
  };
}

/** The operator signed in. */
export const OPERATOR: Frame = { viewer: { kind: 'operator' }, csrfToken: 'csrf-operator-token', words: ENGLISH };

/** `account` signed in, as its owner by an operator's link unless `role` says otherwise. */
export function accountFrame(account: Account = anAccount(), role: MemberRole = 'owner', words: Words = ENGLISH): Frame {
  const memberEmail = role === 'owner' ? null : `${role}@example.com`;
  return { viewer: { kind: 'account', accountId: account.id, accountName: account.name, role, memberEmail }, csrfToken: 'csrf-account-token', words };
}

/** Nobody signed in. */
export const NOBODY: Frame = { viewer: null, csrfToken: '', words: ENGLISH };

const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Text with the escapes of the views undone. */
export function unescaped(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] as string);
}

/** Elements that start a new line or cell: their tags read as a space, other tags (strong, code, time, a…) as nothing. */
const BLOCK = /^<\/?(?:p|div|section|header|footer|main|nav|ul|ol|li|dl|dt|dd|table|caption|thead|tbody|tfoot|tr|th|td|h[1-6]|form|fieldset|legend|label|input|select|option|button|details|summary|figure|figcaption|svg|br)\b/i;

/** The text a person reads in `page` (the body's, the head left out), whitespace collapsed. */
export function textOf(page: string): string {
  const body = page.includes('<body') ? page.slice(page.indexOf('<body')) : page;
  return unescaped(body.replace(/<(script|style|title|desc)\b[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]*>/g, (tag) => (BLOCK.test(tag) ? ' ' : '')))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every start tag of `page`, e.g. `<input type="hidden" …>`. */
export function tagsOf(page: string): string[] {
  return [...page.matchAll(/<[a-zA-Z][^>]*>/g)].map((match) => match[0]);
}

/** The names of a start tag's attributes (their quoted values, which may hold anything escaped, left out). */
export function attributeNames(tag: string): string[] {
  return [...tag.replace(/"[^"]*"/g, '').matchAll(/\s([^\s=>/]+)/g)].map((match) => (match[1] as string).toLowerCase());
}

/** What a Content-Security-Policy without 'unsafe-inline' would refuse in `page`: inline scripts, inline styles, event handler attributes, javascript: URLs. */
export function inlineCode(page: string): string[] {
  return tagsOf(page).filter(
    (tag) =>
      (/^<script\b/i.test(tag) && !attributeNames(tag).includes('src')) ||
      /^<style\b/i.test(tag) ||
      attributeNames(tag).some((name) => name === 'style' || name.startsWith('on')) ||
      /\s(?:href|src|action)="\s*javascript:/i.test(tag),
  );
}

/** The forms of `page` that post, each as its opening tag and content. */
export function postForms(page: string): string[] {
  return [...page.matchAll(/<form\b[^>]*method="post"[^>]*>[\s\S]*?<\/form>/g)].map((match) => match[0]);
}

/** Expects `page` to contain every one of `parts`; a failure names the part missing. */
export function expectContainsAll(page: string, parts: readonly string[]): void {
  for (const part of parts) expect(page, part).toContain(part);
}
