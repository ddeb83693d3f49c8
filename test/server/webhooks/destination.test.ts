/** The SSRF guard of webhook destinations: only public addresses, in every spelling of a private one. */
import { describe, expect, it } from 'vitest';
import { addressRefusal, guardedLookup, literalHostRefusal, readWebhookUrl } from '../../../src/server/webhooks/destination.js';

describe('webhook URLs', () => {
  it('takes http and https URLs, and refuses other schemes, credentials, garbage and very long ones', () => {
    expect(readWebhookUrl('https://shop.example/hooks?x=1')).toEqual({
      ok: true,
      url: 'https://shop.example/hooks?x=1',
    });
    expect(readWebhookUrl('http://shop.example').ok).toBe(true);
    for (const bad of ['ftp://shop.example/', 'file:///etc/passwd', 'javascript:alert(1)', 'https://user:pw@shop.example/', 'not a url', '', `https://e.example/${'a'.repeat(2100)}`]) {
      expect(readWebhookUrl(bad).ok, bad).toBe(false);
    }
  });
});

describe('addresses refused as destinations', () => {
  // One row per class of the IANA special-purpose registries, and per way of writing IPv4 inside IPv6.
  it.each([
    ['0.0.0.0', 'an unspecified address'],
    ['0.255.1.2', 'an unspecified address'],
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.254', 'a loopback address'],
    ['10.1.2.3', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['169.254.169.254', 'a link-local address'],
    ['100.64.0.1', 'a shared (CGNAT) address'],
    ['100.127.255.255', 'a shared (CGNAT) address'],
    ['192.0.0.8', 'a reserved address'],
    ['192.0.2.1', 'a documentation address'],
    ['198.51.100.7', 'a documentation address'],
    ['203.0.113.200', 'a documentation address'],
    ['198.18.0.1', 'a benchmarking address'],
    ['198.19.255.255', 'a benchmarking address'],
    ['224.0.0.1', 'a multicast address'],
    ['239.255.255.250', 'a multicast address'],
    ['240.0.0.1', 'a reserved address'],
    ['255.255.255.255', 'a reserved address'],
    ['::', 'an unspecified address'],
    ['0:0:0:0:0:0:0:0', 'an unspecified address'],
    ['::1', 'a loopback address'],
    ['fe80::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['fc00::1', 'a unique-local address'],
    ['fd12:3456::1', 'a unique-local address'],
    ['fec0::1', 'a site-local address'],
    ['ff02::1', 'a multicast address'],
    ['2001:db8::1', 'a documentation address'],
    ['3fff::1', 'a documentation address'],
    ['100::1', 'a reserved address'],
    ['2001::1', 'a reserved address'],
    ['2001:1ff::1', 'a reserved address'],
    ['64:ff9b:1::a', 'a reserved address'],
    // IPv4-mapped, dotted and hex.
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:10.0.0.1', 'a private address'],
    ['::ffff:169.254.169.254', 'a link-local address'],
    // SIIT (::ffff:0:a.b.c.d).
    ['::ffff:0:7f00:1', 'a loopback address'],
    ['::ffff:0:10.0.0.1', 'a private address'],
    // IPv4-compatible (::a.b.c.d).
    ['::127.0.0.1', 'a loopback address'],
    ['::a00:1', 'a private address'],
    // NAT64 (64:ff9b::/96).
    ['64:ff9b::a9fe:a9fe', 'a link-local address'],
    ['64:ff9b::192.168.0.1', 'a private address'],
    // 6to4 (2002::/16, the IPv4 address in the next 32 bits).
    ['2002:7f00:1::', 'a loopback address'],
    ['2002:a9fe:a9fe::1', 'a link-local address'],
    ['2002:6440:1::', 'a shared (CGNAT) address'],
  ])('%s is %s', (address, why) => {
    expect(addressRefusal(address)).toBe(why);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '198.20.0.1',
    '223.255.255.255',
    '2606:4700::1111',
    '2001:4860::1',
    '::ffff:8.8.8.8',
    '::ffff:0:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    // The globally reachable blocks inside 2001::/23: PCP anycast, AMT, AS112-v6, ORCHIDv2.
    '2001:1::1',
    '2001:3::1',
    '2001:4:112::1',
    '2001:20::1',
  ])('%s is public', (address) => {
    expect(addressRefusal(address)).toBeNull();
  });

  it('answers "not an address" for anything else', () => {
    for (const text of ['', 'example.com', '1.2.3', '1.2.3.256', '::g']) expect(addressRefusal(text), text).toBe('not an address');
  });

  it('refuses literal private hosts and localhost names before connecting, unless private destinations are allowed', () => {
    expect(literalHostRefusal(new URL('http://127.0.0.1:8080/'), false)).toBe('127.0.0.1 is a loopback address');
    expect(literalHostRefusal(new URL('http://[::1]/'), false)).toBe('::1 is a loopback address');
    expect(literalHostRefusal(new URL('http://[::ffff:192.168.0.1]/'), false)).toMatch(/private/);
    expect(literalHostRefusal(new URL('http://localhost/'), false)).toMatch(/loopback/);
    expect(literalHostRefusal(new URL('http://shop.example/'), false)).toBeNull();
    expect(literalHostRefusal(new URL('http://127.0.0.1/'), true)).toBeNull();
  });

  it('refuses a name when any of its addresses is private (the lookup the connection uses)', async () => {
    const lookupOf = (addresses: string[]) => guardedLookup(async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
    const run = (addresses: string[]) =>
      new Promise<{ error: Error | null; address: unknown }>((resolve) => lookupOf(addresses)('rebind.example', { all: true }, (error, address) => resolve({ error, address })));
    expect((await run(['93.184.215.14'])).error).toBeNull();
    const refused = await run(['93.184.215.14', '10.0.0.7']);
    expect(refused.error?.message).toBe('rebind.example resolves to 10.0.0.7, a private address');
  });
});
