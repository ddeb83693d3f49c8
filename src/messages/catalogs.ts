/**
 * Every catalog by its language, for the service (Accept-Language) and the CLI. Not exported from
 * verifield/messages: a form imports only the catalog it shows, and this module imports all seven.
 * The languages are the files of ./languages/ (scripts/generate-fields.ts).
 */
export { CATALOG_LANGUAGES, CATALOGS_BY_LANGUAGE } from '../fields/generated/catalogs.js';
import type { CATALOG_LANGUAGES } from '../fields/generated/catalogs.js';

/** A language verifield has a catalog for. */
export type CatalogLanguage = (typeof CATALOG_LANGUAGES)[number];
