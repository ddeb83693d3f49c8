/**
 * `--trust-proxy` (docs/service.md#failed-authentication): which entries it takes, and which address
 * of X-Forwarded-For becomes a request's source.
 */
import { describe, expect, it } from 'vitest';
import { requestSource, trustedProxies } from '../../../src/server/http/client-source.js';

describe('trustedProxies', () => {
  it('takes loopback, addresses and CIDR blocks, IPv4 and IPv6', () => {
    const trusted = trustedProxies(['loopback', '10.0.0.0/8', '192.0.2.7', 'fd00::/8']);
    for (const address of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1', '10.200.0.1', '192.0.2.7', 'fd12::1']) expect(trusted(address), address).toBe(true);
    for (const address of ['192.0.2.8', '11.0.0.1', '2001:db8::1', 'not-an-address']) expect(trusted(address), address).toBe(false);
  });

  it('refuses anything else, naming it', () => {
    for (const entry of ['localhost', '10.0.0.0/33', '10.0.0.0/', '10.0.0.0/8x', '300.1.1.1', 'fd00::/129']) {
      expect(() => trustedProxies([entry]), entry).toThrow(new RegExp(JSON.stringify(entry).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')));
    }
  });
});

describe('requestSource', () => {
  const trusted = trustedProxies(['loopback', '10.0.0.0/8']);

  it('is the peer unless the peer is a trusted proxy', () => {
    expect(requestSource('198.51.100.1', '203.0.113.9', trusted)).toBe('198.51.100.1');
    expect(requestSource('::ffff:198.51.100.1', null, trusted)).toBe('198.51.100.1');
    expect(requestSource('127.0.0.1', null, trusted)).toBe('127.0.0.1');
  });

  it('reads X-Forwarded-For from the right, skipping trusted proxies: what a client wrote to the left is not believed', () => {
    expect(requestSource('127.0.0.1', '203.0.113.9', trusted)).toBe('203.0.113.9');
    expect(requestSource('127.0.0.1', '1.2.3.4, 203.0.113.9, 10.1.1.1', trusted)).toBe('203.0.113.9');
    // A hop that is no address ends the walk at the last good one.
    expect(requestSource('127.0.0.1', 'garbage, 10.1.1.1', trusted)).toBe('10.1.1.1');
  });

  it('ignores the header without trusted proxies', () => {
    expect(requestSource('127.0.0.1', '203.0.113.9', trustedProxies([]))).toBe('127.0.0.1');
  });
});
