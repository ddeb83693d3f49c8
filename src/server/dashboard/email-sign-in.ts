/**
 * Sign-in by email (docs/service.md#dashboard): a member types an address at /dashboard/sign-in and
 * gets a mail with a one-time link per account it is a member of (one mail, however many
 * accounts: a chooser would need a page before the session). The links are the operator's links
 * (./sign-in.ts: 32 random bytes, SHA-256 at rest, 15 minutes, one use), naming the member.
 *
 * What a visitor learns is the same whether the address is a member or not: the request is
 * answered before the store is even asked (the work runs after the answer, {@link EmailSignIn.request}),
 * and the throttles count every address alike. Neither the address nor a link ever goes to a log
 * line: a failed mail is logged with its error code only (an SMTP error's text may quote the address).
 */
import { ROLE_NAMES } from './i18n/common.js';
import { SIGN_IN_MAIL } from './i18n/sign-in-mail.js';
import { ENGLISH, type Words } from './i18n/words.js';
import { loadOptionalPeer } from '../storage/optional-peer.js';
import { LOGIN_LINK_TTL_MS } from '../policy/sessions.js';
import type { Store } from '../storage/types.js';
import { normalizeEmail } from '../admin/members.js';
import { createLoginLink, loginPath } from './sign-in.js';

/** One mail: to one address, plain text. */
export interface SignInMail {
  to: string;
  subject: string;
  text: string;
}

/** Sends one mail; rejects when the mail server refuses it. */
export type MailSender = (mail: SignInMail) => Promise<void>;

/**
 * A sender over SMTP (nodemailer, an optional peer) to `smtpUrl` (smtp:// or smtps://, with a user
 * and password if the server wants them) from `from`. The library is loaded at the first mail.
 */
export function smtpMailSender(smtpUrl: string, from: string): MailSender {
  let transport: Promise<{ sendMail(mail: SignInMail & { from: string }): Promise<unknown> }> | undefined;
  return async (mail) => {
    transport ??= loadOptionalPeer('nodemailer', 'sign-in by email (--smtp-url)', () => import('nodemailer')).then((nodemailer) =>
      nodemailer.default.createTransport(smtpUrl),
    );
    await (await transport).sendMail({ from, ...mail });
  };
}

/** At most `limit` events per `windowMs` per key, counted in this process (a sliding window of their times). */
export interface Throttle {
  /** Counts an event of `key` at `now`; false (and not counted) when the key is over its limit. */
  take(key: string, now: number): boolean;
}

/** Keys kept at most: past this the oldest key is dropped, so a flood of addresses cannot grow the memory without end. */
const MAX_THROTTLE_KEYS = 50_000;

/** A {@link Throttle} of `limit` events per `windowMs`. */
export function createThrottle(limit: number, windowMs: number): Throttle {
  const events = new Map<string, number[]>();
  return {
    take(key, now) {
      const recent = (events.get(key) ?? []).filter((at) => at > now - windowMs);
      if (recent.length >= limit) {
        events.set(key, recent);
        return false;
      }
      recent.push(now);
      // Re-inserted, so that the map's first key is the one least recently counted.
      events.delete(key);
      events.set(key, recent);
      if (events.size > MAX_THROTTLE_KEYS) events.delete(events.keys().next().value as string);
      return true;
    },
  };
}

/** Links mailed per address per window, and sign-in requests per source address. */
export const SIGN_IN_LIMITS = { perAddress: 3, perSource: 20, windowMs: 15 * 60_000 } as const;

/** What {@link createEmailSignIn} needs. */
export interface EmailSignInOptions {
  /** Sends a mail. */
  send: MailSender;
  /** The service's address as its users reach it (`--public-url`): the links point there, never at a request's Host. */
  publicUrl: string;
  /** Writes a log line: never an address or a link. */
  log: (line: string) => void;
  /** The limits; default {@link SIGN_IN_LIMITS}. */
  limits?: { perAddress: number; perSource: number; windowMs: number };
}

/** Sign-in by email, as the sign-in page uses it. */
export interface EmailSignIn {
  /**
   * Takes a request for links to `text` (an address as typed) from `source` (the client's address),
   * and returns at once: the throttles are counted now, the store is asked and the mail sent after,
   * without the caller waiting. Nothing is sent for an address that is no member, malformed or over
   * its throttle, or from a source over its own. The mail is written in the language of `words`
   * (the sign-in page's; English when absent).
   */
  request(store: Store, text: string, source: string, now: Date, words?: Words): void;
  /** Resolves once every mail requested so far was sent or failed (tests, shutdown). */
  settled(): Promise<void>;
}

/** Sign-in by email over `options.send`. */
export function createEmailSignIn(options: EmailSignInOptions): EmailSignIn {
  const limits = options.limits ?? SIGN_IN_LIMITS;
  const perSource = createThrottle(limits.perSource, limits.windowMs);
  const perAddress = createThrottle(limits.perAddress, limits.windowMs);
  const base = options.publicUrl.replace(/\/+$/, '');
  const pending = new Set<Promise<void>>();

  async function mailLinks(store: Store, email: string, now: Date, words: Words): Promise<void> {
    const members = await store.members.findByEmail(email);
    if (members.length === 0) return;
    const lines: string[] = [];
    for (const member of members) {
      const account = await store.accounts.get(member.accountId);
      if (account === null) continue;
      const { token } = await createLoginLink(store, account.id, now, member.id);
      lines.push(words.say(SIGN_IN_MAIL.accountAs, { account: account.name, role: ROLE_NAMES[member.role] }), `${base}${loginPath(token)}`, '');
    }
    if (lines.length === 0) return;
    await options.send({
      to: email,
      subject: words.say(SIGN_IN_MAIL.subject),
      text: [words.say(SIGN_IN_MAIL.someoneAsked), '', ...lines, words.say(SIGN_IN_MAIL.linksLast, { minutes: LOGIN_LINK_TTL_MS / 60_000 }), ''].join('\n'),
    });
  }

  return {
    request(store, text, source, now, words = ENGLISH) {
      let email: string;
      try {
        email = normalizeEmail(text);
      } catch {
        return;
      }
      if (!perSource.take(source, now.getTime()) || !perAddress.take(email, now.getTime())) return;
      const work = mailLinks(store, email, now, words).catch((error: unknown) => {
        const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : 'unknown';
        options.log(JSON.stringify({ level: 'warn', msg: 'sign-in mail not sent', code }));
      });
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },
    async settled() {
      await Promise.all([...pending]);
    },
  };
}
