/**
 * Each field's manifest (src/<field>/field.ts), for the tests that check what the registry derives
 * from it: the ranks of each order, the fields answered at start.
 */
import { FIELD_NAMES, type FieldName } from '../../src/fields/catalog.js';
import type { FieldManifest } from '../../src/fields/manifest.js';

export async function fieldManifests(): Promise<Record<FieldName, FieldManifest>> {
  const entries = await Promise.all(
    FIELD_NAMES.map(async (field) => [field, ((await import(`../../src/${field}/field.ts`)) as { field: FieldManifest }).field] as const),
  );
  return Object.fromEntries(entries) as Record<FieldName, FieldManifest>;
}
