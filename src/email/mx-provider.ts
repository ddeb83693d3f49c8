/**
 * Who runs a domain's mail, read from its MX host names, and `mx_quality_score`, a heuristic for
 * how carefully the mail setup is made. Pure data and
 * string work: `verifyEmail` feeds it what the DNS port found.
 */
import type { MxRecord } from '../ports.js';

/**
 * What kind of service an MX host belongs to. A `gateway` is a filtering service in front of
 * the real mailboxes (which it hides); `hosting` is a web host that also hosts mailboxes.
 */
export type MxProviderCategory = 'gateway' | 'mailbox' | 'hosting' | 'forwarding' | 'sending' | 'disposable';

/** A recognised mail provider. */
export interface MxProvider {
  /** Name for people, e.g. "Google Workspace", "Mimecast". */
  name: string;
  /** What kind of service it is. */
  category: MxProviderCategory;
}

/**
 * Host suffix -> provider. A suffix matches the host itself or any host under it (`google.com`
 * matches `gmr-smtp-in.l.google.com`); the longest matching suffix wins, so a specific entry
 * such as `gmail-smtp-in.l.google.com` beats `google.com`. Sources: jace/mxsniff providers.py,
 * reacherhq/check-if-email-exists core/src/mx/mod.rs, Domain-Connect templates, vendors' docs.
 */
const SUFFIXES: ReadonlyArray<readonly [MxProviderCategory, string, readonly string[]]> = [
  ['gateway', 'Mimecast', ['mimecast.com', 'mimecast-offshore.com']],
  ['gateway', 'Proofpoint', ['pphosted.com']],
  ['gateway', 'Proofpoint Essentials', ['ppe-hosted.com']],
  ['gateway', 'Barracuda', ['barracudanetworks.com']],
  ['gateway', 'Cisco Secure Email', ['iphmx.com']],
  ['gateway', 'Symantec Email Security.cloud', ['messagelabs.com']],
  ['gateway', 'Forcepoint', ['mailcontrol.com']],
  ['gateway', 'AppRiver', ['arsmtp.com']],
  ['gateway', 'McAfee MX Logic', ['mxlogic.net']],
  ['gateway', 'Trend Micro Email Security', ['tmes.trendmicro.com']],
  ['gateway', 'Sophos Email', ['hydra.sophos.com']],
  ['gateway', 'SpamExperts', ['spamexperts.com']],
  ['mailbox', 'Google Workspace', ['aspmx.l.google.com', 'googlemail.com']],
  ['mailbox', 'Gmail', ['gmail-smtp-in.l.google.com']],
  ['mailbox', 'Google', ['google.com']],
  ['mailbox', 'Microsoft 365', ['mail.protection.outlook.com', 'mx.microsoft']],
  ['mailbox', 'Outlook.com', ['olc.protection.outlook.com', 'hotmail.com']],
  ['mailbox', 'Yahoo Mail', ['yahoodns.net']],
  ['mailbox', 'Apple iCloud Mail', ['mail.icloud.com']],
  ['mailbox', 'Fastmail', ['messagingengine.com']],
  ['mailbox', 'Proton Mail', ['protonmail.ch']],
  ['mailbox', 'Zoho Mail', ['zoho.com', 'zohomail.com', 'zoho.eu', 'zoho.in']],
  ['mailbox', 'Yandex Mail', ['yandex.net', 'yandex.ru']],
  ['mailbox', 'Mail.ru', ['mail.ru']],
  ['mailbox', 'GMX', ['gmx.net', 'gmx.com']],
  ['mailbox', 'WEB.DE', ['web.de']],
  ['mailbox', 'mail.com', ['mail.com']],
  ['mailbox', 'Tencent QQ Mail', ['qq.com']],
  ['mailbox', 'Tuta', ['tutanota.de']],
  ['hosting', 'IONOS', ['kundenserver.de', 'ionos.com', '1and1.com']],
  ['hosting', 'OVHcloud', ['ovh.net']],
  ['hosting', 'GoDaddy Email', ['secureserver.net']],
  ['hosting', 'Titan Email', ['titan.email']],
  ['hosting', 'Namecheap Private Email', ['privateemail.com']],
  ['hosting', 'Rackspace Email', ['emailsrvr.com']],
  ['hosting', 'one.com', ['one.com']],
  ['hosting', 'Gandi Mail', ['gandi.net']],
  ['hosting', 'Migadu', ['migadu.com']],
  ['hosting', 'MXroute', ['mxroute.com']],
  ['hosting', 'DreamHost', ['dreamhost.com']],
  ['hosting', 'Network Solutions', ['netsolmail.net']],
  ['forwarding', 'Namecheap', ['registrar-servers.com']],
  ['forwarding', 'ImprovMX', ['improvmx.com']],
  ['forwarding', 'Forward Email', ['forwardemail.net']],
  ['forwarding', 'Cloudflare Email Routing', ['mx.cloudflare.net']],
  ['forwarding', 'Pobox', ['pobox.com']],
  ['sending', 'Mailgun', ['mailgun.org']],
  ['sending', 'Amazon SES', ['amazonaws.com']],
  ['disposable', 'Mailinator', ['mailinator.com']],
  ['disposable', 'Temp-Mail', ['temp-mail.org']],
];

/**
 * Hosts that name a provider only as a whole: `smtp.google.com` is Google Workspace's single-MX
 * setup, while other hosts under google.com are Google's own; SendGrid's inbound host is one name.
 */
const EXACT_HOSTS: ReadonlyArray<readonly [MxProviderCategory, string, readonly string[]]> = [
  ['mailbox', 'Google Workspace', ['smtp.google.com']],
  ['sending', 'SendGrid', ['mx.sendgrid.net']],
];

function tableOf(rows: typeof SUFFIXES): Map<string, MxProvider> {
  const table = new Map<string, MxProvider>();
  for (const [category, name, hosts] of rows) {
    const provider: MxProvider = Object.freeze({ name, category });
    for (const host of hosts) table.set(host, provider);
  }
  return table;
}

const bySuffix = tableOf(SUFFIXES);
const byExactHost = tableOf(EXACT_HOSTS);

/** Lower-case, without the trailing dot of a fully qualified name. */
function canonicalHost(host: string): string {
  const end = host.length > 0 && host.charCodeAt(host.length - 1) === 46 ? host.length - 1 : host.length;
  return (end === host.length ? host : host.slice(0, end)).toLowerCase();
}

/**
 * The provider behind one MX host, or null when it is not a known one.
 *
 * @example
 * ```ts
 * mxProviderOf('alt2.aspmx.l.google.com'); // { name: 'Google Workspace', category: 'mailbox' }
 * mxProviderOf('eu-smtp-inbound-1.mimecast.com.'); // { name: 'Mimecast', category: 'gateway' }
 * ```
 */
export function mxProviderOf(host: string): MxProvider | null {
  const name = canonicalHost(host);
  const exact = byExactHost.get(name);
  if (exact !== undefined) return exact;
  // Longest suffix first: the host itself, then each parent domain.
  let start = 0;
  for (;;) {
    const provider = bySuffix.get(start === 0 ? name : name.slice(start));
    if (provider !== undefined) return provider;
    const dot = name.indexOf('.', start);
    if (dot < 0) return null;
    start = dot + 1;
  }
}

/**
 * The provider to report for a domain's MX records. A security gateway anywhere in the list wins,
 * since it hides the mailbox provider behind it (a Mimecast primary with a Google backup is a
 * Mimecast domain); otherwise the recognised host with the lowest preference value.
 *
 * @example
 * ```ts
 * detectMxProvider([{ exchange: 'alt1.aspmx.l.google.com', priority: 5 }, { exchange: 'aspmx.l.google.com', priority: 1 }]); // { name: 'Google Workspace', category: 'mailbox' }
 * detectMxProvider([{ exchange: 'mx.acme.example', priority: 10 }]); // null
 * ```
 */
export function detectMxProvider(records: readonly MxRecord[]): MxProvider | null {
  let best: MxProvider | null = null;
  let bestPriority = Infinity;
  for (const record of records) {
    const provider = mxProviderOf(record.exchange);
    if (provider === null) continue;
    if (provider.category === 'gateway') return provider;
    if (record.priority < bestPriority) {
      best = provider;
      bestPriority = record.priority;
    }
  }
  return best;
}

/** What {@link mxQualityScore} weighs. */
export interface MxQualityInput {
  /** The domain's MX records (null MX excluded); empty when mail falls back to the A record. */
  records: readonly MxRecord[];
  /** At least one mail host (an MX host, or the domain itself on fallback) has a globally routable address. */
  routableHost: boolean;
  /** The provider found by {@link detectMxProvider}. */
  provider: MxProvider | null;
}

/** Points of the heuristic. */
export const mxQualityWeights = {
  routableHost: 0.4,
  redundantHosts: 0.2,
  knownProvider: 0.2,
  hostnameTargets: 0.1,
  noFallback: 0.1,
} as const;

/**
 * `mx_quality_score`: a heuristic from 0 to 1, not a standard. It adds 0.4 when a mail host has
 * a globally routable address, 0.2 for two or more distinct MX hosts, 0.2 for a recognised
 * mailbox, hosting or gateway provider, 0.1 when every MX target is a host name rather than an
 * IP literal, and 0.1 when real MX records exist (no A-record fallback). A domain that takes no
 * mail (null MX, no such domain, no records) scores 0: the caller does not ask then.
 *
 * @example
 * ```ts
 * const records = [{ exchange: 'aspmx.l.google.com', priority: 1 }, { exchange: 'alt1.aspmx.l.google.com', priority: 5 }];
 * mxQualityScore({ records, routableHost: true, provider: detectMxProvider(records) }); // 1
 * // The A-record fallback of a domain without MX records:
 * mxQualityScore({ records: [], routableHost: true, provider: null }); // 0.4
 * ```
 */
export function mxQualityScore(input: MxQualityInput): number {
  const w = mxQualityWeights;
  let tenths = 0;
  if (input.routableHost) tenths += w.routableHost * 10;
  const { records } = input;
  if (records.length > 0) {
    tenths += w.noFallback * 10;
    let hostnames = true;
    const distinct = new Set<string>();
    for (const record of records) {
      const host = canonicalHost(record.exchange);
      distinct.add(host);
      if (isIpLiteral(host)) hostnames = false;
    }
    if (hostnames) tenths += w.hostnameTargets * 10;
    if (distinct.size >= 2) tenths += w.redundantHosts * 10;
  }
  const category = input.provider?.category;
  if (category === 'mailbox' || category === 'hosting' || category === 'gateway') tenths += w.knownProvider * 10;
  // Whole tenths, so the sum reads 0.7 rather than 0.7000000000000001.
  return Math.round(tenths) / 10;
}

/** The host is written as an IPv4 or IPv6 address (an MX target must be a name, RFC 5321 5.1). */
export function isIpLiteral(host: string): boolean {
  return parseIpv4(host) !== null || host.includes(':') || (host.startsWith('[') && host.endsWith(']'));
}

/** The four octets of a dotted-quad IPv4 address, or null. */
function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const octets: number[] = [];
  for (const part of parts) {
    if (part.length === 0 || part.length > 3) return null;
    let value = 0;
    for (let i = 0; i < part.length; i++) {
      const code = part.charCodeAt(i) - 48;
      if (code < 0 || code > 9) return null;
      value = value * 10 + code;
    }
    if (value > 255) return null;
    octets.push(value);
  }
  return octets;
}

/** IPv4 ranges that are not reachable on the public internet (RFC 6890 and successors): [first octets, prefix bits]. */
const IPV4_SPECIAL: ReadonlyArray<readonly [number, number, number, number, number]> = [
  [0, 0, 0, 0, 8], // "this network"
  [10, 0, 0, 0, 8], // private
  [100, 64, 0, 0, 10], // carrier-grade NAT
  [127, 0, 0, 0, 8], // loopback
  [169, 254, 0, 0, 16], // link-local
  [172, 16, 0, 0, 12], // private
  [192, 0, 0, 0, 24], // IETF protocol assignments
  [192, 0, 2, 0, 24], // TEST-NET-1
  [192, 88, 99, 0, 24], // 6to4 relay anycast (deprecated)
  [192, 168, 0, 0, 16], // private
  [198, 18, 0, 0, 15], // benchmarking
  [198, 51, 100, 0, 24], // TEST-NET-2
  [203, 0, 113, 0, 24], // TEST-NET-3
  [224, 0, 0, 0, 4], // multicast
  [240, 0, 0, 0, 4], // reserved, and the broadcast address
];

function ipv4IsGlobal(octets: readonly number[]): boolean {
  const value = (((octets[0] ?? 0) << 24) | ((octets[1] ?? 0) << 16) | ((octets[2] ?? 0) << 8) | (octets[3] ?? 0)) >>> 0;
  for (const [a, b, c, d, bits] of IPV4_SPECIAL) {
    const network = ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    if (((value & mask) >>> 0) === network) return false;
  }
  return true;
}

const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

/** The 16-bit groups of a colon-separated run (`2001:db8`), or null. */
function readHexGroups(part: string): number[] | null {
  if (part === '') return [];
  const groups: number[] = [];
  for (const group of part.split(':')) {
    if (!HEX_GROUP.test(group)) return null;
    groups.push(parseInt(group, 16));
  }
  return groups;
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail allowed), or null. */
function parseIpv6(text: string): number[] | null {
  const zone = text.indexOf('%');
  let body = zone < 0 ? text : text.slice(0, zone);
  const lastColon = body.lastIndexOf(':');
  if (lastColon < 0) return null;
  const tail = body.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseIpv4(tail);
    if (v4 === null) return null;
    const high = ((v4[0] ?? 0) << 8) | (v4[1] ?? 0);
    const low = ((v4[2] ?? 0) << 8) | (v4[3] ?? 0);
    body = `${body.slice(0, lastColon + 1)}${high.toString(16)}:${low.toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const head = readHexGroups(halves[0] ?? '');
  const rest = halves.length === 2 ? readHexGroups(halves[1] ?? '') : [];
  if (head === null || rest === null) return null;
  const known = head.length + rest.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  return [...head, ...new Array<number>(8 - known).fill(0), ...rest];
}

function ipv6IsGlobal(groups: readonly number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  // An IPv4-mapped address is as global as the IPv4 address inside it.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return ipv4IsGlobal([g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff]);
  }
  // Global unicast is 2000::/3; inside it, documentation (2001:db8::/32) and the IETF
  // protocol block (2001::/23) do not reach a mail server.
  if ((g0 & 0xe000) !== 0x2000) return false;
  if (g0 === 0x2001 && g1 === 0x0db8) return false;
  if (g0 === 0x2001 && g1 < 0x0200) return false;
  return true;
}

/**
 * Whether an IPv4 or IPv6 address (as DNS returns it) is reachable on the public internet:
 * false for private, loopback, link-local, documentation, multicast and reserved ranges, and
 * for text that is no address at all.
 *
 * @example
 * ```ts
 * isGloballyRoutable('142.250.153.26'); // true
 * isGloballyRoutable('10.0.0.1'); // false
 * isGloballyRoutable('::1'); // false
 * ```
 */
export function isGloballyRoutable(address: string): boolean {
  const v4 = parseIpv4(address);
  if (v4 !== null) return ipv4IsGlobal(v4);
  const v6 = address.includes(':') ? parseIpv6(address) : null;
  return v6 !== null && ipv6IsGlobal(v6);
}
