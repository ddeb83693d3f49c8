/**
 * What DNS says about a domain's mail, for `verifyEmail`: MX records, else the A/AAAA fallback of
 * RFC 5321 5.1, and at ADVANCED the provider and quality of the mail setup. A question DNS could
 * not answer stays ERROR and is never read as "no records".
 */
import type { DnsAnswer, DnsResolver, MxAnswer, MxRecord } from '../ports.js';
import { detectMxProvider, isGloballyRoutable, isIpLiteral, mxQualityScore, type MxProvider } from './mx-provider.js';
import type { EmailDnsFinding } from './risk.js';

/** MX hosts whose addresses are looked up for the quality score, most preferred first. */
const MAX_HOSTS_CHECKED = 4;

/** What DNS said about the domain, with the records the ADVANCED fields are made of. */
export interface DnsFindings {
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
export async function lookUpMail(dns: DnsResolver, domain: string, signal: AbortSignal | undefined): Promise<DnsFindings> {
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
export async function assessMailSetup(
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
