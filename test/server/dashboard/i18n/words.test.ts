import { describe, expect, it } from 'vitest';
import type { CountedPhrase, Phrase } from '../../../../src/server/dashboard/i18n/phrase.js';
import { ENGLISH, wordsIn } from '../../../../src/server/dashboard/i18n/words.js';
import { html } from '../../../../src/server/dashboard/views/html.js';

const KEYS_OF: Phrase = { en: 'Keys of {name}', es: 'Claves de {name}', fr: 'Clés de {name}', de: 'Schlüssel von {name}', it: 'Chiavi di {name}', pt: 'Chaves de {name}', nl: 'Sleutels van {name}', pl: 'Klucze {name}' };
const ROLE: Phrase = { en: 'owner', es: 'propietario', fr: 'propriétaire', de: 'Inhaber', it: 'proprietario', pt: 'proprietário', nl: 'eigenaar', pl: 'właściciel' };
const KEYS: CountedPhrase = {
  en: { one: '{count} key', other: '{count} keys' },
  es: { one: '{count} clave', other: '{count} claves' },
  fr: { one: '{count} clé', other: '{count} clés' },
  de: { one: '{count} Schlüssel', other: '{count} Schlüssel' },
  it: { one: '{count} chiave', other: '{count} chiavi' },
  pt: { one: '{count} chave', other: '{count} chaves' },
  nl: { one: '{count} sleutel', other: '{count} sleutels' },
  pl: { one: '{count} klucz', few: '{count} klucze', many: '{count} kluczy', other: '{count} klucza' },
};
const NOW = new Date('2026-11-26T14:03:59Z');
/** Intl writes some spaces as no-break spaces (French thousands, "99 %"): read as spaces here. */
const spaced = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the words of a page', () => {
  it('keep the forms English pages always had', () => {
    expect(ENGLISH.number(1234567)).toBe('1,234,567');
    expect(ENGLISH.time(NOW)).toBe('2026-11-26 14:03 UTC');
    expect(ENGLISH.percent(99.5)).toBe('99.5%');
    expect(ENGLISH.age(new Date(NOW.getTime() - 3 * 3_600_000), NOW)).toBe('3 hours ago');
    expect(ENGLISH.age(new Date(NOW.getTime() - 20_000), NOW)).toBe('less than a minute ago');
    expect(ENGLISH.day('2026-11-26')).toBe('2026-11-26');
    expect(ENGLISH.list(['Austria', 'Greece', 'Sweden'])).toBe('Austria, Greece, Sweden');
    expect([ENGLISH.country('DE'), ENGLISH.country('EL'), ENGLISH.country('XI'), ENGLISH.country('1A')]).toEqual(['Germany', 'Greece', 'Northern Ireland', '1A']);
  });

  it('write numbers, times, ages, days, lists and countries as French does, times in UTC', () => {
    const fr = wordsIn('fr');
    expect(spaced(fr.number(1234567.5))).toBe('1 234 567,5');
    expect(fr.time(NOW)).toBe('26 nov. 2026, 14:03 UTC');
    expect(fr.timeTag(NOW).text).toBe('<time datetime="2026-11-26T14:03:59.000Z">26 nov. 2026, 14:03 UTC</time>');
    expect(spaced(fr.percent(99.5))).toBe('99,5 %');
    expect(fr.age(new Date(NOW.getTime() - 3 * 3_600_000), NOW)).toBe('il y a 3 heures');
    expect(fr.age(new Date(NOW.getTime() - 20_000), NOW)).toBe('il y a moins d’une minute');
    expect(fr.day('2026-11-26')).toBe('26 nov. 2026');
    expect(fr.list(['Autriche', 'Grèce', 'Suède'])).toBe('Autriche, Grèce et Suède');
    expect([fr.country('DE'), fr.country('EL'), fr.country('XI')]).toEqual(['Allemagne', 'Grèce', 'Irlande du Nord']);
    expect(wordsIn('de').time(NOW)).toBe('26.11.2026, 14:03 UTC');
  });

  it('fill placeholders with text, numbers in the language and phrases in the language; an unknown one stays', () => {
    const de = wordsIn('de');
    expect(de.say(KEYS_OF, { name: 'Shop' })).toBe('Schlüssel von Shop');
    expect(de.say({ phrase: KEYS_OF, values: { name: 12500 } })).toBe('Schlüssel von 12.500');
    expect(de.say({ phrase: KEYS_OF, values: { name: ROLE } })).toBe('Schlüssel von Inhaber');
    expect(de.say(KEYS_OF)).toBe('Schlüssel von {name}');
    expect(de.say('text already written', { name: 'x' })).toBe('text already written');
  });

  it('pick the plural form of each language', () => {
    const pl = wordsIn('pl');
    expect([1, 2, 5, 22, 1.5].map((count) => pl.counted(KEYS, count))).toEqual(['1 klucz', '2 klucze', '5 kluczy', '22 klucze', '1,5 klucza']);
    expect([1, 2].map((count) => ENGLISH.counted(KEYS, count))).toEqual(['1 key', '2 keys']);
    expect(wordsIn('fr').counted(KEYS, 1500)).toMatch(/^1\s500 clés$/);
  });

  it('escape the text of a phrase and of its text values, and keep markup values as they are', () => {
    const risky: Phrase = { ...KEYS_OF, en: 'Tom & {name} <i>' };
    expect(ENGLISH.sayMarkup(risky, { name: '<script>' }).text).toBe('Tom &amp; &lt;script&gt; &lt;i&gt;');
    expect(ENGLISH.sayMarkup(risky, { name: html`<strong>${'Ana'}</strong>` }).text).toBe('Tom &amp; <strong>Ana</strong> &lt;i&gt;');
  });
});
