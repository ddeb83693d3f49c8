/**
 * The integrator's own blocklist for `verifyEmail`: domains (which block their subdomains too)
 * and full addresses. An address it blocks answers "Domain reputation is blocked".
 */
import { checkEmailSyntax } from './syntax.js';

/** A compiled blocklist; make one with {@link createEmailBlocklist}. */
export interface EmailBlocklist {
  /**
   * Whether the address `localPart@domain` is blocked. `domain` is lower-case ASCII, as
   * `checkEmailSyntax` returns it.
   */
  blocks(localPart: string, domain: string): boolean;
}

/** Letters, digits and hyphens: a single label such as a TLD (`xyz`), which the syntax check refuses alone. */
const SINGLE_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** The local part without a `+tag` subaddress, lower-case: how a mailbox is compared. */
function mailboxOf(localPart: string): string {
  const plus = localPart.indexOf('+');
  return (plus > 0 ? localPart.slice(0, plus) : localPart).toLowerCase();
}

function domainEntry(entry: string): string {
  let text = entry;
  if (text.startsWith('@')) text = text.slice(1);
  else if (text.startsWith('*.')) text = text.slice(2);
  else if (text.startsWith('.')) text = text.slice(1);
  if (text.endsWith('.')) text = text.slice(0, -1);
  const lower = text.toLowerCase();
  if (SINGLE_LABEL.test(lower)) return lower;
  // The syntax check maps the entry exactly as it maps addresses (case, IDN to punycode).
  const parsed = checkEmailSyntax(`blocklist@${text}`);
  if (!parsed.valid) throw new RangeError(`Blocklist entry is neither a domain nor an email address: ${JSON.stringify(entry)}`);
  return parsed.domain;
}

/**
 * Compiles a blocklist once, for reuse across `verifyEmail` calls. Entries:
 * - a domain (`spam.example`, also written `@spam.example` or `*.spam.example`) blocks that
 *   domain and every domain under it (`mail.spam.example`); a single label (`xyz`) blocks a TLD;
 * - an address (`jane@example.com`) blocks that mailbox, compared without case and without a
 *   `+tag` subaddress (`Jane+shop@example.com` is blocked too).
 * Blank entries are skipped; anything else throws a RangeError naming the entry, so a typo in
 * the list is found when the list is loaded.
 *
 * @example
 * ```ts
 * const blocklist = createEmailBlocklist(['spam.example', 'fraudster@gmail.com']);
 * blocklist.blocks('anyone', 'mx.spam.example'); // true
 * blocklist.blocks('Fraudster+1', 'gmail.com'); // true
 * ```
 */
export function createEmailBlocklist(entries: Iterable<string>): EmailBlocklist {
  const domains = new Set<string>();
  const mailboxes = new Set<string>();
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === '') continue;
    if (entry.indexOf('@') > 0) {
      const parsed = checkEmailSyntax(entry);
      if (!parsed.valid) throw new RangeError(`Blocklist entry is not a valid email address: ${JSON.stringify(raw)}`);
      mailboxes.add(`${mailboxOf(parsed.localPart)}@${parsed.domain}`);
    } else {
      domains.add(domainEntry(entry));
    }
  }
  return {
    blocks(localPart: string, domain: string): boolean {
      if (domains.size > 0) {
        let start = 0;
        for (;;) {
          if (domains.has(start === 0 ? domain : domain.slice(start))) return true;
          const dot = domain.indexOf('.', start);
          if (dot < 0) break;
          start = dot + 1;
        }
      }
      return mailboxes.size > 0 && mailboxes.has(`${mailboxOf(localPart)}@${domain}`);
    },
  };
}

/**
 * The blocklist of `verifyEmail`'s options as a compiled one: a compiled blocklist as it is, a
 * list (or a single entry) compiled now, none when absent.
 */
export function compileBlocklistOption(blocklist: EmailBlocklist | Iterable<string> | undefined | null): EmailBlocklist | null {
  if (blocklist === undefined || blocklist === null) return null;
  if (typeof blocklist === 'string') return createEmailBlocklist([blocklist]);
  if (typeof (blocklist as Partial<EmailBlocklist>).blocks === 'function') return blocklist as EmailBlocklist;
  return createEmailBlocklist(blocklist as Iterable<string>);
}
