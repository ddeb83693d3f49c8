/**
 * The source of a request, for the budgets of failed authentications (docs/service.md#failed-authentication):
 * the peer address of its connection, or, when that peer is a trusted proxy (`--trust-proxy`), the
 * client address that proxy names in `X-Forwarded-For`. The header is read from its right end,
 * each trusted address skipped: the first one that is not trusted is the client (what is left of it
 * could have been written by the client itself). Without `--trust-proxy` the header is ignored.
 */
import { BlockList, isIP } from 'node:net';

/** The `--trust-proxy` entry that stands for every loopback address (127.0.0.0/8 and ::1). */
export const TRUST_LOOPBACK = 'loopback';

/** Whether an address is one of the trusted proxies. */
export type TrustedProxies = (address: string) => boolean;

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, as a dual-stack socket gives it) in its IPv4 form. */
function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * The trusted proxies of `--trust-proxy` entries: `loopback`, an address (`10.0.0.7`, `fd00::1`) or a
 * CIDR block (`10.0.0.0/8`, `fd00::/8`). Throws a RangeError naming an entry that is none of these.
 * No entries: no proxy is trusted.
 */
export function trustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new BlockList();
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === TRUST_LOOPBACK) {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const slash = entry.indexOf('/');
    const address = slash === -1 ? entry : entry.slice(0, slash);
    const family = isIP(address);
    const prefix = slash === -1 ? null : Number(entry.slice(slash + 1));
    const maxPrefix = family === 4 ? 32 : 128;
    if (family === 0 || (prefix !== null && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= maxPrefix && /^\d+$/.test(entry.slice(slash + 1))))) {
      throw new RangeError(`trustProxy: ${JSON.stringify(entry)} is not "loopback", an IP address or a CIDR block such as 10.0.0.0/8`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === null) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  if (entries.length === 0) return () => false;
  return (address) => {
    const plain = plainAddress(address);
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * The source of a request from `peer` (its connection's remote address) with `forwardedFor` (its
 * X-Forwarded-For headers joined by ", ", or null): the peer, unless it is a trusted proxy that
 * names a client.
 */
export function requestSource(peer: string | undefined, forwardedFor: string | null, trusted: TrustedProxies): string {
  let source = plainAddress(peer ?? '');
  if (forwardedFor === null || !trusted(source)) return source;
  const hops = forwardedFor.split(',');
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = (hops[index] as string).trim();
    if (isIP(hop) === 0) break;
    source = plainAddress(hop);
    if (!trusted(source)) break;
  }
  return source;
}
