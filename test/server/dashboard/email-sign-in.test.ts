/**
 * Sign-in by email over real HTTP, with a loopback SMTP server (smtp-server on 127.0.0.1:0) that
 * receives the mail: the link in it signs the member in, with its role; an unknown address gets the
 * same answer (status, body, headers) and no mail; the throttles per address and per source send
 * nothing more and answer the same; the form needs the token of this browser's sign-in page; the
 * mail and the link never reach a log line; without SMTP the page says to ask the operator.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Account } from '../../../src/server/storage/types.js';
import { getPage, postForm, sessionCookieOf, startDashboardServer, testClock, type DashboardServer, type PageAnswer } from '../../support/dashboard.js';
import { createAccount } from '../../support/server.js';
import { startSmtpFake, type ReceivedMail, type SmtpFake } from '../../support/fakes/smtp.js';

let smtp: SmtpFake;
let mails: ReceivedMail[];
let server: DashboardServer;
let account: Account;
let other: Account;
const PUBLIC = 'https://verifield.example.test';

beforeAll(async () => {
  smtp = await startSmtpFake();
  mails = smtp.mails;
  server = await startDashboardServer(testClock(new Date()), { smtpUrl: smtp.url, smtpFrom: 'verifield <no-reply@example.test>', publicUrl: PUBLIC });
  account = await createAccount(server.store, 'STARTER');
  other = await createAccount(server.store, 'FREE');
}, 60_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** A browser before sign-in: the sign-in page's pre-session cookie and its form's token. */
async function openSignInPage(base = server.url): Promise<{ cookie: string; csrf: string; page: PageAnswer }> {
  const page = await getPage(base, '/dashboard/sign-in');
  expect(page.status).toBe(200);
  const cookie = page.headers.getSetCookie().map((c) => c.split(';')[0] as string).find((c) => c.startsWith('verifield_sign_in=')) ?? '';
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
  return { cookie, csrf, page };
}

async function ask(email: string, headers: Record<string, string> = {}): Promise<PageAnswer> {
  const { cookie, csrf } = await openSignInPage();
  const answer = await fetch(`${server.url}/dashboard/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, ...headers },
    body: new URLSearchParams({ _csrf: csrf, email }).toString(),
  });
  return { status: answer.status, headers: answer.headers, text: await answer.text() };
}

/** Waits until `count` mails arrived (or fails after 10 s). */
async function mailsArrived(count: number): Promise<ReceivedMail[]> {
  const deadline = Date.now() + 10_000;
  while (mails.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(mails.length).toBeGreaterThanOrEqual(count);
  return mails;
}

/** The text a mail reader shows: the body after the headers, quoted-printable decoded when it says so. */
function bodyOf(mail: ReceivedMail): string {
  const split = mail.text.indexOf('\r\n\r\n');
  const headers = mail.text.slice(0, split);
  const body = mail.text.slice(split + 4);
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return body;
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The links a mail holds. */
async function linksIn(mail: ReceivedMail): Promise<string[]> {
  return [...bodyOf(mail).matchAll(/https:\/\/verifield\.example\.test\/dashboard\/login\/[A-Za-z0-9_-]{43}/g)].map((m) => m[0]);
}

/** What an answer shows a visitor, without what differs by request anyway (Date). */
function visible(answer: PageAnswer): { status: number; body: string; headers: string[] } {
  const headers: string[] = [];
  answer.headers.forEach((value, name) => {
    if (name !== 'date') headers.push(`${name}: ${value}`);
  });
  return { status: answer.status, body: answer.text, headers: headers.sort() };
}

describe('GET /dashboard/sign-in', () => {
  it('shows the address form with a token bound to a short-lived pre-session cookie', async () => {
    const { cookie, csrf, page } = await openSignInPage();
    expect(page.text).toContain('<form method="post" action="/dashboard/sign-in"');
    expect(page.text).toContain('type="email"');
    expect(cookie).toMatch(/^verifield_sign_in=[A-Za-z0-9_-]{43}$/);
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const set = page.headers.getSetCookie().find((c) => c.startsWith('verifield_sign_in=')) ?? '';
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Strict');
    expect(set).toContain('Path=/dashboard/sign-in');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});

describe('POST /dashboard/sign-in', () => {
  it('mails a member a link that signs in as that member, and answers 303 to the check-your-mail page', async () => {
    const member = await server.store.members.add({ id: crypto.randomUUID(), accountId: account.id, email: 'dev@shop.example', role: 'developer', createdAt: new Date() });
    const before = mails.length;
    const answer = await ask('  DEV@Shop.Example ');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/dashboard/sign-in/sent');
    const sent = await getPage(server.url, '/dashboard/sign-in/sent');
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('Check your mail');
    const mail = (await mailsArrived(before + 1))[before] as ReceivedMail;
    expect(mail.to).toBe('dev@shop.example');
    const links = await linksIn(mail);
    expect(links).toHaveLength(1);
    const opened = await fetch((links[0] as string).replace(PUBLIC, server.url), { redirect: 'manual' });
    expect(opened.status).toBe(200);
    const cookie = sessionCookieOf(opened.headers) as string;
    const session = await server.store.sessions.find(
      (await import('../../../src/server/dashboard/session.js')).tokenHash(cookie.slice('verifield_session='.length)),
    );
    expect(session).toMatchObject({ accountId: account.id, memberId: member?.id });
    expect((await getPage(server.url, `/dashboard/accounts/${account.id}`, { cookie, csrf: '' })).status).toBe(200);
    // Used once.
    expect((await fetch((links[0] as string).replace(PUBLIC, server.url), { redirect: 'manual' })).status).toBe(400);
  });

  it('mails a member of two accounts one link per account', async () => {
    for (const [target, role] of [
      [account, 'viewer'],
      [other, 'owner'],
    ] as const) {
      await server.store.members.add({ id: crypto.randomUUID(), accountId: target.id, email: 'both@shop.example', role, createdAt: new Date() });
    }
    const before = mails.length;
    expect((await ask('both@shop.example')).status).toBe(303);
    const mail = (await mailsArrived(before + 1))[before] as ReceivedMail;
    const text = bodyOf(mail);
    expect(await linksIn(mail)).toHaveLength(2);
    expect(text).toContain(`${account.name} (as viewer):`);
    expect(text).toContain(`${other.name} (as owner):`);
  });

  it('writes the mail in the language of the browser that asked', async () => {
    await server.store.members.add({ id: crypto.randomUUID(), accountId: account.id, email: 'de@shop.example', role: 'viewer', createdAt: new Date() });
    const before = mails.length;
    expect((await ask('de@shop.example', { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.5' })).status).toBe(303);
    const text = bodyOf((await mailsArrived(before + 1))[before] as ReceivedMail);
    expect(text).toContain('Jemand, vermutlich Sie, hat die Anmeldung am verifield-Dashboard mit dieser Adresse angefordert.');
    expect(text).toContain(`${account.name} (als Betrachter):`);
    expect(text).toContain('Jeder Link funktioniert einmal, innerhalb von 15 Minuten.');
    expect(text).not.toContain('Someone, probably you');
  });

  it('answers an unknown address exactly as a member, and sends it nothing', async () => {
    await server.store.members.add({ id: crypto.randomUUID(), accountId: account.id, email: 'known@shop.example', role: 'viewer', createdAt: new Date() });
    const before = mails.length;
    const unknown = await ask('nobody@shop.example');
    const known = await ask('known@shop.example');
    expect(visible(unknown)).toEqual(visible(known));
    const malformed = await ask('not an address');
    expect(visible(malformed)).toEqual(visible(known));
    await mailsArrived(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mails.slice(before).map((m) => m.to)).toEqual(['known@shop.example']);
  });

  it('sends at most 3 links per address per 15 minutes, answering the same after', async () => {
    await server.store.members.add({ id: crypto.randomUUID(), accountId: account.id, email: 'eager@shop.example', role: 'viewer', createdAt: new Date() });
    const before = mails.length;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(visible(await ask('eager@shop.example', { 'X-Test-Source': String(i) })));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    await mailsArrived(before + 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mails.slice(before).filter((m) => m.to === 'eager@shop.example')).toHaveLength(3);
  });

  it('refuses a form without the token of this browser\'s sign-in page (403), and sends nothing', async () => {
    await server.store.members.add({ id: crypto.randomUUID(), accountId: account.id, email: 'csrf@shop.example', role: 'viewer', createdAt: new Date() });
    const before = mails.length;
    const { cookie } = await openSignInPage();
    const { csrf: othersToken } = await openSignInPage();
    for (const [headers, fields] of [
      [{ Cookie: cookie }, { email: 'csrf@shop.example' }],
      [{ Cookie: cookie }, { email: 'csrf@shop.example', _csrf: othersToken }],
      [{}, { email: 'csrf@shop.example', _csrf: othersToken }],
    ] as const) {
      const answer = await fetch(`${server.url}/dashboard/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields).toString(),
      });
      expect(answer.status).toBe(403);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mails.length).toBe(before);
  });

  it('never writes the address or a link to the log', () => {
    const logged = server.logs.join('\n');
    for (const text of ['shop.example', '/dashboard/login/', 'both@', 'dev@']) expect(logged).not.toContain(text);
  });
});

describe('throttle per source address', () => {
  it('sends nothing more to any address from a source past 20 requests in 15 minutes, answering the same', async () => {
    const limited = await startDashboardServer(testClock(new Date()), {
      smtpUrl: smtp.url,
      publicUrl: PUBLIC,
    });
    onTestFinished(() => limited.close());
    const target = await createAccount(limited.store, 'FREE');
    await limited.store.members.add({ id: crypto.randomUUID(), accountId: target.id, email: 'late@shop.example', role: 'owner', createdAt: new Date() });
    const { cookie, csrf } = await openSignInPage(limited.url);
    const post = async (email: string) => {
      const answer = await fetch(`${limited.url}/dashboard/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
        body: new URLSearchParams({ _csrf: csrf, email }).toString(),
      });
      return { status: answer.status, location: answer.headers.get('location') };
    };
    for (let i = 0; i < 20; i++) expect(await post(`stranger${i}@shop.example`)).toEqual({ status: 303, location: '/dashboard/sign-in/sent' });
    const before = mails.length;
    expect(await post('late@shop.example')).toEqual({ status: 303, location: '/dashboard/sign-in/sent' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mails.slice(before).filter((m) => m.to === 'late@shop.example')).toEqual([]);
  });
});

describe('without SMTP', () => {
  it('the sign-in page says to ask the operator, and has no form', async () => {
    const plain = await startDashboardServer();
    onTestFinished(() => plain.close());
    const page = await getPage(plain.url, '/dashboard/sign-in');
    expect(page.status).toBe(200);
    expect(page.text).toContain('ask its operator for a one-time sign-in link');
    expect(page.text).not.toContain('<form method="post" action="/dashboard/sign-in"');
    expect(page.headers.getSetCookie()).toEqual([]);
    expect((await postForm(plain.url, '/dashboard/sign-in', null, { email: 'a@shop.example' })).status).toBe(303);
  });
});
