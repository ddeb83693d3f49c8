/**
 * nodeDnsResolver against the loopback DNS server of test/support/fakes/dns.ts: what each kind of zone
 * answers, the time budget, failover, TCP after truncation, and the cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeDnsResolver } from '../../src/adapters/dns-node.js';
import { startFakeDns, type FakeDns } from '../support/fakes/dns.js';

let fake: FakeDns;
let dead: FakeDns;

beforeAll(async () => {
  fake = await startFakeDns({
    'acme-mail.com': { mx: [{ priority: 20, exchange: 'mx2.acme-mail.com' }, { priority: 10, exchange: 'MX1.Acme-Mail.com' }] },
    'null-mx.com': { mx: [{ priority: 0, exchange: '.' }], a: ['203.0.114.7'] },
    'mixed-null-mx.com': { mx: [{ priority: 0, exchange: '.' }, { priority: 10, exchange: 'mx.mixed-null-mx.com' }] },
    'a-only.com': { a: ['203.0.114.10', '203.0.114.11'], aaaa: ['2a00:1450:4001::1'], ttl: 120 },
    'v6-only.com': { aaaa: ['2a00:1450:4001::2'] },
    'empty-name.com': {},
    'servfail.com': { rcode: 'SERVFAIL' },
    'refused.com': { rcode: 'REFUSED' },
    'silent.com': { silent: true },
    'big-mx.com': {
      mx: Array.from({ length: 30 }, (_, i) => ({ priority: i, exchange: `mx${i}.a-long-mail-exchange-name.big-mx.com` })),
    },
  });
  // A second server where every name the first one knows is silent: a dead resolver.
  dead = await startFakeDns({ 'acme-mail.com': { silent: true }, 'silent.com': { silent: true } });
});

afterAll(async () => {
  await fake.close();
  await dead.close();
});

/** A resolver on the fake, without cache unless asked, so each test sees the server's answer. */
function resolver(options: Parameters<typeof nodeDnsResolver>[0] = {}) {
  return nodeDnsResolver({ servers: [fake.server], timeoutMs: 1000, maxTtlSeconds: 0, ...options });
}

describe('nodeDnsResolver answers', () => {
  it('MX records sorted by preference, host names lower-case', async () => {
    expect(await resolver().mx('acme-mail.com')).toEqual({
      kind: 'records',
      records: [
        { exchange: 'mx1.acme-mail.com', priority: 10 },
        { exchange: 'mx2.acme-mail.com', priority: 20 },
      ],
      ttl: 0,
    });
  });

  it('reports the MX TTL it keeps answers for, 60 s, since Node does not expose the real one', async () => {
    const answer = await resolver({ maxTtlSeconds: 300 }).mx('acme-mail.com');
    expect(answer).toMatchObject({ kind: 'records', ttl: 60 });
  });

  it('null MX (RFC 7505), even when the domain has an A record', async () => {
    expect(await resolver().mx('null-mx.com')).toEqual({ kind: 'null-mx', ttl: 0 });
  });

  it('uses the real MX records when a null MX is published next to them', async () => {
    expect(await resolver().mx('mixed-null-mx.com')).toMatchObject({
      kind: 'records',
      records: [{ exchange: 'mx.mixed-null-mx.com', priority: 10 }],
    });
  });

  it('A-only domain: MX is NODATA, the A lookup brings A and AAAA together with the smallest TTL', async () => {
    const dns = resolver({ maxTtlSeconds: 300 });
    expect(await dns.mx('a-only.com')).toEqual({ kind: 'nodata' });
    const answer = await dns.a('a-only.com');
    expect(answer).toMatchObject({ kind: 'records', ttl: 120 });
    expect(answer.kind === 'records' && [...answer.records].sort()).toEqual(['203.0.114.10', '203.0.114.11', '2a00:1450:4001::1']);
  });

  it('an IPv6-only domain still has an address', async () => {
    expect(await resolver().a('v6-only.com')).toMatchObject({ kind: 'records', records: ['2a00:1450:4001::2'] });
  });

  it('a name without records: NODATA for MX and for addresses', async () => {
    const dns = resolver();
    expect(await dns.mx('empty-name.com')).toEqual({ kind: 'nodata' });
    expect(await dns.a('empty-name.com')).toEqual({ kind: 'nodata' });
  });

  it('no such domain: NXDOMAIN for MX and for addresses', async () => {
    const dns = resolver();
    expect(await dns.mx('no-such-domain.com')).toEqual({ kind: 'nxdomain' });
    expect(await dns.a('no-such-domain.com')).toEqual({ kind: 'nxdomain' });
  });

  it('SERVFAIL and REFUSED are failures to ask, not answers about the domain', async () => {
    const dns = resolver();
    expect(await dns.mx('servfail.com')).toEqual({ kind: 'error', reason: 'servfail' });
    expect(await dns.a('servfail.com')).toEqual({ kind: 'error', reason: 'servfail' });
    expect(await dns.mx('refused.com')).toEqual({ kind: 'error', reason: 'refused' });
  });

  it('asks again over TCP when the UDP answer is truncated', async () => {
    const answer = await resolver().mx('big-mx.com');
    expect(answer.kind === 'records' && answer.records.length).toBe(30);
    const transports = fake.questions.filter((q) => q.name === 'big-mx.com').map((q) => q.transport);
    expect(transports).toContain('udp');
    expect(transports).toContain('tcp');
  });

  it('takes a fully qualified or upper-case name as the same domain', async () => {
    expect(await resolver().mx('ACME-MAIL.COM.')).toMatchObject({ kind: 'records' });
  });

  it('never rejects, whatever the name', async () => {
    const dns = resolver({ timeoutMs: 300 });
    for (const name of ['', '.', 'a..b', `${'x'.repeat(64)}.com`, `${'abc.'.repeat(70)}com`, 'white space.com', 'ünïcode.com']) {
      const [mx, a] = await Promise.all([dns.mx(name), dns.a(name)]);
      expect(['records', 'nxdomain', 'nodata', 'error', 'null-mx']).toContain(mx.kind);
      expect(['records', 'nxdomain', 'nodata', 'error']).toContain(a.kind);
    }
  });
});

describe('nodeDnsResolver time budget', () => {
  it('answers timeout within the budget when the server never answers', async () => {
    const dns = resolver({ timeoutMs: 400 });
    const started = performance.now();
    const [mx, a] = await Promise.all([dns.mx('silent.com'), dns.a('silent.com')]);
    const elapsed = performance.now() - started;
    expect(mx).toEqual({ kind: 'error', reason: 'timeout' });
    expect(a).toEqual({ kind: 'error', reason: 'timeout' });
    expect(elapsed).toBeGreaterThanOrEqual(350);
    // The budget given, not the default 2 s, with room for a loaded machine's late timers.
    expect(elapsed).toBeLessThan(1_500);
  });

  it('keeps the budget with several dead servers', async () => {
    const dns = nodeDnsResolver({ servers: [dead.server, dead.server.replace('127.0.0.1', '127.0.0.2'), dead.server], timeoutMs: 600 });
    const started = performance.now();
    expect(await dns.mx('silent.com')).toEqual({ kind: 'error', reason: 'timeout' });
    expect(performance.now() - started).toBeLessThan(600 + 400);
  });

  it('fails over to the next server within the budget', async () => {
    const dns = nodeDnsResolver({ servers: [dead.server, fake.server], timeoutMs: 1200 });
    const started = performance.now();
    expect(await dns.mx('acme-mail.com')).toMatchObject({ kind: 'records' });
    expect(performance.now() - started).toBeLessThan(1200);
    expect(dead.count('acme-mail.com', 'MX')).toBeGreaterThanOrEqual(1);
  });

  it('gives up at once when the caller aborts', async () => {
    const dns = resolver({ timeoutMs: 5000 });
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 50);
    expect(await dns.mx('silent.com', controller.signal)).toEqual({ kind: 'error', reason: 'timeout' });
    expect(performance.now() - started).toBeLessThan(1000);
    const aborted = AbortSignal.abort();
    expect(await dns.a('acme-mail.com', aborted)).toEqual({ kind: 'error', reason: 'timeout' });
  });
});

describe('nodeDnsResolver cache', () => {
  function clock(start = 1_000_000) {
    let ms = start;
    return { now: () => ms, advance: (seconds: number) => (ms += seconds * 1000) };
  }

  it('reuses an MX answer for 60 s, then asks again', async () => {
    const time = clock();
    const dns = resolver({ maxTtlSeconds: 300, now: time.now });
    const before = fake.count('acme-mail.com', 'MX');
    await dns.mx('acme-mail.com');
    time.advance(59);
    const again = await dns.mx('acme-mail.com');
    expect(fake.count('acme-mail.com', 'MX')).toBe(before + 1);
    expect(again).toMatchObject({ kind: 'records', ttl: 1 });
    time.advance(1);
    await dns.mx('acme-mail.com');
    expect(fake.count('acme-mail.com', 'MX')).toBe(before + 2);
  });

  it('reuses addresses for their own TTL, bounded by maxTtlSeconds', async () => {
    const time = clock();
    fake.zones.set('ttl-5.com', { a: ['203.0.114.20'], ttl: 5 });
    fake.zones.set('ttl-long.com', { a: ['203.0.114.21'], ttl: 86400 });
    const dns = resolver({ maxTtlSeconds: 300, now: time.now });
    await dns.a('ttl-5.com');
    const long = await dns.a('ttl-long.com');
    expect(long).toMatchObject({ ttl: 300 });
    // Each is asked again when its TTL has run out (5 s; 300 s, the bound), not a second before.
    for (const [name, secondsStillCached] of [['ttl-5.com', 4], ['ttl-long.com', 294]] as const) {
      time.advance(secondsStillCached);
      await dns.a(name);
      expect(fake.count(name, 'A')).toBe(1);
      time.advance(1);
      await dns.a(name);
      expect(fake.count(name, 'A')).toBe(2);
    }
  });

  it('reuses NXDOMAIN and NODATA for 60 s', async () => {
    const time = clock();
    const dns = resolver({ maxTtlSeconds: 300, now: time.now });
    const nx = fake.count('never-registered.com', 'MX');
    const nodata = fake.count('empty-name.com', 'MX');
    await dns.mx('never-registered.com');
    await dns.mx('empty-name.com');
    time.advance(30);
    expect(await dns.mx('never-registered.com')).toEqual({ kind: 'nxdomain' });
    expect(await dns.mx('empty-name.com')).toEqual({ kind: 'nodata' });
    expect(fake.count('never-registered.com', 'MX')).toBe(nx + 1);
    expect(fake.count('empty-name.com', 'MX')).toBe(nodata + 1);
    time.advance(30);
    await dns.mx('never-registered.com');
    expect(fake.count('never-registered.com', 'MX')).toBe(nx + 2);
  });

  it('does not keep failures: the next lookup asks again', async () => {
    const dns = resolver({ maxTtlSeconds: 300 });
    const before = fake.count('servfail.com', 'MX');
    await dns.mx('servfail.com');
    await dns.mx('servfail.com');
    expect(fake.count('servfail.com', 'MX')).toBe(before + 2);
  });

  it('shares one query between lookups of the same name in flight', async () => {
    fake.zones.set('shared.com', { mx: [{ priority: 10, exchange: 'mx.shared.com' }] });
    const dns = resolver({ maxTtlSeconds: 300 });
    const answers = await Promise.all([dns.mx('shared.com'), dns.mx('SHARED.com'), dns.mx('shared.com.')]);
    expect(new Set(answers.map((answer) => answer.kind))).toEqual(new Set(['records']));
    expect(fake.count('shared.com', 'MX')).toBe(1);
  });

  it('keeps at most cacheEntries answers, dropping the oldest', async () => {
    for (const name of ['c1.com', 'c2.com', 'c3.com']) fake.zones.set(name, { a: ['203.0.114.30'] });
    const dns = resolver({ maxTtlSeconds: 300, cacheEntries: 2 });
    for (const name of ['c1.com', 'c2.com', 'c3.com', 'c3.com', 'c2.com', 'c1.com']) await dns.a(name);
    expect([fake.count('c1.com', 'A'), fake.count('c2.com', 'A'), fake.count('c3.com', 'A')]).toEqual([2, 1, 1]);
  });

  it('has no cache with maxTtlSeconds 0', async () => {
    const dns = resolver({ maxTtlSeconds: 0 });
    const before = fake.count('a-only.com', 'A');
    await dns.a('a-only.com');
    await dns.a('a-only.com');
    expect(fake.count('a-only.com', 'A')).toBe(before + 2);
  });
});

describe('nodeDnsResolver options', () => {
  it('refuses a bad budget or a malformed server when it is made, not per lookup', () => {
    expect(() => nodeDnsResolver({ timeoutMs: 0 })).toThrow(RangeError);
    expect(() => nodeDnsResolver({ timeoutMs: Number.NaN })).toThrow(RangeError);
    expect(() => nodeDnsResolver({ servers: ['not an address'] })).toThrow();
  });

  it('uses the system resolvers when no server is given', () => {
    expect(() => nodeDnsResolver()).not.toThrow();
  });
});
