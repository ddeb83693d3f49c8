/**
 * The fields the service answers without loading the field registry (src/server/pipeline/validators.ts,
 * for a fast cold start) are answered exactly as the registry says: by the registry's own offline
 * function, on fields that have no verified one. A registry change to one of them fails here.
 */
import { describe, expect, it } from 'vitest';
import { FIELD_NAMES } from '../../../src/fields/catalog.js';
import { VALIDATORS } from '../../../src/fields/validators.js';
import { ANSWERED_AT_START, FIELD_VALIDATORS } from '../../../src/server/pipeline/validators.js';
import { fieldManifests } from '../../support/field-manifests.js';

describe('the fields answered at start', () => {
  const atStart = Object.entries(ANSWERED_AT_START);

  it('are the small offline fields, not phone, email or VAT: those whose field.ts says answeredAtStart', async () => {
    const manifests = await fieldManifests();
    const flagged = FIELD_NAMES.filter((field) => manifests[field].answeredAtStart);
    expect(Object.keys(ANSWERED_AT_START).sort()).toEqual([...flagged].sort());
    expect(Object.keys(ANSWERED_AT_START)).toEqual(expect.arrayContaining(['iban', 'nas', 'nif', 'ssn']));
    for (const heavy of ['phone', 'email', 'vat']) expect(Object.keys(ANSWERED_AT_START)).not.toContain(heavy);
  });

  it.each(atStart)('%s: the registry’s own offline function, and the registry has no verified one', (field, validate) => {
    const entry = VALIDATORS[field as keyof typeof VALIDATORS];
    expect(validate).toBe(entry.offline);
    expect(entry.verified).toBeUndefined();
  });

  it('every field has a validator', () => {
    expect(Object.keys(FIELD_VALIDATORS).sort()).toEqual([...FIELD_NAMES].sort());
  });
});
