/**
 * The MX pieces verifyEmail is made of (src/email/mx-provider.ts): the MX provider map, the
 * routable-address test and the mx_quality_score heuristic.
 */
import { describe, expect, it } from 'vitest';
import {
  detectMxProvider,
  isGloballyRoutable,
  isIpLiteral,
  mxProviderOf,
  mxQualityScore,
  mxQualityWeights,
} from '../../src/email/mx-provider.js';

describe('mxProviderOf', () => {
  it('matches a suffix on a label boundary, case and trailing dot ignored', () => {
    expect(mxProviderOf('ALT3.ASPMX.L.GOOGLE.COM.')).toEqual({ name: 'Google Workspace', category: 'mailbox' });
    expect(mxProviderOf('mx0a-00069f02.pphosted.com')).toEqual({ name: 'Proofpoint', category: 'gateway' });
    expect(mxProviderOf('notpphosted.com')).toBeNull();
    expect(mxProviderOf('mail.example.com')).toBeNull();
  });

  it('prefers the longest suffix: the Gmail host is not "Google (other)"', () => {
    expect(mxProviderOf('gmail-smtp-in.l.google.com')?.name).toBe('Gmail');
    expect(mxProviderOf('gmr-smtp-in.l.google.com')?.name).toBe('Google');
    expect(mxProviderOf('contoso-com.mail.protection.outlook.com')?.name).toBe('Microsoft 365');
    expect(mxProviderOf('hotmail-com.olc.protection.outlook.com')?.name).toBe('Outlook.com');
  });

  it('exact hosts match only themselves', () => {
    expect(mxProviderOf('smtp.google.com')?.name).toBe('Google Workspace');
    expect(mxProviderOf('mx.sendgrid.net')?.name).toBe('SendGrid');
    expect(mxProviderOf('other.sendgrid.net')).toBeNull();
  });
});

describe('detectMxProvider', () => {
  it('reports a gateway anywhere in the list before a mailbox provider', () => {
    expect(
      detectMxProvider([
        { exchange: 'aspmx.l.google.com', priority: 1 },
        { exchange: 'us-smtp-inbound-2.mimecast.com', priority: 50 },
      ])?.name,
    ).toBe('Mimecast');
  });

  it('otherwise the recognised host with the lowest preference value', () => {
    expect(
      detectMxProvider([
        { exchange: 'backup.own-server.com', priority: 1 },
        { exchange: 'mx1.mail.ovh.net', priority: 20 },
        { exchange: 'aspmx.l.google.com', priority: 10 },
      ])?.name,
    ).toBe('Google Workspace');
    expect(detectMxProvider([{ exchange: 'mail.own-server.com', priority: 10 }])).toBeNull();
    expect(detectMxProvider([])).toBeNull();
  });
});

describe('isGloballyRoutable', () => {
  it.each(['81.2.69.142', '8.8.8.8', '142.250.153.26', '2a00:1450:4013:c16::1a', '2606:4700::6810:84e5', '::ffff:81.2.69.142'])(
    '%s is routable',
    (address) => expect(isGloballyRoutable(address)).toBe(true),
  );

  it.each([
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '127.0.0.1',
    '0.0.0.0',
    '169.254.10.10',
    '100.64.0.1',
    '192.0.2.10',
    '198.51.100.7',
    '203.0.113.9',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    '2001:db8::1',
    '::ffff:10.0.0.1',
    '::ffff:192.0.2.1',
    'not-an-address',
    '1.2.3',
    '1.2.3.256',
    '2001:::1',
    '1:2:3:4:5:6:7:8:9',
  ])('%s is not routable', (address) => expect(isGloballyRoutable(address)).toBe(false));

  it('172.32.0.1 is outside the private 172.16/12 block', () => {
    expect(isGloballyRoutable('172.32.0.1')).toBe(true);
  });
});

describe('isIpLiteral', () => {
  it('tells an address from a host name', () => {
    expect(isIpLiteral('192.0.2.1')).toBe(true);
    expect(isIpLiteral('2001:db8::25')).toBe(true);
    expect(isIpLiteral('[192.0.2.1]')).toBe(true);
    expect(isIpLiteral('mx1.example.com')).toBe(false);
    expect(isIpLiteral('1.2.3.com')).toBe(false);
  });
});

describe('mxQualityScore (docs/fields/email.md#mx-provider)', () => {
  const google = { name: 'Google Workspace', category: 'mailbox' as const };
  const two = [
    { exchange: 'aspmx.l.google.com', priority: 1 },
    { exchange: 'alt1.aspmx.l.google.com', priority: 5 },
  ];

  it('adds the documented points', () => {
    const w = mxQualityWeights;
    expect(w.routableHost + w.redundantHosts + w.knownProvider + w.hostnameTargets + w.noFallback).toBeCloseTo(1, 10);
    expect(mxQualityScore({ records: two, routableHost: true, provider: google })).toBe(1);
    expect(mxQualityScore({ records: two, routableHost: false, provider: google })).toBe(0.6);
    expect(mxQualityScore({ records: two.slice(0, 1), routableHost: true, provider: google })).toBe(0.8);
    expect(mxQualityScore({ records: two, routableHost: true, provider: null })).toBe(0.8);
  });

  it('counts distinct hosts for redundancy, and IP literals lose the host-name point', () => {
    const same = [
      { exchange: 'mx.example.net', priority: 10 },
      { exchange: 'MX.example.net.', priority: 20 },
    ];
    expect(mxQualityScore({ records: same, routableHost: true, provider: null })).toBe(0.6);
    expect(mxQualityScore({ records: [{ exchange: '81.2.69.142', priority: 10 }], routableHost: false, provider: null })).toBe(0.1);
  });

  it('an A-record fallback can reach 0.4 at most', () => {
    expect(mxQualityScore({ records: [], routableHost: true, provider: null })).toBe(0.4);
    expect(mxQualityScore({ records: [], routableHost: false, provider: null })).toBe(0);
  });

  it('forwarding, sending and disposable services get no provider point; hosting and gateways do', () => {
    const score = (category: 'forwarding' | 'sending' | 'disposable' | 'hosting' | 'gateway') =>
      mxQualityScore({ records: [{ exchange: 'mx.host.net', priority: 1 }], routableHost: true, provider: { name: 'x', category } });
    expect([score('forwarding'), score('sending'), score('disposable')]).toEqual([0.6, 0.6, 0.6]);
    expect([score('hosting'), score('gateway')]).toEqual([0.8, 0.8]);
  });
});
