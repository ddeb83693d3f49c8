/** The blocklist verifyEmail checks an address against (src/email/blocklist.ts). */
import { describe, expect, it } from 'vitest';
import { createEmailBlocklist } from '../../src/email/blocklist.js';
import { checkEmailSyntax } from '../../src/email/syntax.js';

describe('createEmailBlocklist', () => {
  const blocklist = createEmailBlocklist([
    'spam-house.com',
    '@Another-Spam.NET',
    '*.wild.org',
    '.dotted.io',
    'trailing.dev.',
    'xyz',
    'Fraud.Ster@Example.com',
    '  ',
    'bücher-spam.de',
  ]);

  it('blocks a domain and every domain under it, not a domain that merely ends alike', () => {
    expect(blocklist.blocks('a', 'spam-house.com')).toBe(true);
    expect(blocklist.blocks('a', 'mx.eu.spam-house.com')).toBe(true);
    expect(blocklist.blocks('a', 'notspam-house.com')).toBe(false);
    expect(blocklist.blocks('a', 'spam-house.com.au')).toBe(false);
  });

  it('accepts the ways people write a domain entry: @domain, *.domain, .domain, a trailing dot, any case', () => {
    expect(blocklist.blocks('a', 'another-spam.net')).toBe(true);
    expect(blocklist.blocks('a', 'wild.org')).toBe(true);
    expect(blocklist.blocks('a', 'x.dotted.io')).toBe(true);
    expect(blocklist.blocks('a', 'trailing.dev')).toBe(true);
  });

  it('blocks a whole TLD given as a single label', () => {
    expect(blocklist.blocks('a', 'anything.xyz')).toBe(true);
    expect(blocklist.blocks('a', 'xyz.com')).toBe(false);
  });

  it('matches an internationalized domain by its punycode form, as verifyEmail looks it up', () => {
    const lookedUp = checkEmailSyntax('jane@bücher-spam.de').domain;
    expect(lookedUp.startsWith('xn--')).toBe(true);
    expect(blocklist.blocks('a', lookedUp)).toBe(true);
  });

  it('blocks a full address without case and without a +tag, and nothing else at that domain', () => {
    expect(blocklist.blocks('fraud.ster', 'example.com')).toBe(true);
    expect(blocklist.blocks('FRAUD.STER+promo', 'example.com')).toBe(true);
    expect(blocklist.blocks('jane', 'example.com')).toBe(false);
    expect(blocklist.blocks('fraud.ster', 'example.org')).toBe(false);
  });

  it('refuses an entry that is neither a domain nor an address, naming it', () => {
    expect(() => createEmailBlocklist(['ok.com', 'not a domain'])).toThrow(/not a domain/);
    expect(() => createEmailBlocklist(['jane@'])).toThrow(RangeError);
    expect(() => createEmailBlocklist(['a..b.com'])).toThrow(RangeError);
  });

  it('an empty list blocks nothing', () => {
    expect(createEmailBlocklist([]).blocks('a', 'example.com')).toBe(false);
  });
});
