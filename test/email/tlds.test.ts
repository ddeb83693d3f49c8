import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isKnownTld } from '../../src/email/tlds.js';

const { parse } = createRequire(import.meta.url)('tldts') as { parse: (host: string, options?: { allowPrivateDomains: boolean }) => { isIcann: boolean | null; isPrivate: boolean | null; publicSuffix: string | null } };

/** Every string of `length` lower-case letters. */
function letterStrings(length: number): string[] {
  let strings = [''];
  for (let i = 0; i < length; i++) strings = strings.flatMap((start) => Array.from({ length: 26 }, (_, letter) => start + String.fromCharCode(97 + letter)));
  return strings;
}

describe('isKnownTld', () => {
  it('reads back from the front-coded data the TLDs the Public Suffix List (tldts) has, and no other, for every two- and three-letter label', () => {
    const missing: string[] = [];
    const extra: string[] = [];
    for (const label of [...letterStrings(2), ...letterStrings(3)]) {
      const answer = parse(`example.${label}`, { allowPrivateDomains: true });
      // A TLD listed only by a wildcard rule (`*.ck`) makes the whole host its public suffix.
      const suffix = answer.publicSuffix ?? '';
      const listed = (suffix === label || suffix.endsWith(`.${label}`)) && (answer.isIcann === true || answer.isPrivate === true);
      if (listed && !isKnownTld(label)) missing.push(label);
      if (!listed && isKnownTld(label)) extra.push(label);
    }
    expect(missing).toEqual([]);
    // The list has rules below za (co.za, org.za …) and none for za itself; tldts's data holds it as a TLD.
    expect(extra).toEqual(['za']);
  });

  it('knows long TLDs that share their start with the one before, and no near miss', () => {
    for (const tld of ['americanexpress', 'americanfamily', 'accountant', 'accountants', 'barclaycard', 'barclays', 'travelersinsurance']) expect(isKnownTld(tld), tld).toBe(true);
    for (const near of ['con', 'cmo', 'accountantss', 'americanexpres', 'barclay']) expect(isKnownTld(near), near).toBe(false);
    expect(isKnownTld('xn--p1ai')).toBe(true);
  });
});
