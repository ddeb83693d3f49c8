/**
 * rdapDomainAge against the loopback RDAP service of test/support/fakes/rdap.ts: bootstrap, registrable
 * domain, the registration event, every way a lookup fails (always null, never a rejection), and
 * the caches.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rdapDomainAge, readRdapBootstrap, readRegistrationDate, type RdapDomainAgeOptions } from '../../src/adapters/rdap.js';
import { startFakeRdap, type FakeRdap } from '../support/fakes/rdap.js';

let fake: FakeRdap;

beforeAll(async () => {
  fake = await startFakeRdap();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.bootstrapBehaviour = 'answer';
  fake.domains.clear();
  fake.domains.set('old-company.com', { registration: '1997-03-14T05:00:00Z' });
  fake.domains.set('acme-corp.co.uk', { registration: '2012-06-01T10:30:00Z' });
  fake.domains.set('no-event.org', {});
});

function source(options: RdapDomainAgeOptions = {}) {
  return rdapDomainAge({ bootstrapUrl: fake.bootstrapUrl, timeoutMs: 1000, ...options });
}

function clock(start = Date.parse('2026-11-22T12:00:00Z')) {
  let ms = start;
  return { now: () => ms, advance: (ms2: number) => (ms += ms2) };
}

describe('rdapDomainAge lookups', () => {
  it('reads the registration event of the domain object', async () => {
    expect(await source().registeredAt('old-company.com')).toEqual(new Date('1997-03-14T05:00:00Z'));
  });

  it('asks about the registrable domain at the service of its TLD (public suffixes known)', async () => {
    const before = fake.count('/rdap/nominet/domain/acme-corp.co.uk');
    expect(await source().registeredAt('Mail.Shop.ACME-CORP.co.uk')).toEqual(new Date('2012-06-01T10:30:00Z'));
    expect(fake.count('/rdap/nominet/domain/acme-corp.co.uk')).toBe(before + 1);
  });

  it('asks about the ICANN registrable domain, not a private suffix such as a hosting platform', async () => {
    fake.domains.set('blogspot.com', { registration: '2000-07-31T00:00:00Z' });
    expect(await source().registeredAt('someone.blogspot.com')).toEqual(new Date('2000-07-31T00:00:00Z'));
  });

  it('null when the TLD has no RDAP service, without asking any registry', async () => {
    const before = fake.count('/rdap/');
    expect(await source().registeredAt('beispiel-firma.de')).toBeNull();
    expect(fake.count('/rdap/')).toBe(before);
  });

  it('null for a domain the registry does not know (404) and for an object without a registration event', async () => {
    const rdap = source();
    expect(await rdap.registeredAt('never-registered.com')).toBeNull();
    expect(await rdap.registeredAt('no-event.org')).toBeNull();
  });

  it.each([429, 500, 503] as const)('null when the registry answers %i', async (status) => {
    fake.domains.set('busy.com', { status });
    expect(await source().registeredAt('busy.com')).toBeNull();
  });

  it('null for malformed JSON', async () => {
    fake.domains.set('broken.com', { behaviour: 'malformed' });
    expect(await source().registeredAt('broken.com')).toBeNull();
  });

  it('null within the budget when the registry never answers', async () => {
    fake.domains.set('slow.com', { behaviour: 'hang' });
    const started = performance.now();
    expect(await source({ timeoutMs: 300 }).registeredAt('slow.com')).toBeNull();
    expect(performance.now() - started).toBeLessThan(300 + 400);
  });

  it('null within the budget even with a fetch that ignores its signal', async () => {
    const neverSettles: typeof fetch = () => new Promise<Response>(() => undefined);
    const started = performance.now();
    expect(await source({ fetch: neverSettles, timeoutMs: 200 }).registeredAt('old-company.com')).toBeNull();
    expect(performance.now() - started).toBeLessThan(200 + 400);
  });

  it('null at once when the caller aborts', async () => {
    fake.domains.set('slow.com', { behaviour: 'hang' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const started = performance.now();
    expect(await source({ timeoutMs: 5000 }).registeredAt('slow.com', controller.signal)).toBeNull();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('null, without a request, for names that have no registrable domain', async () => {
    const before = fake.requests.length;
    const rdap = source();
    for (const name of ['203.0.113.7', 'localhost', 'co.uk', '', 'bad..name.com']) expect(await rdap.registeredAt(name)).toBeNull();
    expect(fake.requests.length).toBe(before);
  });

  it('never rejects, even when fetch throws', async () => {
    const throwing: typeof fetch = () => {
      throw new TypeError('fetch failed');
    };
    await expect(source({ fetch: throwing }).registeredAt('old-company.com')).resolves.toBeNull();
  });

  it('uses the injected fetch for the bootstrap and the query', async () => {
    const urls: string[] = [];
    const counting: typeof fetch = (input, init) => {
      urls.push(String(input));
      return fetch(input, init);
    };
    await source({ fetch: counting }).registeredAt('old-company.com');
    expect(urls).toEqual([fake.bootstrapUrl, `${fake.url}/rdap/verisign/domain/old-company.com`]);
  });
});

describe('rdapDomainAge bootstrap', () => {
  it('reads the bootstrap once for many lookups, also concurrent ones', async () => {
    const before = fake.count('/bootstrap/');
    const rdap = source();
    await Promise.all([rdap.registeredAt('old-company.com'), rdap.registeredAt('acme-corp.co.uk'), rdap.registeredAt('no-event.org')]);
    await rdap.registeredAt('never-registered.com');
    expect(fake.count('/bootstrap/')).toBe(before + 1);
  });

  it('reads it again after bootstrapMaxAgeMs, answering from the old copy meanwhile', async () => {
    const time = clock();
    const rdap = source({ now: time.now, bootstrapMaxAgeMs: 60_000 });
    const before = fake.count('/bootstrap/');
    await rdap.registeredAt('old-company.com');
    time.advance(59_000);
    await rdap.registeredAt('acme-corp.co.uk');
    expect(fake.count('/bootstrap/')).toBe(before + 1);
    time.advance(2_000);
    fake.bootstrapBehaviour = 'hang';
    // The refresh hangs, the stale copy answers at once.
    const started = performance.now();
    expect(await rdap.registeredAt('new-lookup.com')).toBeNull();
    expect(await rdap.registeredAt('www.old-company.com')).toEqual(new Date('1997-03-14T05:00:00Z'));
    expect(performance.now() - started).toBeLessThan(500);
    expect(fake.count('/bootstrap/')).toBe(before + 2);
  });

  it('null while the bootstrap cannot be read, and tries again a minute later', async () => {
    const time = clock();
    fake.bootstrapBehaviour = 'error-500';
    const rdap = source({ now: time.now });
    const before = fake.count('/bootstrap/');
    expect(await rdap.registeredAt('old-company.com')).toBeNull();
    fake.bootstrapBehaviour = 'answer';
    time.advance(30_000);
    // Still inside the retry pause: the bootstrap is not read again yet.
    expect(await rdap.registeredAt('acme-corp.co.uk')).toBeNull();
    expect(fake.count('/bootstrap/')).toBe(before + 1);
    time.advance(31_000);
    expect(await rdap.registeredAt('acme-corp.co.uk')).toEqual(new Date('2012-06-01T10:30:00Z'));
    expect(fake.count('/bootstrap/')).toBe(before + 2);
  });

  it.each(['malformed', 'hang'] as const)('null when the bootstrap is %s', async (behaviour) => {
    fake.bootstrapBehaviour = behaviour;
    expect(await source({ timeoutMs: 300 }).registeredAt('old-company.com')).toBeNull();
  });

  it('readRdapBootstrap takes the https URL of a service and adds the missing slash', () => {
    const services = readRdapBootstrap({
      services: [
        [['com', 'NET'], ['http://rdap.example/com/', 'https://rdap.example/com']],
        [['uk'], ['https://rdap.nominet.example/uk/']],
        [['bad'], ['ftp://nope.example/']],
        'not a service',
      ],
    });
    expect(services && Object.fromEntries(services)).toEqual({
      com: 'https://rdap.example/com/',
      net: 'https://rdap.example/com/',
      uk: 'https://rdap.nominet.example/uk/',
    });
    expect(readRdapBootstrap({ version: '1.0' })).toBeNull();
    expect(readRdapBootstrap(null)).toBeNull();
  });

  it('readRegistrationDate finds the registration event whatever its case, and only it', () => {
    expect(
      readRegistrationDate({
        events: [
          { eventAction: 'last changed', eventDate: '2024-01-01T00:00:00Z' },
          { eventAction: 'Registration', eventDate: '2003-05-06T07:08:09Z' },
        ],
      }),
    ).toEqual(new Date('2003-05-06T07:08:09Z'));
    expect(readRegistrationDate({ events: [{ eventAction: 'expiration', eventDate: '2030-01-01T00:00:00Z' }] })).toBeNull();
    expect(readRegistrationDate({ events: [{ eventAction: 'registration', eventDate: 'not a date' }] })).toBeNull();
    expect(readRegistrationDate({ events: 'none' })).toBeNull();
  });
});

describe('rdapDomainAge cache', () => {
  it('keeps a registration date for a day', async () => {
    const time = clock();
    const rdap = source({ now: time.now });
    const path = '/rdap/verisign/domain/old-company.com';
    const before = fake.count(path);
    await rdap.registeredAt('old-company.com');
    time.advance(23 * 3600_000);
    expect(await rdap.registeredAt('mx.old-company.com')).toEqual(new Date('1997-03-14T05:00:00Z'));
    expect(fake.count(path)).toBe(before + 1);
    time.advance(2 * 3600_000);
    await rdap.registeredAt('old-company.com');
    expect(fake.count(path)).toBe(before + 2);
  });

  it('keeps a failure for 5 minutes, which also eases a rate limit', async () => {
    const time = clock();
    fake.domains.set('limited.com', { status: 429 });
    const rdap = source({ now: time.now });
    const path = '/rdap/verisign/domain/limited.com';
    const before = fake.count(path);
    await rdap.registeredAt('limited.com');
    fake.domains.set('limited.com', { registration: '2020-02-02T00:00:00Z' });
    time.advance(4 * 60_000);
    expect(await rdap.registeredAt('limited.com')).toBeNull();
    time.advance(61_000);
    expect(await rdap.registeredAt('limited.com')).toEqual(new Date('2020-02-02T00:00:00Z'));
    expect(fake.count(path)).toBe(before + 2);
  });

  it('returns a copy, so a caller cannot change the cached date', async () => {
    const rdap = source();
    const first = await rdap.registeredAt('old-company.com');
    first?.setFullYear(2030);
    expect(await rdap.registeredAt('old-company.com')).toEqual(new Date('1997-03-14T05:00:00Z'));
  });
});
