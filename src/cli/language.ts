/**
 * `verifield check --lang LANG`: the catalog the answers' messages are written in. A tag is read
 * by its language alone (`es-MX` and `es_MX` are Spanish, as the service reads Accept-Language);
 * English, the validators' own language, needs no catalog.
 */
import { CATALOG_LANGUAGES, CATALOGS_BY_LANGUAGE, type CatalogLanguage } from '../messages/catalogs.js';
import type { MessageCatalog } from '../messages/catalog.js';

/** The catalog of `tag`, 'english' for English, or null when verifield has none for it. */
export function catalogForTag(tag: string): MessageCatalog | 'english' | null {
  const language = tag.trim().toLowerCase().split(/[-_]/, 1)[0] ?? '';
  if (language === 'en') return 'english';
  return (CATALOG_LANGUAGES as readonly string[]).includes(language) ? CATALOGS_BY_LANGUAGE[language as CatalogLanguage] : null;
}

/** The languages --lang knows, for the help text and the note of an unknown one. */
export const LANGUAGES_NOTE = `en, ${CATALOG_LANGUAGES.join(', ')}`;
