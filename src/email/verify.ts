/**
 * `verifyEmail`: the offline signals of `validateEmail` plus what DNS (mail-dns.ts), RDAP
 * (domain-age.ts) and the integrator's blocklist (blocklist.ts) say, answered by the same result
 * builder (result.ts) and risk model (risk.ts) as `validateEmail`. It knows only the ports
 * (src/ports.ts), so it runs wherever the caller can supply a DnsResolver.
 */
import type { DnsResolver, DomainAgeSource } from '../ports.js';
import { requireString, type EmailValidationResult } from '../result.js';
import { compileBlocklistOption, type EmailBlocklist } from './blocklist.js';
import { domainAgeDays } from './domain-age.js';
import { assessMailSetup, lookUpMail, type DnsFindings } from './mail-dns.js';
import type { MxProvider } from './mx-provider.js';
import { readEmail } from './reading.js';
import { emailResult } from './result.js';

/** Depths `verifyEmail` applies; PREMIUM is ADVANCED under another name for now. */
export type EmailVerificationLevel = 'STANDARD' | 'ADVANCED' | 'PREMIUM';

/** Options of {@link verifyEmail}. */
export interface VerifyEmailOptions {
  /** DNS: `nodeDnsResolver()` from verifield/adapters, or your own. Always consulted for a well-formed address. */
  dns: DnsResolver;
  /** Registration dates (`rdapDomainAge()`); consulted at ADVANCED and PREMIUM only. Without it, `domain_age_days` is null. */
  domainAge?: DomainAgeSource;
  /**
   * Domains (blocking their subdomains too) and full addresses to refuse with "Domain reputation
   * is blocked". A list is compiled on every call; compile a long one once with
   * `createEmailBlocklist` and pass that.
   */
  blocklist?: EmailBlocklist | Iterable<string>;
  /** Depth; default STANDARD. ADVANCED and PREMIUM add free_provider, domain_age_days, mx_provider, mx_quality_score and risk_level. */
  level?: EmailVerificationLevel;
  /** The clock `domain_age_days` is counted against. Default: now. */
  now?: () => Date;
  /** Aborts the lookups still running; an aborted DNS lookup counts as one that could not be made. */
  signal?: AbortSignal;
}

/**
 * Verifies an email address: syntax, typo, disposable, role, free provider and relay signals as
 * `validateEmail` finds them, then the domain's mail records through `options.dns`, the
 * integrator's blocklist, and at ADVANCED/PREMIUM the domain's age, mail provider and
 * `mx_quality_score`.
 *
 * `valid` is false only in four cases: empty, invalid syntax, a domain
 * without MX or A records (null MX and no such domain included), a blocklisted address. Every
 * other finding is a signal that shapes `risk_score` and `deliverability` (the model of risk.ts).
 * DNS that cannot be asked (timeout, SERVFAIL) gives `mx_valid: null` and RISKY, never `valid`
 * false or UNDELIVERABLE. The verdict and message are the same at every level; the levels differ
 * in the fields returned and, when a domain is younger than a year, in the age points that only
 * ADVANCED and PREMIUM look up.
 *
 * Resolves, never rejects, for any string; rejects with a TypeError for a non-string value or
 * when `options.dns` is missing. A blocklisted address is answered without DNS lookups.
 *
 * @example
 * ```ts
 * import { verifyEmail } from 'verifield/email';
 * import type { DnsResolver } from 'verifield/adapters';
 * // On Node, nodeDnsResolver() from verifield/adapters; anywhere, any DnsResolver:
 * const dns: DnsResolver = {
 *   mx: async (domain) => domain === 'gmail.com'
 *     ? { kind: 'records', records: [{ exchange: 'gmail-smtp-in.l.google.com', priority: 5 }], ttl: 300 }
 *     : { kind: 'nxdomain' },
 *   a: async () => ({ kind: 'records', records: ['142.250.153.26'], ttl: 300 }),
 * };
 * const result = await verifyEmail('jane@gmail.com', { dns, level: 'ADVANCED' });
 * result.emailDetails.deliverability; // 'DELIVERABLE'
 * result.emailDetails.signals.mx_provider; // 'Gmail'
 * const typo = await verifyEmail('jane@gmial.com', { dns });
 * typo.valid; // false
 * typo.message; // 'Domain has no valid MX or A records'
 * ```
 */
export async function verifyEmail(value: string, options: VerifyEmailOptions): Promise<EmailValidationResult> {
  requireString(value, 'verifyEmail');
  const dns = options?.dns;
  if (typeof dns?.mx !== 'function' || typeof dns.a !== 'function') {
    throw new TypeError('verifyEmail needs a DnsResolver in options.dns (nodeDnsResolver() from verifield/adapters)');
  }
  const level = options.level === 'ADVANCED' || options.level === 'PREMIUM' ? options.level : 'STANDARD';
  const advanced = level !== 'STANDARD';
  const { signal } = options;

  const reading = readEmail(value);
  const { valid, localPart, domain } = reading.syntax;
  const blocklisted = valid && (compileBlocklistOption(options.blocklist)?.blocks(localPart, domain) ?? false);

  let found: DnsFindings | null = null;
  let domainAge: number | null = null;
  let provider: MxProvider | null = null;
  let quality: number | null = null;
  if (valid && !blocklisted) {
    const source = options.domainAge;
    const age = advanced && source !== undefined ? domainAgeDays(source, domain, options.now ?? (() => new Date()), signal) : null;
    found = await lookUpMail(dns, domain, signal);
    if (advanced) ({ provider, quality } = await assessMailSetup(dns, found, signal));
    domainAge = age === null ? null : await age;
  }
  return emailResult(value, reading, { level, advanced }, {
    blocklisted,
    dns: found?.finding ?? null,
    domainAgeDays: domainAge,
    mxProvider: provider?.name ?? null,
    mxQualityScore: quality,
  });
}
