/** The SSRF guard of webhook destinations: only public addresses, in every spelling of a private one. */
import { describe, expect, it } from 'vitest';
import { addressRefusal, guardedLookup, literalHostRefusal, readWebhookUrl } from '../../../src/server/webhooks/destination.js';

describe('webhook URLs', () => {
  it('takes http and https URLs, and refuses other schemes, credentials, garbage and very long ones', () => {
    expect(readWebhookUrl('https://shop.example/hooks?x=1')).toEqual({ ok: true, url: 'https://shop.example/hooks?x=1' });
    expect(readWebhookUrl('http://shop.example').ok).toBe(true);
    for (const bad of ['ftp://shop.example/', 'file:///etc/passwd', 'javascript:alert(1)', 'https://user:pw@shop.example/', 'not a url', '', `https://e.example/${'a'.repeat(2100)}`]) {
      expect(readWebhookUrl(bad).ok, bad).toBe(false);
    }
  });
});

describe('addresses refused as destinations', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['0.0.0.0', 'an unspecified address'],
    ['10.1.2.3', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['169.254.169.254', 'a link-local address'],
    ['100.64.0.1', 'a shared (CGNAT) address'],
    ['100.127.255.255', 'a shared (CGNAT) address'],
    ['224.0.0.1', 'a multicast address'],
    ['255.255.255.255', 'a reserved address'],
    ['::', 'an unspecified address'],
    ['::1', 'a loopback address'],
    ['fe80::1', 'a link-local address'],
    ['fc00::1', 'a unique-local address'],
    ['fd12:3456::1', 'a unique-local address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:10.0.0.1', 'a private address'],
    ['::ffff:169.254.169.254', 'a link-local address'],
    ['64:ff9b::a9fe:a9fe', 'a link-local address'],
    ['ff02::1', 'a multicast address'],
  ])('%s is %s', (address, why) => {
    expect(addressRefusal(address)).toBe(why);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '2001:db8::1'.replace('db8', '4860')])('%s is public', (address) => {
    expect(addressRefusal(address)).toBeNull();
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
