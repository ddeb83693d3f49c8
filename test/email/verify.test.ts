/**
 * verifyEmail end to end: nodeDnsResolver against the loopback DNS server and rdapDomainAge
 * against the loopback RDAP service, for every case of docs/fields/email.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeDnsResolver } from '../../src/adapters/dns-node.js';
import { rdapDomainAge } from '../../src/adapters/rdap.js';
import { verifyEmail, type VerifyEmailOptions } from '../../src/email/verify.js';
import type { DnsResolver, DomainAgeSource } from '../../src/ports.js';
import type { EmailValidationResult } from '../../src/result.js';
import { startFakeDns, type FakeDns, type FakeZone } from '../support/fakes/dns.js';
import { startFakeRdap, type FakeRdap } from '../support/fakes/rdap.js';
import { NO_RISK_SIGNALS } from '../support/email-signals.js';

/** Globally routable addresses for the fake's mail hosts (never contacted: DNS data only). */
const PUBLIC_V4 = '81.2.69.142';
const PUBLIC_V4_B = '81.2.69.160';

const ZONES: Record<string, FakeZone> = {
  // A company with two MX hosts of its own.
  'northwind-traders.com': {
    mx: [
      { priority: 10, exchange: 'mx1.northwind-traders.com' },
      { priority: 20, exchange: 'mx2.northwind-traders.com' },
    ],
  },
  'mx1.northwind-traders.com': { a: [PUBLIC_V4] },
  'mx2.northwind-traders.com': { a: [PUBLIC_V4_B] },
  // Google Workspace customer.
  'contoso-gw.com': {
    mx: [
      { priority: 1, exchange: 'aspmx.l.google.com' },
      { priority: 5, exchange: 'alt1.aspmx.l.google.com' },
    ],
  },
  'aspmx.l.google.com': { a: ['142.250.153.26'], aaaa: ['2a00:1450:4013:c16::1a'] },
  'alt1.aspmx.l.google.com': { a: ['142.250.153.27'] },
  // Mimecast in front, Google as a backup: the gateway is reported.
  'fabrikam-gw.com': {
    mx: [
      { priority: 10, exchange: 'eu-smtp-inbound-1.mimecast.com' },
      { priority: 5, exchange: 'aspmx.l.google.com' },
    ],
  },
  'eu-smtp-inbound-1.mimecast.com': { a: ['195.130.217.1'] },
  // One MX host whose own name does not resolve.
  'lone-mx.com': { mx: [{ priority: 10, exchange: 'mail.lone-mx.com' }] },
  // No MX: the A record is the implicit MX.
  'a-only-shop.com': { a: [PUBLIC_V4] },
  'testnet-a.com': { a: ['192.0.2.10'] },
  'null-mx-corp.com': { mx: [{ priority: 0, exchange: '.' }], a: [PUBLIC_V4] },
  'no-mail-records.com': {},
  'servfail-corp.com': { rcode: 'SERVFAIL' },
  'refused-corp.com': { rcode: 'REFUSED' },
  'silent-corp.com': { silent: true },
  // A typo-squat of gmail.com with its own mail server, on the disposable lists.
  'gmial.com': { mx: [{ priority: 10, exchange: 'mx.gmial.com' }] },
  // A typo with mail records, not on any list.
  'yahooo.com': { mx: [{ priority: 10, exchange: 'mx.yahooo.com' }] },
  'mailinator.com': { mx: [{ priority: 10, exchange: 'mail.mailinator.com' }] },
  'duck.com': { mx: [{ priority: 10, exchange: 'inbound-smtp.duck.com' }] },
  'gmail.com': { mx: [{ priority: 5, exchange: 'gmail-smtp-in.l.google.com' }, { priority: 10, exchange: 'alt1.gmail-smtp-in.l.google.com' }] },
  'gmail-smtp-in.l.google.com': { a: ['142.251.9.26'] },
  'fresh-startup.com': { mx: [{ priority: 10, exchange: 'aspmx.l.google.com' }] },
};

const NOW = new Date('2026-11-22T12:00:00Z');

let fakeDns: FakeDns;
let fakeRdap: FakeRdap;
let dns: DnsResolver;
let domainAge: DomainAgeSource;

beforeAll(async () => {
  fakeDns = await startFakeDns(ZONES);
  fakeRdap = await startFakeRdap();
  fakeRdap.domains.set('northwind-traders.com', { registration: '2004-02-29T00:00:00Z' });
  fakeRdap.domains.set('contoso-gw.com', { registration: '2010-05-05T00:00:00Z' });
  // 3 days and 10 hours before NOW.
  fakeRdap.domains.set('fresh-startup.com', { registration: '2026-11-19T02:00:00Z' });
  fakeRdap.domains.set('gmail.com', { registration: '1995-08-13T04:00:00Z' });
  dns = nodeDnsResolver({ servers: [fakeDns.server], timeoutMs: 500 });
  // The loopback RDAP answers in milliseconds; 5 s leaves room for a machine loaded by the whole suite (1 s ran out once in CI).
  domainAge = rdapDomainAge({ bootstrapUrl: fakeRdap.bootstrapUrl, timeoutMs: 5000 });
});

afterAll(async () => {
  await fakeDns.close();
  await fakeRdap.close();
});

function verify(value: string, options: Partial<VerifyEmailOptions> = {}): Promise<EmailValidationResult> {
  return verifyEmail(value, { dns, domainAge, now: () => NOW, ...options });
}

describe('verifyEmail: the four `valid` false cases of docs/fields/email.md#verdict', () => {
  it.each([
    ['', 'Email cannot be empty', 'EMAIL_EMPTY'],
    ['   ', 'Email cannot be empty', 'EMAIL_EMPTY'],
    ['jane.doe', 'Invalid email format', 'EMAIL_MISSING_AT_SIGN'],
    ['jane@@northwind-traders.com', 'Invalid email format', 'EMAIL_INVALID_LOCAL_PART'],
    ['jane@northwind-traders', 'Invalid email format', 'EMAIL_DOMAIN_NEEDS_DOT'],
  ])('%j: %s (%s), without asking DNS', async (value, message, reason) => {
    const before = fakeDns.questions.length;
    const result = await verify(value);
    expect(result).toMatchObject({ valid: false, message, reason, normalizedValue: null, originalValue: value });
    expect(result.emailDetails).toMatchObject({ risk_score: 100, deliverability: 'UNDELIVERABLE' });
    expect(result.emailDetails.signals).toMatchObject({ syntax_valid: false, mx_valid: null });
    expect(fakeDns.questions.length).toBe(before);
  });

  it.each([
    ['null MX (RFC 7505), even with an A record', 'billing@null-mx-corp.com'],
    ['no such domain (NXDOMAIN)', 'billing@no-such-company-here.com'],
    ['a name with neither MX nor A/AAAA records', 'billing@no-mail-records.com'],
  ])('%s: "Domain has no valid MX or A records"', async (_, address) => {
    const result = await verify(address);
    expect(result).toMatchObject({ valid: false, message: 'Domain has no valid MX or A records', reason: 'EMAIL_NO_MX', normalizedValue: address });
    expect(result.emailDetails).toEqual({
      signals: expect.objectContaining({ syntax_valid: true, mx_valid: false }),
      risk_score: 100,
      deliverability: 'UNDELIVERABLE',
      applied_level: 'STANDARD',
    });
  });

  it('a blocklisted domain: "Domain reputation is blocked", without DNS lookups', async () => {
    const before = fakeDns.count('northwind-traders.com');
    const result = await verify('jane@northwind-traders.com', { blocklist: ['northwind-traders.com'] });
    expect(result).toMatchObject({ valid: false, message: 'Domain reputation is blocked', reason: 'EMAIL_BLOCKED' });
    expect(result.emailDetails).toMatchObject({ risk_score: 100, deliverability: 'UNDELIVERABLE' });
    expect(result.emailDetails.signals.mx_valid).toBeNull();
    expect(fakeDns.count('northwind-traders.com')).toBe(before);
  });

  it('blocks parent domains and full addresses; other addresses of the domain stay valid', async () => {
    const blocklist = ['contoso-gw.com', 'fraud@gmail.com'];
    expect((await verify('jane@eu.mail.contoso-gw.com', { blocklist })).message).toBe('Domain reputation is blocked');
    expect(await verify('Fraud+2026@gmail.com', { blocklist })).toMatchObject({ message: 'Domain reputation is blocked', reason: 'EMAIL_BLOCKED' });
    expect(await verify('friend@gmail.com', { blocklist })).toMatchObject({ valid: true, message: 'Valid email address', reason: null });
  });
});

describe('verifyEmail: deliverability (docs/fields/email.md#risk-model)', () => {
  it('DELIVERABLE: MX records and no significant risk signal', async () => {
    const result = await verify('jane.doe@northwind-traders.com');
    expect(result).toEqual({
      valid: true,
      message: 'Valid email address',
      reason: null,
      normalizedValue: 'jane.doe@northwind-traders.com',
      originalValue: 'jane.doe@northwind-traders.com',
      validationLevel: 'STANDARD',
      emailDetails: {
        signals: {
          syntax_valid: true,
          mx_valid: true,
          ...NO_RISK_SIGNALS,
        },
        risk_score: 0,
        deliverability: 'DELIVERABLE',
        applied_level: 'STANDARD',
      },
    });
  });

  it('RISKY: no MX, mail falls back to the A record (implicit MX)', async () => {
    const result = await verify('jane@a-only-shop.com');
    expect(result).toMatchObject({ valid: true, message: 'Valid email address' });
    expect(result.emailDetails).toMatchObject({ risk_score: 15, deliverability: 'RISKY', signals: { mx_valid: true } });
  });

  it('RISKY: a disposable domain with mail records', async () => {
    const result = await verify('temp@mailinator.com');
    expect(result).toMatchObject({ valid: true, message: 'Valid email address, but it belongs to a disposable email service', reason: null });
    expect(result.emailDetails).toMatchObject({ risk_score: 60, deliverability: 'RISKY', signals: { disposable: true, mx_valid: true } });
  });

  it('RISKY: a typo of a known provider whose domain has its own mail records', async () => {
    const result = await verify('jane@yahooo.com');
    expect(result).toMatchObject({ valid: true, message: 'Valid email address. Did you mean jane@yahoo.com?', reason: null });
    expect(result.emailDetails).toMatchObject({ risk_score: 40, deliverability: 'RISKY', signals: { typo_detected: true, suggested_domain: 'yahoo.com' } });
  });

  it('UNDELIVERABLE with valid true: a typo domain with its own MX whose signals add up to a high risk (docs/fields/email.md#verdict)', async () => {
    const result = await verify('jane@gmial.com');
    expect(result).toMatchObject({ valid: true, message: 'Valid email address. Did you mean jane@gmail.com?', reason: null });
    expect(result.emailDetails).toMatchObject({
      risk_score: 100,
      deliverability: 'UNDELIVERABLE',
      signals: { mx_valid: true, typo_detected: true, suggested_domain: 'gmail.com', disposable: true },
    });
  });

  it('a role address stays valid and DELIVERABLE when the domain accepts mail (docs/fields/email.md#verdict)', async () => {
    for (const local of ['info', 'admin', 'support', 'noreply', 'postmaster', 'webmaster']) {
      const result = await verify(`${local}@northwind-traders.com`);
      expect(result).toMatchObject({ valid: true, message: 'Valid email address' });
      expect(result.emailDetails).toMatchObject({ risk_score: 10, deliverability: 'DELIVERABLE', signals: { role_based: true } });
    }
  });

  it('a relay (forwarding) address is a signal, not a risk that changes deliverability', async () => {
    const result = await verify('someone@duck.com');
    expect(result.emailDetails).toMatchObject({ risk_score: 5, deliverability: 'DELIVERABLE', signals: { relay: true } });
  });

  it('never answers UNKNOWN: that value is for validateEmail, which asks no DNS', async () => {
    for (const address of ['a@northwind-traders.com', 'a@servfail-corp.com', 'a@a-only-shop.com', 'a@null-mx-corp.com', 'nope']) {
      expect((await verify(address)).emailDetails.deliverability).not.toBe('UNKNOWN');
    }
  });
});

describe('verifyEmail: DNS that cannot be asked', () => {
  it.each([
    ['SERVFAIL', 'jane@servfail-corp.com'],
    ['REFUSED', 'jane@refused-corp.com'],
  ])('%s gives valid true, mx_valid null and RISKY', async (_, address) => {
    const result = await verify(address);
    expect(result).toMatchObject({
      valid: true,
      message: "Valid email address, but its domain's mail servers could not be checked right now",
      reason: null,
    });
    expect(result.emailDetails).toMatchObject({ risk_score: 15, deliverability: 'RISKY', signals: { mx_valid: null } });
  });

  it('a timeout never turns into valid false, and is answered within the DNS budget', async () => {
    const started = performance.now();
    const result = await verify('jane@silent-corp.com');
    const elapsed = performance.now() - started;
    expect(result.valid).toBe(true);
    expect(result.emailDetails).toMatchObject({ deliverability: 'RISKY', signals: { mx_valid: null } });
    // One MX lookup: the A fallback is not tried after a failure to ask.
    expect(elapsed).toBeLessThan(500 + 400);
    expect(fakeDns.count('silent-corp.com', 'A')).toBe(0);
  });

  it('at ADVANCED too (the RDAP lookup runs alongside, within its own budget)', async () => {
    const result = await verify('jane@silent-corp.com', { level: 'ADVANCED' });
    expect(result.valid).toBe(true);
    expect(result.emailDetails).toMatchObject({
      risk_level: 'LOW',
      deliverability: 'RISKY',
      signals: { mx_valid: null, mx_provider: null, mx_quality_score: null, domain_age_days: null },
    });
  });

  it('a DNS port that rejects, or answers nonsense, counts as one that could not be asked', async () => {
    const rejecting: DnsResolver = {
      mx: () => Promise.reject(new Error('socket hang up')),
      a: () => Promise.reject(new Error('socket hang up')),
    };
    const nonsense = { mx: () => Promise.resolve(null), a: () => Promise.resolve({ kind: 'records', records: [] }) } as unknown as DnsResolver;
    for (const port of [rejecting, nonsense]) {
      const result = await verifyEmail('jane@northwind-traders.com', { dns: port });
      expect(result).toMatchObject({ valid: true, emailDetails: { deliverability: 'RISKY', signals: { mx_valid: null } } });
    }
  });

  it('an MX answer followed by a failed A fallback question is an error too, not "no records"', async () => {
    const port: DnsResolver = {
      mx: () => Promise.resolve({ kind: 'nodata' }),
      a: () => Promise.resolve({ kind: 'error', reason: 'timeout' }),
    };
    const result = await verifyEmail('jane@northwind-traders.com', { dns: port });
    expect(result).toMatchObject({ valid: true, emailDetails: { deliverability: 'RISKY', signals: { mx_valid: null } } });
  });
});

describe('verifyEmail: ADVANCED and PREMIUM fields', () => {
  it('adds free_provider, domain_age_days, mx_provider, mx_quality_score and risk_level', async () => {
    const result = await verify('jane.doe@northwind-traders.com', { level: 'ADVANCED' });
    expect(result.validationLevel).toBe('ADVANCED');
    expect(result.emailDetails).toEqual({
      signals: {
        syntax_valid: true,
        mx_valid: true,
        ...NO_RISK_SIGNALS,
        free_provider: false,
        // 2004-02-29 to 2026-11-22.
        domain_age_days: Math.floor((NOW.getTime() - Date.parse('2004-02-29T00:00:00Z')) / 86_400_000),
        mx_provider: null,
        // Routable host 0.4 + two hosts 0.2 + host names 0.1 + real MX 0.1; provider unknown.
        mx_quality_score: 0.8,
      },
      risk_score: 0,
      risk_level: 'LOW',
      deliverability: 'DELIVERABLE',
      applied_level: 'ADVANCED',
    });
  });

  it('counts whole days from the registration to `now`', async () => {
    const result = await verify('ceo@fresh-startup.com', { level: 'ADVANCED' });
    expect(result.emailDetails.signals.domain_age_days).toBe(3);
    // Younger than 30 days: +25, on top of the role +10.
    expect(result.emailDetails).toMatchObject({ risk_score: 35, risk_level: 'MEDIUM', deliverability: 'RISKY' });
    expect(result.valid).toBe(true);
  });

  it('names the provider and scores a Google Workspace domain 1.0', async () => {
    const result = await verify('jane@contoso-gw.com', { level: 'PREMIUM' });
    expect(result.validationLevel).toBe('PREMIUM');
    expect(result.emailDetails.applied_level).toBe('PREMIUM');
    expect(result.emailDetails.signals).toMatchObject({ mx_provider: 'Google Workspace', mx_quality_score: 1, free_provider: false });
  });

  it('reports a security gateway rather than the mailbox provider behind it', async () => {
    const result = await verify('jane@fabrikam-gw.com', { level: 'ADVANCED' });
    expect(result.emailDetails.signals.mx_provider).toBe('Mimecast');
  });

  it('free provider and consumer mailbox: gmail.com', async () => {
    const result = await verify('jane.doe@gmail.com', { level: 'ADVANCED' });
    expect(result.emailDetails.signals).toMatchObject({ free_provider: true, mx_provider: 'Gmail', mx_quality_score: 1 });
    expect(result.emailDetails.deliverability).toBe('DELIVERABLE');
  });

  it('scores what it can prove: an MX host without an address, an A fallback, a TEST-NET fallback, no mail', async () => {
    const scoreOf = async (address: string) => (await verify(address, { level: 'ADVANCED' })).emailDetails.signals.mx_quality_score;
    expect(await scoreOf('a@lone-mx.com')).toBe(0.2);
    expect(await scoreOf('a@a-only-shop.com')).toBe(0.4);
    expect(await scoreOf('a@testnet-a.com')).toBe(0);
    expect(await scoreOf('a@null-mx-corp.com')).toBe(0);
    expect(await scoreOf('a@no-such-company-here.com')).toBe(0);
  });

  it('domain_age_days is null without a DomainAgeSource, or when it fails', async () => {
    const failing: DomainAgeSource = { registeredAt: () => Promise.reject(new Error('boom')) };
    for (const options of [{ domainAge: undefined }, { domainAge: failing }]) {
      const result = await verify('jane@northwind-traders.com', { level: 'ADVANCED', ...options });
      expect(result.emailDetails.signals.domain_age_days).toBeNull();
      expect(result.emailDetails.risk_score).toBe(0);
    }
  });

  it('asks the DomainAgeSource only at ADVANCED and PREMIUM', async () => {
    const asked: string[] = [];
    const counting: DomainAgeSource = {
      registeredAt: (domain) => {
        asked.push(domain);
        return Promise.resolve(new Date('2001-01-01T00:00:00Z'));
      },
    };
    await verify('jane@northwind-traders.com', { domainAge: counting });
    await verify('jane@northwind-traders.com', { domainAge: counting, level: 'STANDARD' });
    expect(asked).toEqual([]);
    await verify('jane@northwind-traders.com', { domainAge: counting, level: 'PREMIUM' });
    expect(asked).toEqual(['northwind-traders.com']);
  });
});

describe('verifyEmail: depth by level (docs/fields/email.md#depth)', () => {
  const ADVANCED_ONLY = ['free_provider', 'domain_age_days', 'mx_provider', 'mx_quality_score'] as const;

  /** The result with what only ADVANCED/PREMIUM return, and the level names, taken out. */
  function standardPart(result: EmailValidationResult) {
    const { risk_level: _riskLevel, applied_level: _applied, signals, ...details } = result.emailDetails;
    const standardSignals: Record<string, unknown> = { ...signals };
    for (const key of ADVANCED_ONLY) delete standardSignals[key];
    const { validationLevel: _level, emailDetails: _details, ...envelope } = result;
    return { envelope, details, signals: standardSignals };
  }

  it.each([
    'jane.doe@northwind-traders.com',
    'info@contoso-gw.com',
    'jane@gmial.com',
    'jane@yahooo.com',
    'temp@mailinator.com',
    'orders@a-only-shop.com',
    'jane@servfail-corp.com',
    'billing@null-mx-corp.com',
    'billing@no-such-company-here.com',
    'not an address',
    '',
  ])('%j: same verdict, message and STANDARD fields at every level', async (address) => {
    const [standard, advanced, premium] = await Promise.all([
      verify(address, { level: 'STANDARD' }),
      verify(address, { level: 'ADVANCED' }),
      verify(address, { level: 'PREMIUM' }),
    ]);
    expect(standardPart(advanced)).toEqual(standardPart(standard));
    expect(standardPart(premium)).toEqual(standardPart(standard));
    expect([standard.validationLevel, advanced.validationLevel, premium.validationLevel]).toEqual(['STANDARD', 'ADVANCED', 'PREMIUM']);
    expect([standard.emailDetails.applied_level, advanced.emailDetails.applied_level]).toEqual(['STANDARD', 'ADVANCED']);
    // STANDARD returns none of the ADVANCED fields; ADVANCED and PREMIUM return all of them.
    for (const key of ADVANCED_ONLY) {
      expect(standard.emailDetails.signals).not.toHaveProperty(key);
      expect(advanced.emailDetails.signals).toHaveProperty(key);
    }
    expect(standard.emailDetails).not.toHaveProperty('risk_level');
    expect(advanced.emailDetails).toHaveProperty('risk_level');
    // PREMIUM is ADVANCED under another name (docs/fields/email.md#depth).
    expect({ ...premium, validationLevel: 'ADVANCED', emailDetails: { ...premium.emailDetails, applied_level: 'ADVANCED' } }).toEqual(advanced);
  });

  it('a young domain: the verdict and message stay, the age points come only where the age is looked up', async () => {
    const standard = await verify('ceo@fresh-startup.com');
    const advanced = await verify('ceo@fresh-startup.com', { level: 'ADVANCED' });
    expect(advanced.valid).toBe(standard.valid);
    expect(advanced.message).toBe(standard.message);
    expect(standard.emailDetails.risk_score).toBe(10);
    expect(advanced.emailDetails.risk_score).toBe(35);
  });

  it('defaults to STANDARD, also for a level it does not apply', async () => {
    expect((await verify('jane@northwind-traders.com', { level: undefined })).validationLevel).toBe('STANDARD');
    const basic = await verify('jane@northwind-traders.com', { level: 'BASIC' as never });
    expect(basic.validationLevel).toBe('STANDARD');
    expect(basic.emailDetails.applied_level).toBe('STANDARD');
  });
});

describe('verifyEmail: inputs', () => {
  it('rejects with a TypeError for a non-string value or a missing DNS port', async () => {
    await expect(verifyEmail(42 as unknown as string, { dns })).rejects.toThrow(TypeError);
    await expect(verifyEmail(null as unknown as string, { dns })).rejects.toThrow(TypeError);
    await expect(verifyEmail('jane@northwind-traders.com', {} as VerifyEmailOptions)).rejects.toThrow(TypeError);
  });

  it('normalizes like validateEmail and looks the ASCII domain up', async () => {
    const result = await verify('  Jane.Doe@NorthWind-Traders.COM ');
    expect(result).toMatchObject({ valid: true, normalizedValue: 'Jane.Doe@northwind-traders.com', originalValue: '  Jane.Doe@NorthWind-Traders.COM ' });
  });

  it('looks an internationalized domain up by its punycode form', async () => {
    const asked: string[] = [];
    const port: DnsResolver = {
      mx: (domain) => {
        asked.push(domain);
        return Promise.resolve({ kind: 'records', records: [{ exchange: 'mx.example.net', priority: 10 }], ttl: 60 });
      },
      a: () => Promise.resolve({ kind: 'nodata' }),
    };
    await verifyEmail('jeff@臺網中心.tw', { dns: port });
    expect(asked).toEqual(['xn--fiqq24b10vi0d.tw']);
  });

  it('passes its signal to the ports', async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const port: DnsResolver = {
      mx: (_, signal) => {
        seen = signal;
        return Promise.resolve({ kind: 'nodata' });
      },
      a: () => Promise.resolve({ kind: 'nodata' }),
    };
    await verifyEmail('jane@northwind-traders.com', { dns: port, signal: controller.signal });
    expect(seen).toBe(controller.signal);
  });
});
