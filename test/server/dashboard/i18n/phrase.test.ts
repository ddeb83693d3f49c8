import { describe, expect, it } from 'vitest';
import { phrases, placeholdersOf } from '../../../../src/server/dashboard/i18n/phrase.js';

const ALL = { en: 'Keys of {name}', es: 'Claves de {name}', fr: 'Clés de {name}', de: 'Schlüssel von {name}', it: 'Chiavi di {name}', pt: 'Chaves de {name}', nl: 'Sleutels van {name}', pl: 'Klucze {name}' };

describe('phrases', () => {
  it('returns a book whose every language has the placeholders of its English', () => {
    const book = phrases({ title: ALL, days: { en: { one: '{count} day', other: '{count} days' }, es: { other: '{count} días' }, fr: { other: '{count} jours' }, de: { other: '{count} Tage' }, it: { other: '{count} giorni' }, pt: { other: '{count} dias' }, nl: { other: '{count} dagen' }, pl: { one: '{count} dzień', few: '{count} dni', many: '{count} dni', other: '{count} dnia' } } });
    expect(book.title.fr).toBe('Clés de {name}');
  });

  it('refuses, when its module loads, a translation that lost, renamed or added a placeholder', () => {
    expect(() => phrases({ title: { ...ALL, fr: 'Clés' } })).toThrow('phrase title in fr has the placeholders {}, English has {name}');
    expect(() => phrases({ title: { ...ALL, de: 'Schlüssel von {nom}' } })).toThrow('phrase title in de has the placeholders {nom}, English has {name}');
    expect(() => phrases({ days: { en: { one: '{count} day', other: '{count} days' }, es: { other: 'días' }, fr: { other: '{count}' }, de: { other: '{count}' }, it: { other: '{count}' }, pt: { other: '{count}' }, nl: { other: '{count}' }, pl: { other: '{count}' } } })).toThrow(
      'phrase days in es.other has the placeholders {}, English has {count}',
    );
  });

  it('reads the placeholder names of a text, each once, sorted', () => {
    expect(placeholdersOf('{b} and {a}, then {b} again; {not a name} nor {}')).toEqual(['a', 'b']);
  });
});
