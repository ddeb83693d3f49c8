/**
 * The language of a page: the one the browser's Accept-Language asks for among English and the
 * message catalogs' languages, negotiated as the API's answers are (../../answers/answer-language.ts),
 * English when none fits.
 */
import { ANSWER_LANGUAGES, createAnswerLanguages } from '../../answers/answer-language.js';
import type { PageLanguage } from './phrase.js';

/** Every page language, English first: the languages of the API's answers. */
export const PAGE_LANGUAGES: readonly PageLanguage[] = ANSWER_LANGUAGES;

const picked = createAnswerLanguages();

/** The page language Accept-Language `header` picks (undefined or null: no header, English). */
export function pageLanguageOf(header: string | null | undefined): PageLanguage {
  // answer-language.ts picks only among English and the catalogs' languages.
  return picked.pick(header ?? null) as PageLanguage;
}
