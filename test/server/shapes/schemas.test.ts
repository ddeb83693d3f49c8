/**
 * The shapes' JSON Schemas (docs/architecture.md#shapes): generated from the types
 * src/server/http/shapes.ts names, each listed in the OpenAPI document, documented property by
 * property, and with the limits the service enforces.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedNames } from '../../../scripts/generate-schemas.js';
import { MAX_JOB_VALUES } from '../../../src/server/batch/input.js';
import { openApiDocument } from '../../../src/server/http/openapi.js';
import { MAX_VALUE_CHARACTERS } from '../../../src/server/policy/limits.js';
import { SHAPE_SCHEMAS } from '../../../src/server/shapes/generated/schemas.js';
import type { SchemaObject } from '../../../src/server/shapes/json-schema.js';
import { repoRoot } from '../../support/repo-root.js';

const shapesSource = readFileSync(join(repoRoot, 'src/server/http/shapes.ts'), 'utf8');

/** Every object schema inside `schema` (itself, its properties', items' and alternatives'), with where it is. */
function objectsIn(schema: SchemaObject, at: string): [string, SchemaObject][] {
  const inner = [
    ...Object.entries(schema.properties ?? {}).map(([name, property]) => objectsIn(property, `${at}.${name}`)),
    ...(schema.items === undefined ? [] : [objectsIn(schema.items, `${at}[]`)]),
    ...(schema.anyOf ?? []).map((alternative, index) => objectsIn(alternative, `${at}|${index}`)),
  ].flat();
  return schema.properties === undefined ? inner : [[at, schema], ...inner];
}

describe('the generated shape schemas', () => {
  it('hold every type shapes.ts names, and the document lists each but the two error bodies it narrows per status', () => {
    const names = exportedNames(shapesSource);
    expect(names.length).toBeGreaterThan(30);
    for (const name of names) expect(SHAPE_SCHEMAS, name).toHaveProperty(name);
    const components = openApiDocument.components.schemas;
    const listed = Object.keys(SHAPE_SCHEMAS).filter((name) => name in components);
    expect(Object.keys(SHAPE_SCHEMAS).filter((name) => !listed.includes(name)).sort()).toEqual(['ErrorBody', 'ValidationErrorBody']);
    for (const name of listed) expect(components[name], name).toEqual(SHAPE_SCHEMAS[name as keyof typeof SHAPE_SCHEMAS]);
  });

  it('describe every object and every property (a member added to a type without its TSDoc fails here)', () => {
    const undocumented: string[] = [];
    for (const [name, schema] of Object.entries(SHAPE_SCHEMAS)) {
      for (const [at, object] of objectsIn(schema, name)) {
        for (const [property, propertySchema] of Object.entries(object.properties ?? {})) {
          if ((propertySchema.description ?? '').trim() === '') undocumented.push(`${at}.${property}`);
        }
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('close every object: a member the service starts sending without declaring it fails the answer checks', () => {
    const open = Object.entries(SHAPE_SCHEMAS).flatMap(([name, schema]) => objectsIn(schema, name)).filter(([, object]) => object.additionalProperties !== false);
    expect(open.map(([at]) => at)).toEqual([]);
  });

  it('carry the limits the service enforces', () => {
    const values = SHAPE_SCHEMAS.JobSubmission.properties?.values;
    expect(values?.items?.maxLength).toBe(MAX_VALUE_CHARACTERS);
    expect(values?.maxItems).toBe(MAX_JOB_VALUES);
    expect(MAX_JOB_VALUES).toBe(100_000);
    expect(SHAPE_SCHEMAS.ValidationErrorBody.properties?.originalValue?.maxLength).toBe(MAX_VALUE_CHARACTERS);
  });

  it('keep nullable integers nullable (the generator drops null beside @asType integer unless told)', () => {
    const dropped: string[] = [];
    const visit = (schema: SchemaObject, at: string): void => {
      // A description that speaks of null over a schema that does not allow it.
      if (schema.type === 'integer' && /\bnull\b/.test(schema.description ?? '')) dropped.push(at);
      for (const [name, property] of Object.entries(schema.properties ?? {})) visit(property, `${at}.${name}`);
      if (schema.items !== undefined) visit(schema.items, `${at}[]`);
      for (const alternative of schema.anyOf ?? []) visit(alternative, at);
    };
    for (const [name, schema] of Object.entries(SHAPE_SCHEMAS)) visit(schema, name);
    expect(dropped).toEqual([]);
  });
});

describe('the names shapes.ts exports', () => {
  it('are read from interfaces, aliases and export lists', () => {
    expect(exportedNames("export interface A {}\nexport type B = A;\nexport type { C, D } from './x.js';\nexport type {\n  E,\n  F,\n} from './y.js';\n")).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
  });

  it('refuse a renamed export: a component takes its type\'s own name', () => {
    expect(() => exportedNames("export type { A as B } from './x.js';")).toThrow(/export the type under its own name/);
  });
});
