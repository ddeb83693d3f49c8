/**
 * Where a webhook may go (docs/service.md#webhooks). A webhook URL is typed by a customer, and the
 * service POSTs to it from inside the operator's network: without a guard, `http://169.254.169.254/`
 * or `http://10.0.0.5:6379/` would make the service a proxy into that network (server-side request
 * forgery). So only http(s) URLs, and the host's addresses are checked when the connection is made
 * (the lookup of {@link guardedLookup}, not a look-up before it, so a name that resolves to a public
 * address once and to a private one the next time cannot slip through): loopback, private,
 * link-local, CGNAT, unique-local, unspecified, multicast and reserved addresses are refused, in
 * IPv4, IPv6 and IPv4 inside IPv6, unless the operator allows private destinations
 * (`--allow-private-webhooks`, for a receiver on the same network, and the tests).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';

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

function ipv4Bytes(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map(Number);
  return bytes.every((b, i) => /^\d{1,3}$/.test(parts[i] as string) && b <= 255) ? bytes : null;
}

/** Why an IPv4 address is not a public destination, or null when it is. */
function ipv4Refusal(address: string): string | null {
  const b = ipv4Bytes(address);
  if (b === null) return 'not an address';
  const [a, c] = [b[0] as number, b[1] as number];
  if (a === 0) return 'an unspecified address';
  if (a === 127) return 'a loopback address';
  if (a === 10 || (a === 172 && c >= 16 && c <= 31) || (a === 192 && c === 168)) return 'a private address';
  if (a === 169 && c === 254) return 'a link-local address';
  if (a === 100 && c >= 64 && c <= 127) return 'a shared (CGNAT) address';
  if (a === 192 && c === 0 && b[2] === 0) return 'a reserved address';
  if (a === 198 && (c === 18 || c === 19)) return 'a reserved address';
  if (a >= 224) return a < 240 ? 'a multicast address' : 'a reserved address';
  return null;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    // The dotted tail written as the two groups it stands for: ::ffff:1.2.3.4 is ::ffff:102:304.
    const v4 = ipv4Bytes(text.slice(lastColon + 1));
    if (v4 === null) return null;
    const hex = (hi: number, lo: number): string => ((hi << 8) | lo).toString(16);
    text = `${text.slice(0, lastColon + 1)}${hex(v4[0] as number, v4[1] as number)}:${hex(v4[2] as number, v4[3] as number)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const read = (part: string): number[] => (part === '' ? [] : part.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : Number.NaN)));
  const head = read(halves[0] ?? '');
  const rest = halves.length === 2 ? read(halves[1] ?? '') : [];
  const fill = 8 - head.length - rest.length;
  if (fill < 0 || (halves.length === 1 && fill !== 0)) return null;
  const groups = [...head, ...new Array<number>(fill).fill(0), ...rest];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g)) ? groups : null;
}

/** Why an IPv6 address is not a public destination, or null when it is. */
function ipv6Refusal(address: string): string | null {
  const g = ipv6Groups(address);
  if (g === null) return 'not an address';
  const first = g[0] as number;
  const embeddedV4 = `${(g[6] as number) >> 8}.${(g[6] as number) & 255}.${(g[7] as number) >> 8}.${(g[7] as number) & 255}`;
  const zeros = (n: number): boolean => g.slice(0, n).every((x) => x === 0);
  if (zeros(8)) return 'an unspecified address';
  if (zeros(7) && g[7] === 1) return 'a loopback address';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach the IPv4 address inside.
  if ((zeros(5) && g[5] === 0xffff) || zeros(6) || (first === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))) return ipv4Refusal(embeddedV4);
  if ((first & 0xfe00) === 0xfc00) return 'a unique-local address';
  if ((first & 0xffc0) === 0xfe80) return 'a link-local address';
  if ((first & 0xffc0) === 0xfec0) return 'a site-local address';
  if ((first & 0xff00) === 0xff00) return 'a multicast address';
  return null;
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
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 4) return ipv4Refusal(address);
  if (family === 6) return ipv6Refusal(address);
  return 'not an address';
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
