/**
 * How a key's scope is kept in the `scopes` column on both engines (docs/service.md#api-keys): an
 * explicit list of field names as chosen, or "all fields", stored as {@link ALL_FIELDS_WORD}
 * followed by the fields of the build that wrote it. The fields written after the word are not
 * read by this code (a key with the word covers every field of the running build, those added
 * later included); they let a process of an older version, which knows no word, still answer the
 * key for the fields it knows during a rolling upgrade.
 */
import { FIELDS_IN_SCOPE_ORDER } from '../../../fields/catalog.js';
import type { ApiKeyRecord, Field, NewApiKey } from '../types.js';

/** The stored word for "all fields". Not a field name, so an older build never mistakes it for one. */
export const ALL_FIELDS_WORD = '*';

/** The words to store for a new key's scope. */
export function storedScopes(key: Pick<NewApiKey, 'scopes' | 'allFields'>): string[] {
  return key.allFields === true ? [ALL_FIELDS_WORD, ...FIELDS_IN_SCOPE_ORDER] : [...key.scopes];
}

/** A key's scope from the words stored: "all fields" reads as every field of this build. */
export function scopesFromStored(words: readonly string[]): Pick<ApiKeyRecord, 'scopes' | 'allFields'> {
  if (words.includes(ALL_FIELDS_WORD)) return { scopes: [...FIELDS_IN_SCOPE_ORDER], allFields: true };
  return { scopes: words as Field[], allFields: false };
}
