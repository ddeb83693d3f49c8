/**
 * The dashboard's words in every language it speaks (docs/service.md#dashboard, "Dashboard languages"): a phrase holds
 * its text in English and in each catalog's language side by side, so a page's words are read and
 * changed in one place and a missing translation is a type error. `{name}` in a text is filled by
 * the page (./words.ts); the same names must appear in every language, which {@link phrases}
 * checks when the module that declares them loads.
 */
import type { CatalogLanguage } from '../../../messages/catalogs.js';

/** A language the pages are written in: English and the languages of the message catalogs. */
export type PageLanguage = 'en' | CatalogLanguage;

/** One text in every page language. */
export type Phrase = Readonly<Record<PageLanguage, string>>;

/** The forms of a counted text by plural category (Intl.PluralRules); `other` is always there. */
export type PluralForms = Readonly<{ other: string } & Partial<Record<Intl.LDMLPluralRule, string>>>;

/** A text about a count (`{count}` in it), in every page language, each with its plural forms. */
export type CountedPhrase = Readonly<Record<PageLanguage, PluralForms>>;

/** The values of a phrase's `{name}` placeholders: numbers and phrases are written in the page's language. */
export type PhraseValues = Readonly<Record<string, string | number | Phrase>>;

/**
 * Something a page says: a phrase, a phrase with its values, or text already written (a user's
 * own words, or a message that has one language only).
 */
export type Wording = string | Phrase | { readonly phrase: Phrase; readonly values: PhraseValues };

const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;

/** The placeholder names of `text`, sorted and without repeats. */
export function placeholdersOf(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(PLACEHOLDER), (match) => match[1] as string))].sort();
}

function textsOf(entry: Phrase | CountedPhrase): Array<[string, string]> {
  const texts: Array<[string, string]> = [];
  for (const [language, value] of Object.entries(entry)) {
    if (typeof value === 'string') texts.push([language, value]);
    else for (const [form, text] of Object.entries(value as PluralForms)) texts.push([`${language}.${form}`, text as string]);
  }
  return texts;
}

/**
 * A page's phrases, returned as given once every language of each phrase has the same placeholders
 * as its English (`other` form for a counted one); a translation that lost or renamed one throws
 * here, when the page's module loads, not when a visitor opens the page.
 */
export function phrases<T extends Readonly<Record<string, Phrase | CountedPhrase>>>(book: T): T {
  for (const [key, entry] of Object.entries(book)) {
    const texts = textsOf(entry);
    const expected = placeholdersOf(texts.find(([where]) => where === 'en' || where === 'en.other')?.[1] ?? '').join(',');
    for (const [where, text] of texts) {
      const found = placeholdersOf(text).join(',');
      if (found !== expected) throw new Error(`phrase ${key} in ${where} has the placeholders {${found}}, English has {${expected}}`);
    }
  }
  return book;
}
