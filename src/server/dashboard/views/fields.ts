/**
 * How the dashboard names and colours each validation field: each field's `label` and `colour`
 * (src/<field>/field.ts), gathered from the field folders. A colour is at least 4.5:1 against the
 * white background (WCAG asks 3:1 of graphics), so that a bar stays visible to people with low vision.
 * The labels in the page's language are ../i18n/fields.ts.
 */
import type { FieldName } from '../../../fields/catalog.js';
import { FIELD_PHRASES, MIXED_FIELDS } from '../i18n/fields.js';
import type { Words } from '../i18n/words.js';

export { FIELD_COLOURS, FIELD_LABELS } from '../../../fields/generated/dashboard.js';

/** A field's label in the page's language; a name that is not a field (an old log row) as it is. */
export function fieldLabelIn(words: Words, field: string): string {
  return Object.hasOwn(FIELD_PHRASES, field) ? words.say(FIELD_PHRASES[field as FieldName]) : field;
}

/** A job's field as people read it: a field's label, or what a mixed job is, in the page's language. */
export function jobFieldLabel(words: Words, field: FieldName | 'mixed'): string {
  return words.say(field === 'mixed' ? MIXED_FIELDS : FIELD_PHRASES[field]);
}
