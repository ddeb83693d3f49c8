/**
 * The BIC folder's data for the registry (docs/architecture.md, "How to add … A field"): its
 * examples give what they say, the BicDetails schema generated from its details.ts describes every
 * answer's details, and its offline validator is validateBic.
 */
import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../src/server/shapes/json-schema.js';
import { examples } from '../../src/bic/examples.js';
import { field } from '../../src/bic/field.js';
import { validateBic } from '../../src/bic/index.js';
import { openapi } from '../../src/bic/openapi.js';
import { SHAPE_SCHEMAS } from '../../src/server/shapes/generated/schemas.js';
import { BIC_REASONS } from '../../src/bic/reasons.js';
import { usageLog } from '../../src/bic/usage-log.js';
import { validators } from '../../src/bic/validators.js';

/** Why `value` does not fit `schema` (the type and pattern keywords the details schema uses), or null. */
function misfit(value: unknown, schema: SchemaObject | undefined): string | null {
  const types: readonly string[] = typeof schema?.type === 'string' ? [schema.type] : (schema?.type ?? []);
  const type = value === null ? 'null' : typeof value;
  if (!types.includes(type)) return `${JSON.stringify(value)} is not ${types.join(' or ')}`;
  if (typeof value === 'string' && schema?.pattern !== undefined && !new RegExp(schema.pattern).test(value)) return `${value} does not match ${schema.pattern}`;
  return null;
}

describe('the BIC folder', () => {
  it('names the field bic, answered by validateBic, its values kept as sent in the usage log', () => {
    expect(field).toMatchObject({ name: 'bic', operation: 'validateBic', subpath: 'bic', requestMembers: { iban: 'offline' } });
    expect(usageLog).toBe('clear');
    for (const value of examples.valid) expect(validators.offline(value)).toEqual(validateBic(value));
  });

  it('has valid examples that are valid, and an invalid example of every reason that gives it', () => {
    for (const value of examples.valid) expect(validateBic(value).valid, value).toBe(true);
    for (const { value, reason } of examples.invalid) expect(validateBic(value).reason, value).toBe(reason);
    expect(examples.invalid.map((example) => example.reason)).toEqual([...BIC_REASONS]);
    expect(validateBic(openapi.example.value).valid).toBe(true);
  });

  it('describes in its details schema exactly the details of every answer that has them', () => {
    const schema = SHAPE_SCHEMAS.BicDetails;
    const properties = schema.properties ?? {};
    const withDetails = [...examples.valid, 'DEUTUKFF', 'DEUTDEFFXXX'].map((value) => validateBic(value, { iban: 'DE89' }));
    withDetails.push(validateBic('DEUTDEFF'));
    for (const result of withDetails) {
      const details = result.bicDetails ?? {};
      expect(Object.keys(details).sort()).toEqual(Object.keys(properties).sort());
      expect([...(schema.required ?? [])].sort()).toEqual(Object.keys(details).sort());
      const problems = Object.entries(details).flatMap(([name, value]) => misfit(value, properties[name]) ?? []);
      expect(problems, result.originalValue).toEqual([]);
    }
    expect(openapi.detailsAlwaysPresent).toBe(false);
    expect(validateBic('DEUT').bicDetails).toBeUndefined();
  });
});
