/**
 * Every catalog of CATALOGS_BY_LANGUAGE against the contract of src/messages/keys.ts: it covers
 * every key at run time, each template names exactly its key's facts, no template is another
 * language's, and localize fills every real answer's message.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { validateIban } from '../../src/iban/index.js';
import type { MessageCatalog, MessageKey } from '../../src/messages/catalog.js';
import { CATALOG_LANGUAGES, CATALOGS_BY_LANGUAGE } from '../../src/messages/catalogs.js';
import { messageFacts } from '../../src/messages/facts.js';
import { MESSAGE_FACTS } from '../../src/messages/keys.js';
import { localize } from '../../src/messages/localize.js';
import { messageKeyOf } from '../../src/messages/message-key.js';
import { validatePhone } from '../../src/phone/index.js';
import { validateVat } from '../../src/vat/index.js';
import { examples, type Example } from './examples.js';

const KEYS = Object.keys(MESSAGE_FACTS).sort() as MessageKey[];
const placeholdersOf = (template: string): string[] => [...new Set([...template.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] as string))].sort();

/**
 * Templates two languages rightly write alike: Spanish and Portuguese both say "<term> válido".
 * Every other equal template is a copy that was never translated.
 */
const SAME_IN_BOTH: Readonly<Record<string, readonly MessageKey[]>> = {
  'es/pt': ['IBAN_VALID', 'NIF_VALID', 'NIE_VALID', 'NAS_VALID'],
};
const mayBeSame = (a: string, b: string, key: MessageKey): boolean =>
  (SAME_IN_BOTH[[a, b].sort().join('/')] ?? []).includes(key);

let all: Example[] = [];
beforeAll(async () => {
  all = await examples();
});

describe('CATALOGS_BY_LANGUAGE', () => {
  it('has the seven languages, each catalog tagged with its own', () => {
    expect(Object.keys(CATALOGS_BY_LANGUAGE).sort()).toEqual([...CATALOG_LANGUAGES].sort());
    // A catalog may name its variant (pt-PT: European Portuguese country names from Intl.DisplayNames).
    for (const language of CATALOG_LANGUAGES) expect(CATALOGS_BY_LANGUAGE[language].language.split('-')[0]).toBe(language);
  });
});

describe.each(CATALOG_LANGUAGES.map((language) => [language, CATALOGS_BY_LANGUAGE[language]] as const))('catalog %s', (language, catalog: MessageCatalog) => {
  it('has a template for every key and nothing else', () => {
    expect(Object.keys(catalog.messages).sort()).toEqual(KEYS);
    for (const key of KEYS) expect(catalog.messages[key].trim(), key).not.toBe('');
    expect(catalog.northernIreland.trim()).not.toBe('');
  });

  it('names exactly the facts of each key, in braces only there', () => {
    const wrong = KEYS.filter((key) => {
      const template = catalog.messages[key];
      const stray = template.replace(/\{[a-z]+\}/g, '');
      return placeholdersOf(template).join() !== [...MESSAGE_FACTS[key]].sort().join() || /[{}]/.test(stray);
    });
    expect(wrong).toEqual([]);
  });

  it('writes no template the same as another language', () => {
    const copies = CATALOG_LANGUAGES.filter((other) => other !== language).flatMap((other) =>
      KEYS.filter((key) => CATALOGS_BY_LANGUAGE[other].messages[key] === catalog.messages[key] && !mayBeSame(language, other, key)).map((key) => `${key} = ${other}`),
    );
    expect(copies).toEqual([]);
  });

  it('fills in every real answer: no brace left, every fact shown', () => {
    const problems: string[] = [];
    for (const { call, result, key } of all) {
      const message = localize(result, catalog).message;
      const facts = messageFacts(key, result, catalog);
      if (facts === null) problems.push(`${call}: no facts`);
      else if (message === result.message) problems.push(`${call}: still English`);
      if (/[{}]/.test(message)) problems.push(`${call}: ${message}`);
      for (const value of Object.values(facts ?? {})) if (!message.includes(value)) problems.push(`${call}: ${message} lacks ${value}`);
      expect(messageKeyOf(result)).toBe(key);
    }
    expect(problems).toEqual([]);
  });
});

describe('facts as a catalog shows them', () => {
  const { es, de } = CATALOGS_BY_LANGUAGE;
  it('names the IBAN country in the language and its length', () => {
    const message = localize(validateIban('FR76 3000 6000 0112 3456 7890'), es).message;
    expect(message).toContain('Francia');
    expect(message).toContain('27');
    expect(localize(validateIban('FR76 3000 6000 0112 3456 7890'), de).message).toContain('Frankreich');
  });

  it('asks about the IBANs suggested in the language, after the reason’s own message', () => {
    const { fr } = CATALOGS_BY_LANGUAGE;
    const two = validateIban('DE89 3704 0044 0532 0130 01');
    const [a, b] = two.ibanDetails.suggestions;
    expect(localize(two, fr).message).toBe(`${fr.messages.IBAN_BAD_CHECKSUM}. Vouliez-vous dire ${a} ou ${b} ?`);
    expect(localize(two, de).message).toBe(`${de.messages.IBAN_BAD_CHECKSUM}. Meinten Sie ${a} oder ${b}?`);
    const three = validateIban('GB82 WEST 1234 5698 7654 23');
    const [x, y, z] = three.ibanDetails.suggestions;
    expect(z).toBeDefined();
    expect(localize(three, de).message).toBe(`${de.messages.IBAN_BAD_CHECKSUM}. Meinten Sie ${x}, ${y} oder ${z}?`);
    expect(localize(three, es).message).toBe(`${es.messages.IBAN_BAD_CHECKSUM}. ¿Quería decir ${x}, ${y} o ${z}?`);
    // The national check's own message, in the language.
    expect(localize(validateIban('BE41 5390 0754 7035'), fr).message).toBe(fr.messages.IBAN_NATIONAL_CHECK_FAILED);
  });

  it('names countries as the catalog’s variant writes them: Polónia in Portugal, not Polônia', () => {
    const { pt } = CATALOGS_BY_LANGUAGE;
    const message = localize(validateVat('PL 0000000001'), pt).message;
    expect(message).toContain('Polónia');
  });

  it('names Greece for EL and the catalog’s Northern Ireland for XI', () => {
    expect(localize(validateVat('EL 094259216'), es).message).toContain('Grecia');
    expect(localize(validateVat('XI 980 7806 84'), es).message).toContain(es.northernIreland);
  });

  it('writes a phone number’s place with and without a country', () => {
    expect(localize(validatePhone('+33 1'), es).message).toContain('Francia (+33)');
    const shared = validatePhone('+7 600 123 4567');
    expect(shared.phoneDetails?.country_code).toBeUndefined();
    const message = localize(shared, es).message;
    expect(message).toContain('+7');
    expect(message).not.toContain('(+7)');
  });
});
