/** The validation fields as the pages name them (../views/fields.ts, for the keys and jobs pages). */
import { FIELD_NAMES, type FieldName } from '../../../fields/catalog.js';
import { FIELD_LABELS, FIELD_LABELS_IN } from '../../../fields/generated/dashboard.js';
import { PAGE_LANGUAGES } from './languages.js';
import type { PageLanguage, Phrase } from './phrase.js';

/**
 * Each field's label in every page language: its own `label` and `labels` (src/<field>/field.ts),
 * so that a field's names live in its folder; a language it gives no name in shows `label`.
 */
export const FIELD_PHRASES: Readonly<Record<FieldName, Phrase>> = Object.fromEntries(
  FIELD_NAMES.map((field) => {
    const phrase = Object.fromEntries(PAGE_LANGUAGES.map((language) => [language, FIELD_LABELS_IN[field][language] ?? FIELD_LABELS[field]]));
    return [field, phrase as Record<PageLanguage, string>];
  }),
) as Record<FieldName, Phrase>;

/** What a job of mixed fields is. */
export const MIXED_FIELDS: Phrase = {
  en: 'Mixed fields',
  es: 'Campos mixtos',
  fr: 'Champs mixtes',
  de: 'Gemischte Felder',
  it: 'Campi misti',
  pt: 'Campos mistos',
  nl: 'Gemengde velden',
  pl: 'Różne pola',
};
