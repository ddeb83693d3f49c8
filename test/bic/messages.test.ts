/**
 * The BIC message templates of the seven catalog languages (src/bic/messages/), each against the
 * keys and facts of src/bic/messages/facts.ts and against the English messages of validateBic.
 */
import { describe, expect, it } from 'vitest';
import { validateBic } from '../../src/bic/index.js';
import { messages as de } from '../../src/bic/messages/de.js';
import { messages as es } from '../../src/bic/messages/es.js';
import { messageFacts, validMessageKeys, type BicMessageKey, type BicMessages } from '../../src/bic/messages/facts.js';
import { messages as fr } from '../../src/bic/messages/fr.js';
import { messages as it_ } from '../../src/bic/messages/it.js';
import { messages as nl } from '../../src/bic/messages/nl.js';
import { messages as pl } from '../../src/bic/messages/pl.js';
import { messages as pt } from '../../src/bic/messages/pt.js';
import { BIC_REASONS } from '../../src/bic/reasons.js';

const CATALOGS: Readonly<Record<string, BicMessages>> = { es, fr, de, it: it_, pt, nl, pl };
const KEYS = [...BIC_REASONS, ...validMessageKeys].sort() as BicMessageKey[];

/** One real answer per key. */
const ANSWERS: Readonly<Record<BicMessageKey, string>> = {
  BIC_EMPTY: ' ',
  BIC_WRONG_LENGTH: 'DEUTDEF',
  BIC_INSTITUTION_NOT_LETTERS: 'DEU1DEFF',
  BIC_COUNTRY_NOT_LETTERS: 'DEUT1EFF',
  BIC_LOCATION_NOT_ALPHANUMERIC: 'DEUTDE.F',
  BIC_BRANCH_NOT_ALPHANUMERIC: 'DEUTDEFF5.0',
  BIC_UNKNOWN_COUNTRY: 'DEUTQQFF',
  BIC_VALID: 'DEUTDEFF',
};

const englishOf = (key: BicMessageKey): string => validateBic(ANSWERS[key]).message;
const placeholdersOf = (template: string): string[] => [...new Set([...template.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] as string))].sort();

/** A template filled in from a real answer: `{code}` is the two letters of its country. */
function filled(template: string, key: BicMessageKey): string {
  return template.replace('{code}', validateBic(ANSWERS[key]).bicDetails?.countryCode ?? '{code}');
}

describe('BIC message keys', () => {
  it('are the reason codes and BIC_VALID, each reached by a real answer', () => {
    expect(Object.keys(messageFacts).sort()).toEqual(KEYS);
    expect(validMessageKeys).toEqual(['BIC_VALID']);
    for (const key of KEYS) expect(validateBic(ANSWERS[key]).reason ?? 'BIC_VALID').toBe(key);
  });
});

describe.each(Object.entries(CATALOGS))('BIC templates, %s', (_language, templates: BicMessages) => {
  it('has a template for every key and nothing else', () => {
    expect(Object.keys(templates).sort()).toEqual(KEYS);
    for (const key of KEYS) expect(templates[key].trim(), key).not.toBe('');
  });

  it('names exactly the facts of each key, in braces only there', () => {
    const wrong = KEYS.filter((key) => {
      const template = templates[key];
      return placeholdersOf(template).join() !== [...messageFacts[key]].sort().join() || /[{}]/.test(template.replace(/\{[a-z]+\}/g, ''));
    });
    expect(wrong).toEqual([]);
  });

  it('fills in every real answer: no brace left, the unknown country named', () => {
    for (const key of KEYS) expect(filled(templates[key], key), key).not.toMatch(/[{}]/);
    expect(filled(templates.BIC_UNKNOWN_COUNTRY, 'BIC_UNKNOWN_COUNTRY')).toContain('QQ');
  });

  it('is translated: no template filled in is the English message', () => {
    expect(KEYS.filter((key) => filled(templates[key], key) === englishOf(key))).toEqual([]);
  });
});

describe('BIC templates across languages', () => {
  it('writes no template the same as another language', () => {
    const languages = Object.keys(CATALOGS);
    const copies = languages.flatMap((language) =>
      languages
        .filter((other) => other < language)
        .flatMap((other) => KEYS.filter((key) => (CATALOGS[other] as BicMessages)[key] === (CATALOGS[language] as BicMessages)[key]).map((key) => `${language} ${key} = ${other}`)),
    );
    expect(copies).toEqual([]);
  });
});
