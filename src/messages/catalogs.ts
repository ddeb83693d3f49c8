/**
 * Every catalog by its language, for the service (Accept-Language) and the CLI. Not exported from
 * verifield/messages: a form imports only the catalog it shows, and this module imports all seven.
 */
import type { MessageCatalog } from './catalog.js';
import { de } from './de.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { nl } from './nl.js';
import { pl } from './pl.js';
import { pt } from './pt.js';

/** The languages verifield has a catalog for, besides English (the validators' own messages). */
export const CATALOG_LANGUAGES = ['es', 'fr', 'de', 'it', 'pt', 'nl', 'pl'] as const;

/** A language verifield has a catalog for. */
export type CatalogLanguage = (typeof CATALOG_LANGUAGES)[number];

/** The catalog of each language. */
export const CATALOGS_BY_LANGUAGE: Readonly<Record<CatalogLanguage, MessageCatalog>> = { es, fr, de, it, pt, nl, pl };
