/**
 * `verifyEmail`: the offline signals of `validateEmail` plus what DNS, RDAP and the integrator's
 * blocklist say, weighed by the one risk model of risk.ts. It knows only the ports
 * (src/ports.ts), so it runs wherever the caller can supply a DnsResolver.
 */
import type { DnsAnswer, DnsResolver, DomainAgeSource, MxAnswer, MxRecord } from '../ports.js';
import {
  envelope,
  requireString,
  type EmailDetails,
  type EmailSignals,
  type EmailValidationResult,
} from '../result.js';
import { createEmailBlocklist, type EmailBlocklist } from './blocklist.js';
import { isDisposableDomain, isFreeProviderDomain, isRelayDomain, isRoleLocalPart } from './lists.js';
import { detectMxProvider, isGloballyRoutable, isIpLiteral, mxQualityScore, type MxProvider } from './mx-provider.js';
import { offlineEmailMessage, readEmail, VALID_MESSAGE } from './offline-result.js';
import { assessEmailRisk, type EmailDnsFinding } from './risk.js';

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

const NO_MAIL_MESSAGE = 'Domain has no valid MX or A records';
const BLOCKED_MESSAGE = 'Domain reputation is blocked';
const UNCHECKED_MESSAGE = "Valid email address, but its domain's mail servers could not be checked right now";

const DAY_MS = 86_400_000;
/** MX hosts whose addresses are looked up for the quality score, most preferred first. */
const MAX_HOSTS_CHECKED = 4;

/** What DNS said about the domain, with the records the ADVANCED fields are made of. */
interface DnsFindings {
  finding: EmailDnsFinding;
  /** MX records (null MX excluded) when the finding is MX. */
  mx: readonly MxRecord[];
  /** Addresses of the domain when the finding is A_FALLBACK. */
  addresses: readonly string[];
}

const NO_RECORDS: readonly never[] = [];
const FAILED_LOOKUP = { kind: 'error', reason: 'other' } as const;

/** The port's answer, or `error` when it rejects or answers something else than the port promises. */
async function ask<T extends MxAnswer | DnsAnswer<string>>(lookup: () => Promise<T>): Promise<T | typeof FAILED_LOOKUP> {
  try {
    const answer = await lookup();
    if (typeof answer !== 'object' || answer === null) return FAILED_LOOKUP;
    if (answer.kind === 'records' && (!Array.isArray(answer.records) || answer.records.length === 0)) return FAILED_LOOKUP;
    return answer;
  } catch {
    return FAILED_LOOKUP;
  }
}

function findings(finding: EmailDnsFinding, mx: readonly MxRecord[] = NO_RECORDS, addresses: readonly string[] = NO_RECORDS): DnsFindings {
  return { finding, mx, addresses };
}

/**
 * MX first; without MX records, the A/AAAA fallback of RFC 5321 5.1. A question that could not
 * be asked stays ERROR: it never becomes "no records".
 */
async function lookUpMail(dns: DnsResolver, domain: string, signal: AbortSignal | undefined): Promise<DnsFindings> {
  const mx = await ask(() => dns.mx(domain, signal));
  switch (mx.kind) {
    case 'records':
      return findings('MX', mx.records);
    case 'null-mx':
      return findings('NULL_MX');
    case 'nxdomain':
      return findings('NO_DOMAIN');
    case 'nodata':
      break;
    default:
      return findings('ERROR');
  }
  const a = await ask(() => dns.a(domain, signal));
  switch (a.kind) {
    case 'records':
      return findings('A_FALLBACK', NO_RECORDS, a.records);
    case 'nodata':
      return findings('NO_RECORDS');
    case 'nxdomain':
      return findings('NO_DOMAIN');
    default:
      return findings('ERROR');
  }
}

/** Whether one of the (most preferred) MX hosts has a globally routable address; settles at the first that has. */
function someHostRoutable(dns: DnsResolver, records: readonly MxRecord[], signal: AbortSignal | undefined): Promise<boolean> {
  const hosts = [...new Set(records.map((record) => record.exchange))].filter((host) => !isIpLiteral(host)).slice(0, MAX_HOSTS_CHECKED);
  if (hosts.length === 0) return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    let pending = hosts.length;
    for (const host of hosts) {
      void ask(() => dns.a(host, signal)).then((answer) => {
        if (answer.kind === 'records' && answer.records.some(isGloballyRoutable)) resolve(true);
        else if (--pending === 0) resolve(false);
      });
    }
  });
}

/** `mx_provider` and `mx_quality_score` (ADVANCED): null when DNS could not be asked, 0 when the domain takes no mail. */
async function assessMailSetup(
  dns: DnsResolver,
  found: DnsFindings,
  signal: AbortSignal | undefined,
): Promise<{ provider: MxProvider | null; quality: number | null }> {
  switch (found.finding) {
    case 'MX': {
      const provider = detectMxProvider(found.mx);
      const routableHost = await someHostRoutable(dns, found.mx, signal);
      return { provider, quality: mxQualityScore({ records: found.mx, routableHost, provider }) };
    }
    case 'A_FALLBACK':
      return { provider: null, quality: mxQualityScore({ records: [], routableHost: found.addresses.some(isGloballyRoutable), provider: null }) };
    case 'ERROR':
      return { provider: null, quality: null };
    default:
      return { provider: null, quality: 0 };
  }
}

/** Whole days from the registration to `now` (0 for a date in the future), or null when unknown. */
async function domainAgeDays(source: DomainAgeSource, domain: string, now: () => Date, signal: AbortSignal | undefined): Promise<number | null> {
  let registered: Date | null;
  try {
    registered = await source.registeredAt(domain, signal);
  } catch {
    return null;
  }
  if (!(registered instanceof Date)) return null;
  const ms = now().getTime() - registered.getTime();
  if (Number.isNaN(ms)) return null;
  return Math.max(0, Math.floor(ms / DAY_MS));
}

function compileBlocklist(blocklist: VerifyEmailOptions['blocklist']): EmailBlocklist | null {
  if (blocklist === undefined || blocklist === null) return null;
  if (typeof blocklist === 'string') return createEmailBlocklist([blocklist]);
  if (typeof (blocklist as Partial<EmailBlocklist>).blocks === 'function') return blocklist as EmailBlocklist;
  return createEmailBlocklist(blocklist as Iterable<string>);
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
 * import { verifyEmail } from 'verifield/email';
 * import { nodeDnsResolver, rdapDomainAge } from 'verifield/adapters';
 * const dns = nodeDnsResolver({ timeoutMs: 2000 });
 * const domainAge = rdapDomainAge();
 * const result = await verifyEmail('jane@example.com', { dns, domainAge, level: 'ADVANCED' });
 * result.emailDetails.deliverability; // 'DELIVERABLE' | 'RISKY' | 'UNDELIVERABLE'
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
  const { syntax, suggestedDomain } = reading;
  const valid = syntax.valid;
  const { localPart, domain } = syntax;
  const disposable = valid && isDisposableDomain(domain);
  const roleBased = valid && isRoleLocalPart(localPart);
  const relay = valid && isRelayDomain(domain);
  const blocked = valid && (compileBlocklist(options.blocklist)?.blocks(localPart, domain) ?? false);

  let found: DnsFindings | null = null;
  let ageDays: number | null = null;
  let provider: MxProvider | null = null;
  let quality: number | null = null;
  if (valid && !blocked) {
    const domainAge = options.domainAge;
    const age = advanced && domainAge !== undefined ? domainAgeDays(domainAge, domain, options.now ?? (() => new Date()), signal) : null;
    found = await lookUpMail(dns, domain, signal);
    if (advanced) ({ provider, quality } = await assessMailSetup(dns, found, signal));
    ageDays = age === null ? null : await age;
  }
  const finding = found?.finding ?? null;
  const noMail = finding === 'NULL_MX' || finding === 'NO_DOMAIN' || finding === 'NO_RECORDS';

  const signals: EmailSignals = {
    syntax_valid: valid,
    mx_valid: finding === null || finding === 'ERROR' ? null : !noMail,
    typo_detected: suggestedDomain !== null,
    suggested_domain: suggestedDomain,
    disposable,
    role_based: roleBased,
  };
  if (advanced) signals.free_provider = valid && isFreeProviderDomain(domain);
  signals.relay = relay;
  if (advanced) {
    signals.domain_age_days = ageDays;
    signals.mx_provider = provider?.name ?? null;
    signals.mx_quality_score = quality;
  }

  const risk = assessEmailRisk({
    syntaxValid: valid,
    disposable,
    typoDetected: suggestedDomain !== null,
    roleBased,
    relay,
    dns: finding,
    blocklisted: blocked,
    domainAgeDays: ageDays,
  });
  const emailDetails: EmailDetails = advanced
    ? { signals, risk_score: risk.risk_score, risk_level: risk.risk_level, deliverability: risk.deliverability, applied_level: level }
    : { signals, risk_score: risk.risk_score, deliverability: risk.deliverability, applied_level: level };

  // validateEmail's message, unless DNS or the blocklist said more about a well-formed address.
  let message = offlineEmailMessage(reading, disposable);
  if (blocked) message = BLOCKED_MESSAGE;
  else if (noMail) message = NO_MAIL_MESSAGE;
  else if (message === VALID_MESSAGE && finding === 'ERROR') message = UNCHECKED_MESSAGE;

  const result = envelope(value, valid && !blocked && !noMail, message, syntax.normalized, level) as EmailValidationResult;
  result.emailDetails = emailDetails;
  return result;
}
