/**
 * The validation fields, as data: the one list that the service's routes and key scopes, the
 * store's checks, the usage log, the OpenAPI document, the CLI and the client are derived from
 * (docs/architecture.md). The list is generated from the field folders (`src/<field>/field.ts`,
 * copied as literals into ./generated/catalog.ts by scripts/generate-fields.ts); the other files
 * of src/fields/ are the tables of the folders' other concerns. This file holds only what the
 * browser client carries too (src/client/index.ts): the list and three short readings of it (a
 * field's endpoint path, whether a word names a field, the members its body takes).
 */
import { CHECK_ORDER, FIELD_CATALOG, SCOPE_ORDER } from './generated/catalog.js';
import type { RequestMemberReader } from './manifest.js';

/** One field's entry. */
export interface FieldEntry {
  /** The operation's name: the client method and the OpenAPI operationId (`validateVat`). */
  readonly operation: string;
  /** The members a request may carry besides `value`, and which validator reads each (`{ traderName: 'verified' }` on VAT). */
  readonly requestMembers: { readonly [member: string]: RequestMemberReader };
}

/**
 * Every field, in the service's order (docs/service.md#endpoints), each a {@link FieldEntry}. A
 * field's name is its endpoint (`/api/v1/validate/<name>`), its key scope and its name in
 * `verifield check <name>`.
 */
export { FIELD_CATALOG };

/** A validation field. */
export type FieldName = keyof typeof FIELD_CATALOG;

/** Every field, in the service's order. */
export const FIELD_NAMES = Object.keys(FIELD_CATALOG) as readonly FieldName[];

/** The answer of each field, from the library as from the service. */
export type { FieldResults } from './generated/catalog.js';

/**
 * The order in which keys hold and list their scopes (`iban,vat,…`, docs/service.md#api-keys),
 * which has been IBAN first since keys had scopes (each field's `order.scope`).
 */
export const FIELDS_IN_SCOPE_ORDER: readonly FieldName[] = SCOPE_ORDER;

/** The order in which `verifield check --help` names the fields: the offline ones first, as the CLI has always listed them (each field's `order.check`). */
export const FIELDS_IN_CHECK_ORDER: readonly FieldName[] = CHECK_ORDER;

/**
 * The members a request body of field `F`'s endpoint takes: `value`, and the field's own request
 * members (`traderName` on VAT, `defaultCountry` on phone, `iban` on BIC). Any other member is
 * refused (docs/service.md#request-bodies).
 * @example
 * ```ts
 * requestMembers('vat'); // ['value', 'traderName']
 * ```
 */
export const requestMembers = (field: FieldName): readonly string[] => ['value', ...Object.keys(FIELD_CATALOG[field].requestMembers)];

/** The operation name of field `F` (`validateVat` for `vat`). */
export type OperationOf<F extends FieldName> = (typeof FIELD_CATALOG)[F]['operation'];

/**
 * Whether `name` is a field's name (an own key of the catalog, never one of Object.prototype's).
 * @example
 * ```ts
 * isFieldName('iban'); // true
 * isFieldName('constructor'); // false
 * ```
 */
export const isFieldName = (name: string): name is FieldName => Object.hasOwn(FIELD_CATALOG, name);

/**
 * The service's endpoint of a field.
 * @example
 * ```ts
 * validationPath('nif'); // '/api/v1/validate/nif'
 * ```
 */
export const validationPath = (field: FieldName): `/api/v1/validate/${FieldName}` => `/api/v1/validate/${field}`;
