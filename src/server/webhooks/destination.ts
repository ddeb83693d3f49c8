/**
 * Where a webhook may go (docs/service.md#webhooks). A webhook URL is typed by a customer, and the
 * service POSTs to it from inside the operator's network: without a guard, `http://169.254.169.254/`
 * or `http://10.0.0.5:6379/` would make the service a proxy into that network (server-side request
 * forgery). So only http(s) URLs, and the host's addresses are checked when the connection is made
 * (the lookup of {@link guardedLookup}, not a look-up before it, so a name that resolves to a public
 * address once and to a private one the next time cannot slip through): loopback, private,
 * link-local, CGNAT, unique-local, unspecified, multicast, documentation and reserved addresses are
 * refused, in IPv4, IPv6 and IPv4 inside IPv6 (mapped, SIIT, compatible, NAT64, 6to4), unless the
 * operator allows private destinations (`--allow-private-webhooks`, for a receiver on the same
 * network, and the tests). A refused address is a final failure: no retry is made.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** The longest webhook URL accepted. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * `text` as a webhook URL, or the sentence that says why it is not one. Never throws.
 * @example
 * ```ts
 * readWebhookUrl('https://example.com/hooks'); // { ok: true, url: 'https://example.com/hooks' }
 * readWebhookUrl('ftp://example.com/').ok; // false
 * ```
 */
export function readWebhookUrl(text: string): { ok: true; url: string } | { ok: false; message: string } {
  if (text.length > MAX_WEBHOOK_URL_LENGTH) return { ok: false, message: `A webhook URL has at most ${MAX_WEBHOOK_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, message: 'The webhook URL must be an absolute http or https URL, such as https://example.com/hooks/verifield' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, message: 'The webhook URL must use http or https' };
  // Credentials in a URL end up in logs and lists; a receiver authenticates the service by the signature instead.
  if (url.username !== '' || url.password !== '') return { ok: false, message: 'The webhook URL must not hold a user name or password: receivers check the signature instead' };
  if (url.hostname === '') return { ok: false, message: 'The webhook URL must name a host' };
  return { ok: true, url: url.href };
}

/**
 * The address classes that are not a public destination, from the IANA special-purpose address
 * registries (IPv4 and IPv6), first match wins. One BlockList per class: node:net matches the
 * subnets, so no prefix arithmetic is written here.
 */
const CLASSES: ReadonlyArray<readonly [why: string, subnets: ReadonlyArray<readonly [string, number]>]> = [
  [
    'an unspecified address',
    [
      ['0.0.0.0', 8],
      ['::', 128],
    ],
  ],
  [
    'a loopback address',
    [
      ['127.0.0.0', 8],
      ['::1', 128],
    ],
  ],
  [
    'a private address',
    [
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
    ],
  ],
  [
    'a link-local address',
    [
      ['169.254.0.0', 16],
      ['fe80::', 10],
    ],
  ],
  ['a shared (CGNAT) address', [['100.64.0.0', 10]]],
  ['a unique-local address', [['fc00::', 7]]],
  ['a site-local address', [['fec0::', 10]]],
  [
    'a multicast address',
    [
      ['224.0.0.0', 4],
      ['ff00::', 8],
    ],
  ],
  [
    'a documentation address',
    [
      ['192.0.2.0', 24],
      ['198.51.100.0', 24],
      ['203.0.113.0', 24],
      ['2001:db8::', 32],
      ['3fff::', 20],
    ],
  ],
  ['a benchmarking address', [['198.18.0.0', 15]]],
  // 240.0.0.0/4 holds the limited broadcast 255.255.255.255; 64:ff9b:1::/48 is NAT64 for local use only.
  [
    'a reserved address',
    [
      ['192.0.0.0', 24],
      ['240.0.0.0', 4],
      ['100::', 64],
      ['2001::', 23],
      ['64:ff9b:1::', 48],
    ],
  ],
];

/** The globally reachable blocks inside 2001::/23 (IANA): PCP and TURN anycast, AMT, AS112-v6, ORCHIDv2. */
const REACHABLE_IN_RESERVED: ReadonlyArray<readonly [string, number]> = [
  ['2001:1::1', 128],
  ['2001:1::2', 128],
  ['2001:3::', 32],
  ['2001:4:112::', 48],
  ['2001:20::', 28],
];

function blockListOf(subnets: ReadonlyArray<readonly [string, number]>): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of subnets) list.addSubnet(network, prefix, isIP(network) === 4 ? 'ipv4' : 'ipv6');
  return list;
}

/**
 * The IPv6 forms that carry an IPv4 address the packet ends up at, and which two groups hold it:
 * IPv4-mapped (::ffff:a.b.c.d), SIIT (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64
 * (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::, the address in groups 1 and 2).
 */
const EMBEDDING_FORMS: ReadonlyArray<readonly [network: string, prefix: number, at: number]> = [
  ['::ffff:0:0', 96, 6],
  ['::ffff:0:0:0', 96, 6],
  ['::', 96, 6],
  ['64:ff9b::', 96, 6],
  ['2002::', 16, 1],
];

interface GuardLists {
  classes: ReadonlyArray<{ why: string; list: BlockList }>;
  reachable: BlockList;
  embedding: ReadonlyArray<{ list: BlockList; at: number }>;
}

let built: GuardLists | null = null;

/** The BlockLists, built at the first address checked: a start that sends no webhook never pays for them. */
function guardLists(): GuardLists {
  built ??= {
    classes: CLASSES.map(([why, subnets]) => ({ why, list: blockListOf(subnets) })),
    reachable: blockListOf(REACHABLE_IN_RESERVED),
    embedding: EMBEDDING_FORMS.map(([network, prefix, at]) => ({ list: blockListOf([[network, prefix]]), at })),
  };
  return built;
}

/** The eight 16-bit groups of an IPv6 literal (a trailing dotted IPv4 part included); `isIP` has checked it. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    // The dotted tail written as the two groups it stands for: ::ffff:1.2.3.4 is ::ffff:102:304.
    const [a, b, c, d] = text
      .slice(lastColon + 1)
      .split('.')
      .map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const read = (part: string): number[] => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const tail = rest === undefined ? [] : read(rest);
  return [...read(head), ...new Array<number>(8 - read(head).length - tail.length).fill(0), ...tail];
}

/** The class of a literal of `family` (4 or 6), or null when it is in none. */
function classOf(address: string, family: 'ipv4' | 'ipv6'): string | null {
  const { classes, reachable } = guardLists();
  if (family === 'ipv6' && reachable.check(address, 'ipv6')) return null;
  return classes.find(({ list }) => list.check(address, family))?.why ?? null;
}

/**
 * Why `address` (an IPv4 or IPv6 literal) is refused as a webhook destination, or null for a public
 * address. Never throws.
 * @example
 * ```ts
 * addressRefusal('93.184.215.14'); // null
 * addressRefusal('::ffff:10.0.0.1'); // 'a private address'
 * addressRefusal('fd00::1'); // 'a unique-local address'
 * ```
 */
export function addressRefusal(address: string): string | null {
  const literal = address.replace(/%.*$/, '');
  const family = isIP(literal);
  if (family === 4) return classOf(literal, 'ipv4');
  if (family !== 6) return 'not an address';
  // The unspecified and loopback addresses sit inside ::/96 but are not IPv4-compatible ones.
  const direct = classOf(literal, 'ipv6');
  if (direct === 'an unspecified address' || direct === 'a loopback address') return direct;
  const embedding = guardLists().embedding.find(({ list }) => list.check(literal, 'ipv6'));
  if (embedding !== undefined) {
    const groups = ipv6Groups(literal);
    const [high, low] = [groups[embedding.at] as number, groups[embedding.at + 1] as number];
    return classOf(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
  }
  return direct;
}

/** A destination refused by the guard: the attempt fails with this error, never reaching the host. */
export class DestinationRefusedError extends Error {
  override readonly name = 'DestinationRefusedError';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** The resolver {@link guardedLookup} asks; node:dns `lookup` by default (tests hand their own). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => (error === null ? resolve(addresses) : reject(error)));
  });

/**
 * A `lookup` for node:http(s) requests that resolves the host and refuses the connection when any of
 * its addresses is not public (one bad address among good ones is refused too: the socket could pick it).
 */
export function guardedLookup(resolve: Resolve = systemResolve) {
  return (hostname: string, options: { all?: boolean } | number, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const bad = addresses.map((entry) => ({ entry, why: addressRefusal(entry.address) })).find((item) => item.why !== null);
        if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
        if (bad !== undefined) return callback(new DestinationRefusedError(`${hostname} resolves to ${bad.entry.address}, ${bad.why}`), []);
        if (typeof options === 'object' && options.all === true) return callback(null, addresses);
        const firstAddress = addresses[0] as LookupAddress;
        return callback(null, firstAddress.address, firstAddress.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}

/**
 * Checks what can be checked before connecting: the URL's form, and a host that is an address
 * literal (the connection never resolves those, so {@link guardedLookup} would not see them).
 * Null when the URL may be tried, else the reason it may not.
 */
export function literalHostRefusal(url: URL, allowPrivate: boolean): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http and https URLs are delivered to';
  if (allowPrivate) return null;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(host) === 0) return host.toLowerCase() === 'localhost' || host.toLowerCase().endsWith('.localhost') ? `${host} is a loopback name` : null;
  const why = addressRefusal(host);
  return why === null ? null : `${host} is ${why}`;
}
