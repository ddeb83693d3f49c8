/**
 * The Accept-Language reader (src/server/answers/accept-language.ts): the RFC 9110 grammar, the
 * RFC 4647 lookup over the service's languages, the 32-range cap, and no throw on any string.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LANGUAGE_RANGES, negotiateLanguage, parseAcceptLanguage } from '../../../src/server/answers/accept-language.js';
import { createAnswerLanguages } from '../../../src/server/answers/answer-language.js';

/** One runtime's memo of the headers seen, as the service holds it. */
const answerLanguage = createAnswerLanguages().pick;

const AVAILABLE = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'pl'];
const pick = (header: string | null): string => negotiateLanguage(header, AVAILABLE, 'en');

describe('parseAcceptLanguage', () => {
  it('reads ranges and weights in thousandths, any case, with optional whitespace and empty elements', () => {
    expect(parseAcceptLanguage('es-ES,es;q=0.9, en ;Q=0.125,,*;q=0')).toEqual([
      { range: 'es-es', weight: 1000 },
      { range: 'es', weight: 900 },
      { range: 'en', weight: 125 },
      { range: '*', weight: 0 },
    ]);
    expect(parseAcceptLanguage('fr;q=1.000, de;q=0.')).toEqual([
      { range: 'fr', weight: 1000 },
      { range: 'de', weight: 0 },
    ]);
    expect(parseAcceptLanguage('')).toEqual([]);
  });

  it('refuses what the grammar refuses: weights over 1 or with four decimals, other parameters, bad subtags', () => {
    for (const header of ['es;q=2', 'es;q=1.5', 'es;q=0.1234', 'es;level=1', 'es;q=', 'es-', 'toolongtag', 'e s', 'es_ES', 'ä', 'es;q=0.5;q=0.4']) {
      expect(parseAcceptLanguage(header), header).toBeNull();
    }
  });

  it(`reads ${MAX_LANGUAGE_RANGES} ranges and ignores the rest, malformed or not`, () => {
    const ranges = Array.from({ length: 40 }, (_, index) => `zz-r${index}`);
    expect(parseAcceptLanguage(ranges.join(','))).toHaveLength(MAX_LANGUAGE_RANGES);
    expect(parseAcceptLanguage([...ranges.slice(0, 32), 'not a range'].join(','))).toHaveLength(MAX_LANGUAGE_RANGES);
  });
});

describe('negotiateLanguage (RFC 4647 lookup)', () => {
  it.each([
    ['es-MX', 'es'],
    ['es-419', 'es'],
    ['pt-BR,pt;q=0.9', 'pt'],
    ['de-CH-x-phonebk', 'de'],
    ['fr;q=0, es', 'es'],
    ['fr;q=0.5, nl;q=0.8', 'nl'],
    ['it;q=0.5, pl;q=0.5', 'it'],
    ['en-US,es;q=0.5', 'en'],
    ['xx, fr', 'fr'],
    ['*', 'en'],
    ['en;q=0, *', 'es'],
    ['*;q=0.1, de', 'de'],
    ['es;q=0, es-MX', 'en'],
    ['es-MX;q=0, es', 'es'],
    ['xx', 'en'],
    ['*;q=0', 'en'],
    ['es;q=2', 'en'],
    ['', 'en'],
  ])('%j answers in %s', (header, language) => {
    expect(pick(header)).toBe(language);
  });

  it('answers in the fallback without a header', () => {
    expect(pick(null)).toBe('en');
    expect(answerLanguage(null)).toBe('en');
  });

  it('never throws, and picks a language it has, on any string', () => {
    const tokens = fc.constantFrom('es', 'ES-mx', 'fr', 'en', '*', 'x', 'zh-Hant-TW', ';', ',', 'q=', '0.5', '1', ' ', '\t', '-', '=', 'ä');
    const headers = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.array(tokens, { maxLength: 60 }).map((parts) => parts.join('')));
    fc.assert(
      fc.property(headers, (header) => {
        expect(AVAILABLE).toContain(pick(header));
        expect(AVAILABLE).toContain(answerLanguage(header));
      }),
      { numRuns: 2000 },
    );
  });

  it('answers a remembered header as it did the first time', () => {
    for (let round = 0; round < 3; round++) {
      for (let index = 0; index < 20; index++) expect(answerLanguage(`zz-r${index}, es;q=0.5`)).toBe('es');
      expect(answerLanguage('de-AT')).toBe('de');
      expect(answerLanguage(`${'zz-r1,'.repeat(100)}fr`)).toBe('en');
    }
  });
});
