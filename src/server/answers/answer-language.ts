/**
 * A validation answer put in the language its request asked for (docs/service.md#languages): a 200
 * carries the result with its message from the catalog Accept-Language picked (accept-language.ts),
 * `Content-Language` and `Vary: Accept-Language`; every other answer stays English and says so.
 * Applied once the request was counted, so the usage log and the meter see the English result, and
 * a catalog that fails leaves the answer in English rather than failing a counted request.
 */
import { CATALOG_LANGUAGES, CATALOGS_BY_LANGUAGE, type CatalogLanguage } from '../../messages/catalogs.js';
import { localize } from '../../messages/localize.js';
import { negotiateLanguage } from './accept-language.js';
import type { ValidationAnswer } from './errors.js';

/** The language of every message the service writes itself. */
export const DEFAULT_LANGUAGE = 'en' as const;

/** The languages of a 200, English first: a `*` range or an `en-…` one keeps the answer in English. */
export const ANSWER_LANGUAGES: readonly ('en' | CatalogLanguage)[] = [DEFAULT_LANGUAGE, ...CATALOG_LANGUAGES];

// Clients send the same few header values again and again (a browser sends one per user setting):
// the last few are remembered, each with the language it picked. A header longer than any browser
// sends is negotiated each time rather than kept.
const REMEMBERED = 8;
const REMEMBERED_LENGTH = 256;

/** The languages picked for the last few Accept-Language values (one per runtime: pipeline/runtime-state.ts). */
export interface AnswerLanguages {
  /** The language Accept-Language `header` picks among English and the catalogs. */
  pick(header: string | null): string;
}

/** The language Accept-Language `header` picks, read afresh. */
function answerLanguageOnce(header: string | null): string {
  return header === null ? DEFAULT_LANGUAGE : negotiateLanguage(header, ANSWER_LANGUAGES, DEFAULT_LANGUAGE);
}

export function createAnswerLanguages(): AnswerLanguages {
  const picked = new Map<string, string>();
  return {
    pick(header) {
      if (header === null) return DEFAULT_LANGUAGE;
      const known = picked.get(header);
      if (known !== undefined) return known;
      const language = answerLanguageOnce(header);
      if (header.length <= REMEMBERED_LENGTH) {
        if (picked.size >= REMEMBERED) picked.delete(picked.keys().next().value as string);
        picked.set(header, language);
      }
      return language;
    },
  };
}

function isCatalogLanguage(language: string): language is CatalogLanguage {
  return Object.hasOwn(CATALOGS_BY_LANGUAGE, language);
}

/**
 * `answer` in the language of `acceptLanguage` (the request's header, null when absent). A 200's
 * header object is extended in place: the meter builds a new one per answer (metered.ts).
 * `languages`: the runtime's memo of the headers seen (null: none, the header read afresh).
 * `onError` hears of a catalog that threw; the answer then stays English.
 */
export function inAnswerLanguage(answer: ValidationAnswer, acceptLanguage: string | null, languages: AnswerLanguages | null, onError: (error: unknown) => void): ValidationAnswer {
  // An error's headers may be shared by several answers (a quota state read once): copied, off the hot path.
  if (answer.status !== 200) return { ...answer, headers: { ...answer.headers, 'Content-Language': DEFAULT_LANGUAGE } };
  const headers = answer.headers ?? {};
  answer.headers = headers;
  headers.Vary = 'Accept-Language';
  const language = languages === null ? answerLanguageOnce(acceptLanguage) : languages.pick(acceptLanguage);
  headers['Content-Language'] = DEFAULT_LANGUAGE;
  if (!isCatalogLanguage(language)) return answer;
  try {
    answer.body = localize(answer.body, CATALOGS_BY_LANGUAGE[language]);
    headers['Content-Language'] = language;
  } catch (error) {
    onError(error);
  }
  return answer;
}
