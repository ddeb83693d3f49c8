import { describe, expect, it } from 'vitest';
import { validateEmail } from '../../src/email/index.js';
import { checkEmailSyntax } from '../../src/email/syntax.js';
import { meetsIdna2008 } from '../../src/email/idna2008.js';

describe('email domains by IDNA2008 (RFC 5892)', () => {
  it('refuses punctuation UTS-46 lets through and IDNA2008 makes DISALLOWED', () => {
    for (const character of ['¡', '¿', '§', '«', '»', '¶', '、', '‐', '–', '—', '’']) {
      const address = `test@email${character}a.com`;
      expect(checkEmailSyntax(address), address).toMatchObject({ valid: false, failure: 'INVALID_DOMAIN' });
      expect(validateEmail(address).message, address).toBe('Invalid email format');
    }
  });

  it('keeps the domains IDNA2008 allows, in the form UTS-46 maps them to', () => {
    for (const [address, ascii] of [
      ['a@münchen.de', 'xn--mnchen-3ya.de'],
      ['a@MÜNCHEN.de', 'xn--mnchen-3ya.de'],
      ['a@ｅｘａｍｐｌｅ.com', 'example.com'],
      ['a@straße.de', 'xn--strae-oqa.de'],
      ['a@ςοφία.gr', 'xn--kxae4blv.gr'],
      ['a@例え.テスト.jp', 'xn--r8jz45g.xn--zckzah.jp'],
      ['a@İstanbul.com.tr', 'xn--istanbul-o0e.com.tr'],
    ] as const) {
      const syntax = checkEmailSyntax(address);
      expect(syntax.valid, address).toBe(true);
      expect(syntax.domain, address).toBe(ascii);
    }
  });

  it('allows a CONTEXTO code point only where RFC 5892 Appendix A does', () => {
    // A.3: a middle dot between two l (Catalan), nowhere else.
    expect(meetsIdna2008('col·legi.cat')).toBe(true);
    expect(meetsIdna2008('x·y.cat')).toBe(false);
    expect(meetsIdna2008('·l.cat')).toBe(false);
    // A.4: the Greek lower numeral sign before a Greek letter.
    expect(meetsIdna2008('δ͵α.gr')).toBe(true);
    expect(meetsIdna2008('ab͵.gr')).toBe(false);
    // A.5 and A.6: geresh and gershayim after a Hebrew letter.
    expect(meetsIdna2008('צה״ל.il')).toBe(true);
    expect(meetsIdna2008('a״b.il')).toBe(false);
    // A.7: the katakana middle dot in a label with Hiragana, Katakana or Han, not alone.
    expect(meetsIdna2008('ア・イ.jp')).toBe(true);
    expect(meetsIdna2008('・.jp')).toBe(false);
    expect(meetsIdna2008('a・b.jp')).toBe(false);
    // A.8 and A.9: Arabic-Indic digits of one kind in a label.
    expect(meetsIdna2008('١٢٣.com')).toBe(true);
    expect(meetsIdna2008('۱۲۳.com')).toBe(true);
    expect(meetsIdna2008('١۲.com')).toBe(false);
    for (const address of ['a@col·legi.cat', 'a@δ͵α.gr', 'a@ア・イ.jp']) expect(checkEmailSyntax(address).valid, address).toBe(true);
    for (const address of ['a@x·y.cat', 'a@・.jp', 'a@١۲.com']) expect(checkEmailSyntax(address).valid, address).toBe(false);
  });

  it('follows the exceptions of RFC 5892 §2.6 and refuses the old Hangul jamo and the symbol blocks', () => {
    expect(meetsIdna2008('ß.de')).toBe(true);
    expect(meetsIdna2008('〇.jp')).toBe(true);
    // ARABIC TATWEEL and NKO LAJANYALAN: letters by category, DISALLOWED by exception.
    expect(meetsIdna2008('a\u0640b.com')).toBe(false);
    expect(meetsIdna2008('a\u07fab.com')).toBe(false);
    // A conjoining jamo left alone (with a vowel it composes into a syllable, which is PVALID), a
    // combining mark for symbols, a musical symbol.
    expect(meetsIdna2008('\u1100.kr')).toBe(false);
    expect(meetsIdna2008('\u1100\u1161.kr')).toBe(true);
    expect(meetsIdna2008('a\u20d0.com')).toBe(false);
    expect(meetsIdna2008('a\u{1d165}.com')).toBe(false);
  });

  it('leaves ASCII labels to the LDH rules of the ASCII form', () => {
    expect(meetsIdna2008('example.com')).toBe(true);
    expect(meetsIdna2008('xn--mnchen-3ya.de')).toBe(true);
  });
});
