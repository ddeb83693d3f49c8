/**
 * What the OpenAPI document (src/server/http/openapi.ts) says of each field's validation endpoint:
 * the field's own words (`src/<field>/openapi.ts`, gathered in ./generated/openapi.ts), its reason
 * codes and the name of its result schema. Data only, kept apart from ./catalog.ts so that the
 * browser client, which reads the catalog, does not carry these texts.
 */
import { REASONS, type ReasonCode } from '../reasons.js';
import { FIELD_CATALOG, FIELD_NAMES, type FieldName } from './catalog.js';
import { FIELD_OPENAPI } from './generated/openapi.js';
import type { FieldOpenApi } from './manifest.js';

/** The OpenAPI description of one field's endpoint. */
export interface FieldOperation extends FieldOpenApi {
  /** The schema of the request body: `ValidationRequest` (`value` alone), or `<Field>ValidationRequest` for a field with request members. */
  readonly requestSchema: string;
  /** The schema of a 200 answer: `<Field>ValidationResult`. */
  readonly resultSchema: string;
  /** The schema of the details object: `<Field>Details`. */
  readonly detailsSchemaName: string;
  /** The member of the answer that holds the details: `<field>Details`. */
  readonly detailsMember: string;
  /** The field's reason codes (src/reasons.ts), the `enum` of `reason` in its answers. */
  readonly reasons: readonly ReasonCode[];
}

const capitalized = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/** The OpenAPI description of `field`'s endpoint. */
const operationOf = (field: FieldName): FieldOperation => ({
  ...FIELD_OPENAPI[field],
  requestSchema: Object.keys(FIELD_CATALOG[field].requestMembers).length === 0 ? 'ValidationRequest' : `${capitalized(field)}ValidationRequest`,
  resultSchema: `${capitalized(field)}ValidationResult`,
  detailsSchemaName: `${capitalized(field)}Details`,
  detailsMember: `${field}Details`,
  reasons: REASONS[field],
});

/** Field -> its endpoint's OpenAPI description. */
export const FIELD_OPERATIONS = Object.fromEntries(FIELD_NAMES.map((field) => [field, operationOf(field)])) as { readonly [F in FieldName]: FieldOperation };
