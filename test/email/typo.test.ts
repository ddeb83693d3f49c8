import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { suggestEmailDomain } from '../../src/email/typo.js';
import { typoTargetDomains, typoTargetDomainsExactName } from '../../src/email/typo-targets.js';

const allTargets = [...typoTargetDomains, ...typoTargetDomainsExactName];

/** Reference optimal-string-alignment distance, written plainly to check the fast one against. */
function osaDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The one-edit slips of a domain's first label that people make: a letter dropped, doubled or two swapped. */
function nameSlips(domain: string): string[] {
  const dot = domain.indexOf('.');
  const name = domain.slice(0, dot);
  const rest = domain.slice(dot);
  const slips = new Set<string>();
  for (let i = 0; i < name.length; i++) {
    slips.add(name.slice(0, i) + name.slice(i + 1) + rest);
    slips.add(name.slice(0, i + 1) + name.slice(i) + rest);
    if (i + 1 < name.length && name[i] !== name[i + 1]) {
      slips.add(name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2) + rest);
    }
  }
  slips.delete(domain);
  return [...slips].filter((slip) => !allTargets.includes(slip));
}

describe('suggestEmailDomain: slips towards the big providers', () => {
  it.each([
    ['gmial.com', 'gmail.com'],
    ['gamil.com', 'gmail.com'],
    ['gmal.com', 'gmail.com'],
    ['gmaill.com', 'gmail.com'],
    ['gnail.com', 'gmail.com'],
    ['gmail.con', 'gmail.com'],
    ['gmail.cmo', 'gmail.com'],
    ['gmail.comm', 'gmail.com'],
    ['gmail.xom', 'gmail.com'],
    ['gmail.co', 'gmail.com'],
    ['gmail.cm', 'gmail.com'],
    ['gmail.om', 'gmail.com'],
    ['gmailc.om', 'gmail.com'],
    ['gmaik.co', 'gmail.com'],
    ['GMIAL.COM', 'gmail.com'],
    ['hotmial.com', 'hotmail.com'],
    ['hotmai.com', 'hotmail.com'],
    ['homail.con', 'hotmail.com'],
    ['hotmail.co', 'hotmail.com'],
    ['outlok.com', 'outlook.com'],
    ['yahooo.com', 'yahoo.com'],
    ['yahooo.cmo', 'yahoo.com'],
    ['iclod.com', 'icloud.com'],
    ['icloud.con', 'icloud.com'],
    ['protonmial.com', 'protonmail.com'],
    ['comcast.nry', 'comcast.net'],
    ['hotmial.fr', 'hotmail.fr'],
    ['yaho.co.uk', 'yahoo.co.uk'],
    ['hotmail.co.ku', 'hotmail.co.uk'],
    ['t-onlin.de', 't-online.de'],
    ['live.con', 'live.com'],
    ['mail.con', 'mail.com'],
  ])('%s -> %s', (typed, expected) => {
    expect(suggestEmailDomain(typed)).toBe(expected);
  });

  it('turns every dropped, doubled or swapped letter of the five largest providers back into them', () => {
    for (const target of ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com', 'icloud.com']) {
      for (const slip of nameSlips(target)) expect(suggestEmailDomain(slip), slip).toBe(target);
    }
  });

  it('corrects most name slips of every target whose name may change', () => {
    let slips = 0;
    let corrected = 0;
    for (const target of typoTargetDomains) {
      if (target.indexOf('.') <= 3) continue;
      for (const slip of nameSlips(target)) {
        slips++;
        if (suggestEmailDomain(slip) === target) corrected++;
      }
    }
    expect(slips).toBeGreaterThan(1000);
    expect(corrected / slips).toBeGreaterThan(0.95);
  });
});

describe('suggestEmailDomain: real domains stay as they are', () => {
  it('is silent for every target domain', () => {
    for (const target of allTargets) {
      expect(suggestEmailDomain(target), target).toBeNull();
      expect(suggestEmailDomain(target.toUpperCase()), target).toBeNull();
    }
  });

  it.each([
    // The false positives of mailcheck named in the issue, and others of its issue tracker.
    'mac.com',
    'libero.it',
    'bt.com',
    'mailw.com',
    'comcast.com',
    'gmail.fr',
    'mask.io',
    'anything.tv',
    // Real providers one or two letters from a target.
    'foxmail.com',
    'bitmail.com',
    'coxmail.com',
    'email.com',
    'proton.me',
    'pm.me',
    'tuta.io',
    'hey.com',
    'hotmart.com',
    // Business domains with real TLDs near .com, and national domains near a target's.
    'acme.co',
    'acme.cm',
    'company.io',
    'startup.ai',
    'gov.uk',
    'web.dk',
    'hotmail.dk',
    'gmail.ru',
    'cloud.de',
  ])('%s', (domain) => {
    expect(suggestEmailDomain(domain)).toBeNull();
  });

  it('gives no suggestion without a dot, or when two targets are equally close', () => {
    for (const domain of ['', 'gmail', 'gm', '.com', 'gmail.', 'hotmail.fe', 'gmx.dr']) {
      expect(suggestEmailDomain(domain), domain).toBeNull();
    }
  });
});

describe('suggestEmailDomain: TLDs that do not exist', () => {
  it.each([
    ['acme-corp.con', 'acme-corp.com'],
    ['shop.acme.cmo', 'shop.acme.com'],
    ['acme.ocm', 'acme.com'],
    ['acme.ogr', 'acme.org'],
    ['acme.nte', 'acme.net'],
    ['acme.ifno', 'acme.info'],
    ['uni-example.eud', 'uni-example.edu'],
  ])('%s -> %s', (typed, expected) => {
    expect(suggestEmailDomain(typed)).toBe(expected);
  });

  it('leaves a TLD alone when two common ones are equally close, or none is', () => {
    for (const domain of ['acme.gom', 'acme.zzz', 'acme.c0m', 'acme.xn--zzz']) {
      expect(suggestEmailDomain(domain), domain).toBeNull();
    }
  });
});

describe('suggestEmailDomain: properties', () => {
  const domainText = fc.oneof(
    fc.constantFrom(...allTargets).chain((target) =>
      fc.tuple(fc.nat(target.length), fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz.-'), maxLength: 2 }), fc.nat(2)).map(
        ([at, insert, remove]) => target.slice(0, at) + insert + target.slice(at + remove),
      ),
    ),
    fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789.-'), maxLength: 20 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
  );

  it('never suggests the domain itself, and suggests only a close domain', () => {
    fc.assert(
      fc.property(domainText, (domain) => {
        const suggestion = suggestEmailDomain(domain);
        if (suggestion === null) return;
        const typed = domain.toLowerCase();
        expect(suggestion).not.toBe(typed);
        expect(osaDistance(typed, suggestion)).toBeLessThanOrEqual(2);
        const isTarget = allTargets.includes(suggestion);
        const isTldRepair = suggestion.slice(0, suggestion.lastIndexOf('.')) === typed.slice(0, typed.lastIndexOf('.'));
        expect(isTarget || isTldRepair).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('gives the same answer whatever the case of the input', () => {
    const asciiDomain = domainText.filter((domain) => /^[\x20-\x7e]*$/.test(domain));
    fc.assert(
      fc.property(asciiDomain, (domain) => {
        expect(suggestEmailDomain(domain.toUpperCase())).toBe(suggestEmailDomain(domain.toLowerCase()));
      }),
    );
  });
});
