/**
 * How the dashboard names and colours each validation field. Both tables are mapped over the
 * field list (src/fields/catalog.ts), so a new field does not compile until it has a name and a
 * colour here.
 */
import type { FieldName } from '../../../fields/catalog.js';

/** Each field's name as people read it. */
export const FIELD_LABELS: Readonly<Record<FieldName, string>> = {
  vat: 'VAT',
  iban: 'IBAN',
  email: 'Email',
  phone: 'Phone',
  nif: 'NIF',
  nas: 'NAS (SIN)',
  ssn: 'SSN',
};

/**
 * Each field's colour in the usage chart: distinct hues, each at least 4.5:1 against the white
 * background (WCAG asks 3:1 of graphics), so that a bar stays visible to people with low vision.
 */
export const FIELD_COLOURS: Readonly<Record<FieldName, string>> = {
  vat: '#1f5fad',
  iban: '#b35900',
  email: '#1b7a3d',
  phone: '#a3307a',
  nif: '#8c6d00',
  nas: '#5b4bb7',
  ssn: '#4d4d4d',
};

/** A field's name as people read it; a name that is not a field (an old log row) as it is. */
export function fieldLabel(field: string): string {
  return Object.prototype.hasOwnProperty.call(FIELD_LABELS, field) ? FIELD_LABELS[field as FieldName] : field;
}
