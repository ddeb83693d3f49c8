import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEmailSyntax, type EmailSyntaxFailure } from '../../src/email/syntax.js';

const ATEXT_SPECIALS = "!#$%&'*+-/=?^_`{|}~";

function expectValid(address: string, normalized: string): void {
  const syntax = checkEmailSyntax(address);
  expect(syntax.failure, address).toBeNull();
  expect(syntax.valid, address).toBe(true);
  expect(syntax.normalized, address).toBe(normalized);
}

function expectFailure(address: string, failure: EmailSyntaxFailure): void {
  const syntax = checkEmailSyntax(address);
  expect(syntax.valid, address).toBe(false);
  expect(syntax.failure, address).toBe(failure);
  expect(syntax.normalized, address).toBeNull();
}

describe('checkEmailSyntax: addresses people use', () => {
  it('accepts plain, dotted, tagged and multi-label addresses as they are', () => {
    for (const address of [
      'jane@example.com',
      'jane.doe@example.com',
      'jane+invoices@example.com',
      'j@example.co',
      'first.last@mail.example.co.uk',
      'x@x.au',
      `${ATEXT_SPECIALS}@example.org`,
      'a.b-c_d@e-f.example',
      'user@123.example',
      'user@sub.1example.io',
    ]) {
      expectValid(address, address);
    }
  });

  it('lower-cases the domain and keeps the case of the local part', () => {
    expectValid('Jane.DOE@Example.COM', 'Jane.DOE@example.com');
    expect(checkEmailSyntax('Jane.DOE@Example.COM')).toMatchObject({ localPart: 'Jane.DOE', domain: 'example.com' });
  });

  it('ignores surrounding ASCII whitespace, like a browser email input does', () => {
    expectValid('  jane@example.com\t', 'jane@example.com');
    expectValid('\njane@example.com\r\n', 'jane@example.com');
    expectValid(' Jane@EXAMPLE.com ', 'Jane@example.com');
  });

  it('splits at the last @ sign', () => {
    const syntax = checkEmailSyntax('jane@example.com');
    expect(syntax.localPart).toBe('jane');
    expect(syntax.domain).toBe('example.com');
    expect(syntax.smtputf8).toBe(false);
  });
});

describe('checkEmailSyntax: lengths (RFC 5321 4.5.3.1)', () => {
  const domain = 'example.com';

  it('accepts a local part of 64 octets and refuses 65', () => {
    expectValid(`${'a'.repeat(64)}@${domain}`, `${'a'.repeat(64)}@${domain}`);
    expectFailure(`${'a'.repeat(65)}@${domain}`, 'LOCAL_PART_TOO_LONG');
  });

  it('counts the local part in UTF-8 octets, not characters', () => {
    // 16 four-octet characters are 64 octets; 17 are 68 (docs/fields/email.md#syntax;
    // python email-validator counts characters instead).
    expect(checkEmailSyntax(`${'😀'.repeat(16)}@${domain}`).valid).toBe(true);
    expectFailure(`${'😀'.repeat(17)}@${domain}`, 'LOCAL_PART_TOO_LONG');
    expect(checkEmailSyntax(`${'é'.repeat(32)}@${domain}`).valid).toBe(true);
    expectFailure(`${'é'.repeat(33)}@${domain}`, 'LOCAL_PART_TOO_LONG');
  });

  it('holds both the typed and the NFC form of a Unicode local part to the limit', () => {
    // é typed decomposed is 3 octets (e + U+0301), 2 once composed.
    expect(checkEmailSyntax(`${'e\u0301'.repeat(21)}@${domain}`).valid).toBe(true);
    expectFailure(`${'e\u0301'.repeat(22)}@${domain}`, 'LOCAL_PART_TOO_LONG');
  });

  it('accepts labels of 63 octets and refuses 64', () => {
    expectValid(`me@${'a'.repeat(63)}.com`, `me@${'a'.repeat(63)}.com`);
    expectFailure(`me@${'a'.repeat(64)}.com`, 'LABEL_TOO_LONG');
  });

  it('accepts a whole address of 254 octets and refuses 255', () => {
    // 64 + 1 + 189 = 254, the domain built of 63-octet labels.
    const local = 'l'.repeat(64);
    const domain254 = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(57)}.com`;
    expect(local.length + 1 + domain254.length).toBe(254);
    expectValid(`${local}@${domain254}`, `${local}@${domain254}`);
    const domain255 = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(58)}.com`;
    expectFailure(`${local}@${domain255}`, 'TOO_LONG');
  });

  it('refuses a domain longer than 253 octets even with a short local part', () => {
    const labels = Array.from({ length: 4 }, () => 'd'.repeat(63)).join('.');
    expectFailure(`a@${labels}.com`, 'TOO_LONG');
  });

  it('refuses huge input quickly and without throwing', () => {
    expectFailure(`${'a'.repeat(2_000_000)}@example.com`, 'TOO_LONG');
    expectFailure(`a@${'ü'.repeat(100_000)}.com`, 'TOO_LONG');
  });
});

describe('checkEmailSyntax: what a dot-atom local part excludes', () => {
  it.each<[string, EmailSyntaxFailure]>([
    ['', 'EMPTY'],
    ['   ', 'EMPTY'],
    ['\t\r\n', 'EMPTY'],
    ['jane.example.com', 'MISSING_AT_SIGN'],
    ['@example.com', 'INVALID_LOCAL_PART'],
    ['.jane@example.com', 'INVALID_LOCAL_PART'],
    ['jane.@example.com', 'INVALID_LOCAL_PART'],
    ['ja..ne@example.com', 'INVALID_LOCAL_PART'],
    ['jane@@example.com', 'INVALID_LOCAL_PART'],
    ['ja ne@example.com', 'INVALID_LOCAL_PART'],
    ['ja,ne@example.com', 'INVALID_LOCAL_PART'],
    ['jane\\@x@example.com', 'INVALID_LOCAL_PART'],
    ['"jane doe"@example.com', 'QUOTED_LOCAL_PART'],
    ['"jane"@example.com', 'QUOTED_LOCAL_PART'],
    ['"a@b"@example.com', 'QUOTED_LOCAL_PART'],
    ['Jane Doe <jane@example.com>', 'INVALID_LOCAL_PART'],
    ['jane.(comment)doe@example.com', 'INVALID_LOCAL_PART'],
    ['jane@example.com (Jane)', 'INVALID_DOMAIN'],
    ['jane\u0000@example.com', 'INVALID_LOCAL_PART'],
    ['jane\u007f@example.com', 'INVALID_LOCAL_PART'],
  ])('%j fails with %s', (address, failure) => {
    expectFailure(address, failure);
  });
});

describe('checkEmailSyntax: domains', () => {
  it.each<[string, EmailSyntaxFailure]>([
    ['jane@', 'INVALID_DOMAIN'],
    ['jane@example', 'DOMAIN_NEEDS_DOT'],
    ['jane@localhost', 'DOMAIN_NEEDS_DOT'],
    ['jane@io', 'DOMAIN_NEEDS_DOT'],
    ['jane@example.com.', 'INVALID_DOMAIN'],
    ['jane@.example.com', 'INVALID_DOMAIN'],
    ['jane@exa..mple.com', 'INVALID_DOMAIN'],
    ['jane@-example.com', 'INVALID_DOMAIN'],
    ['jane@example-.com', 'INVALID_DOMAIN'],
    ['jane@a.-.com', 'INVALID_DOMAIN'],
    ['jane@exam_ple.com', 'INVALID_DOMAIN'],
    ['jane@example.com:25', 'INVALID_DOMAIN'],
    ['jane@ab--cd.com', 'INVALID_DOMAIN'],
    ['jane@xn--0.com', 'INVALID_DOMAIN'],
    ['jane@192.0.2.1', 'INVALID_TLD'],
    ['jane@example.123', 'INVALID_TLD'],
    ['jane@example.tld-2', 'INVALID_TLD'],
    ['jane@example.c0m', 'INVALID_TLD'],
    ['jane@[192.0.2.1]', 'DOMAIN_LITERAL'],
    ['jane@[IPv6:2001:db8::1]', 'DOMAIN_LITERAL'],
  ])('%j fails with %s', (address, failure) => {
    expectFailure(address, failure);
  });

  it('refuses the special-use TLDs test, localhost, invalid, local, onion and arpa', () => {
    for (const tld of ['test', 'localhost', 'invalid', 'local', 'onion', 'arpa']) {
      expectFailure(`jane@example.${tld}`, 'RESERVED_DOMAIN');
      expectFailure(`jane@example.${tld.toUpperCase()}`, 'RESERVED_DOMAIN');
      // Only as the TLD: the same word as a label elsewhere is an ordinary name.
      expect(checkEmailSyntax(`jane@${tld}.example.com`).valid).toBe(true);
      expect(checkEmailSyntax(`jane@example.${tld}s`).valid).toBe(true);
    }
  });

  it('lets example.com through: its null MX is a matter for the DNS check', () => {
    expect(checkEmailSyntax('jane@example.com').valid).toBe(true);
  });
});

describe('checkEmailSyntax: internationalised addresses', () => {
  it('maps IDN domains to punycode A-labels (published examples)', () => {
    // RFC 3492 / IDNA examples and UTS-46 non-transitional processing of ß.
    expectValid('info@bücher.example', 'info@xn--bcher-kva.example');
    expectValid('jane@München.de', 'jane@xn--mnchen-3ya.de');
    expectValid('jane@faß.de', 'jane@xn--fa-hia.de');
  });

  it('keeps an A-label domain as it is and accepts it again', () => {
    expectValid('info@xn--bcher-kva.example', 'info@xn--bcher-kva.example');
    expectValid('info@XN--BCHER-KVA.example', 'info@xn--bcher-kva.example');
  });

  it('maps full-width letters and ideographic full stops (UTS-46)', () => {
    expectValid('jane@ｇｍａｉｌ.com', 'jane@gmail.com');
    expectValid('jane@bücher。example', 'jane@xn--bcher-kva.example');
    expectValid('jane@bücher．example', 'jane@xn--bcher-kva.example');
  });

  it('accepts a Unicode local part, reports SMTPUTF8 and stores it in NFC', () => {
    const syntax = checkEmailSyntax('josé@example.com');
    expect(syntax).toMatchObject({ valid: true, smtputf8: true, localPart: 'josé' });
    // e + combining acute (NFD) is stored as é (NFC).
    const decomposed = checkEmailSyntax('jose\u0301@example.com');
    expect(decomposed.normalized).toBe('jos\u00e9@example.com');
    expect(decomposed.smtputf8).toBe(true);
  });

  it.each<[string, EmailSyntaxFailure]>([
    ['jane\u200b@example.com', 'UNSAFE_CHARACTER'],
    ['\u202djane\u202e@example.com', 'UNSAFE_CHARACTER'],
    ['ja\u00a0ne@example.com', 'UNSAFE_CHARACTER'],
    ['jane\u0085@example.com', 'UNSAFE_CHARACTER'],
    ['ja\u00adne@example.com', 'UNSAFE_CHARACTER'],
    ['jane\ud800@example.com', 'UNSAFE_CHARACTER'],
    ['jane\ue000@example.com', 'UNSAFE_CHARACTER'],
    ['jane@exa\u200bmple.com', 'UNSAFE_CHARACTER'],
    ['jane@bü\u00adcher.example', 'UNSAFE_CHARACTER'],
    ['\u0301jane@example.com', 'INVALID_LOCAL_PART'],
    ['jane＠example.com', 'MISSING_AT_SIGN'],
    ['jane@⒈example.com', 'INVALID_DOMAIN'],
    ['jane@-bücher.example', 'INVALID_DOMAIN'],
    ['jane@bücher-.example', 'INVALID_DOMAIN'],
    ['jane@bü--cher.example', 'INVALID_DOMAIN'],
    ['jane@bücher%41.example', 'INVALID_DOMAIN'],
    ['jane@bücher.example:80', 'INVALID_DOMAIN'],
    ['jane@bü/cher.example', 'INVALID_DOMAIN'],
    ['jane@bücher', 'DOMAIN_NEEDS_DOT'],
    ['jane@bücher.test', 'RESERVED_DOMAIN'],
    ['jane@１２７.０.０.１', 'INVALID_TLD'],
    // NFC turns U+037E GREEK QUESTION MARK into ';', which a local part cannot hold.
    ['jane.\u037e@example.com', 'INVALID_LOCAL_PART'],
    // Symbols, which IDNA 2008 disallows (UTS-46 alone would let them through or map ™ to "tm").
    ['jane@i\u2764.example', 'INVALID_DOMAIN'],
    ['jane@😀.example', 'INVALID_DOMAIN'],
    ['jane@example.com©', 'INVALID_DOMAIN'],
    ['jane@exa™.com', 'INVALID_DOMAIN'],
  ])('%j fails with %s', (address, failure) => {
    expectFailure(address, failure);
  });
});

// Generators of addresses that the rules accept, built from the rules themselves.
const letters = 'abcdefghijklmnopqrstuvwxyz';
const atextChars = `${letters}${letters.toUpperCase()}0123456789${ATEXT_SPECIALS}`.split('');
const atom = fc.string({ unit: fc.constantFrom(...atextChars), minLength: 1, maxLength: 10 });
const localPart = fc.array(atom, { minLength: 1, maxLength: 4 }).map((atoms) => atoms.join('.'));
const ldh = `${letters}0123456789`.split('');
const label = fc
  .tuple(
    fc.constantFrom(...ldh),
    fc.string({ unit: fc.constantFrom(...ldh, '-'), maxLength: 12 }),
    fc.constantFrom(...ldh),
  )
  .map(([first, middle, last]) => `${first}${middle}${last}`)
  .filter((text) => text.slice(2, 4) !== '--');
const tld = fc
  .string({ unit: fc.constantFrom(...letters.split('')), minLength: 2, maxLength: 8 })
  .filter((text) => !['test', 'localhost', 'invalid', 'local', 'onion', 'arpa'].includes(text));
const domain = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), tld)
  .map(([labels, top]) => [...labels, top].join('.'));
const address = fc.tuple(localPart, domain).map(([local, host]) => `${local}@${host}`);

describe('checkEmailSyntax: properties', () => {
  it('accepts every address built by the rules, unchanged but for the domain case', () => {
    fc.assert(
      fc.property(address, fc.boolean(), (generated, shout) => {
        const at = generated.lastIndexOf('@');
        const typed = shout ? generated.slice(0, at + 1) + generated.slice(at + 1).toUpperCase() : generated;
        const syntax = checkEmailSyntax(typed);
        expect(syntax.valid).toBe(true);
        expect(syntax.normalized).toBe(generated);
      }),
    );
  });

  it('rejects an address once a character outside the rules is put in its local part', () => {
    fc.assert(
      fc.property(address, fc.constantFrom(' ', '"', '(', ')', ',', ':', ';', '<', '>', '[', ']', '\\'), (generated, bad) => {
        const at = generated.lastIndexOf('@');
        expect(checkEmailSyntax(`${generated.slice(0, at)}${bad}${generated.slice(at)}`).valid).toBe(false);
      }),
    );
  });

  it('never throws, and the normalized form checks again to itself', () => {
    const anyText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.tuple(fc.string({ unit: 'binary', maxLength: 20 }), fc.string({ unit: 'grapheme', maxLength: 20 })).map(([a, b]) => `${a}@${b}.com`),
      fc.tuple(localPart, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 15 }), tld).map(([a, b, c]) => `${a}@${b}.${c}`),
    );
    fc.assert(
      fc.property(anyText, (text) => {
        const syntax = checkEmailSyntax(text);
        if (syntax.normalized !== null) {
          const again = checkEmailSyntax(syntax.normalized);
          expect(again.valid).toBe(true);
          expect(again.normalized).toBe(syntax.normalized);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
