/** The validation fields as the pages name them (../views/fields.ts, for the keys and jobs pages). */
import type { FieldName } from '../../../fields/catalog.js';
import { phrases, type Phrase } from './phrase.js';

/**
 * Each field's label in every page language; English is the field's own `label` (src/<field>/field.ts).
 * Keyed by every field, so that a field added without its translations is a type error here.
 */
export const FIELD_PHRASES: Readonly<Record<FieldName, Phrase>> = phrases({
  vat: { en: 'VAT', es: 'IVA', fr: 'TVA', de: 'USt-IdNr.', it: 'Partita IVA', pt: 'IVA', nl: 'Btw', pl: 'VAT' },
  iban: { en: 'IBAN', es: 'IBAN', fr: 'IBAN', de: 'IBAN', it: 'IBAN', pt: 'IBAN', nl: 'IBAN', pl: 'IBAN' },
  email: { en: 'Email', es: 'Correo electrónico', fr: 'E-mail', de: 'E-Mail', it: 'Email', pt: 'Email', nl: 'E-mail', pl: 'E-mail' },
  phone: { en: 'Phone', es: 'Teléfono', fr: 'Téléphone', de: 'Telefon', it: 'Telefono', pt: 'Telefone', nl: 'Telefoon', pl: 'Telefon' },
  nif: { en: 'NIF', es: 'NIF', fr: 'NIF', de: 'NIF', it: 'NIF', pt: 'NIF', nl: 'NIF', pl: 'NIF' },
  nas: { en: 'NAS (SIN)', es: 'NAS (SIN)', fr: 'NAS (SIN)', de: 'NAS (SIN)', it: 'NAS (SIN)', pt: 'NAS (SIN)', nl: 'NAS (SIN)', pl: 'NAS (SIN)' },
  ssn: { en: 'SSN', es: 'SSN', fr: 'SSN', de: 'SSN', it: 'SSN', pt: 'SSN', nl: 'SSN', pl: 'SSN' },
  bic: { en: 'BIC', es: 'BIC', fr: 'BIC', de: 'BIC', it: 'BIC', pt: 'BIC', nl: 'BIC', pl: 'BIC' },
});

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
