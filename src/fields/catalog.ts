/**
 * The validation fields, as data: the one list that the service's routes and key scopes, the
 * store's checks, the usage log, the OpenAPI document, the CLI and the client are derived from
 * (docs/architecture.md). Each other file of src/fields/ adds one concern per field, in a table
 * that does not compile while a field of this list is missing from it: the code that answers the
 * field (./validators.ts), what the OpenAPI document says of it (./operations.ts), what the usage
 * log keeps of its values (./usage-log.ts). This file holds only what the browser client carries
 * too (src/client/index.ts), so it imports nothing but types and holds no code but three short
 * readings of the list (a field's endpoint path, whether a word names a field, the members its body takes).
 */
import type {
  EmailValidationResult,
  IbanValidationResult,
  NasValidationResult,
  NifValidationResult,
  PhoneValidationResult,
  SsnValidationResult,
  VatValidationResult,
} from '../result.js';

/** One field's entry. */
export interface FieldEntry {
  /** The operation's name: the client method and the OpenAPI operationId (`validateVat`). */
  readonly operation: string;
  /** Whether a request may name the company expected to hold the value (`traderName`). */
  readonly takesTraderName: boolean;
  /** Whether a request may name the country a number without its country code is read in (`defaultCountry`). */
  readonly takesDefaultCountry: boolean;
}

/**
 * Every field, in the service's order (docs/service.md#endpoints). A field's name is its endpoint
 * (`/api/v1/validate/<name>`), its key scope and its name in `verifield check <name>`.
 */
export const FIELD_CATALOG = {
  vat: { operation: 'validateVat', takesTraderName: true, takesDefaultCountry: false },
  iban: { operation: 'validateIban', takesTraderName: false, takesDefaultCountry: false },
  email: { operation: 'validateEmail', takesTraderName: false, takesDefaultCountry: false },
  phone: { operation: 'validatePhone', takesTraderName: false, takesDefaultCountry: true },
  nif: { operation: 'validateNif', takesTraderName: false, takesDefaultCountry: false },
  nas: { operation: 'validateNas', takesTraderName: false, takesDefaultCountry: false },
  ssn: { operation: 'validateSsn', takesTraderName: false, takesDefaultCountry: false },
} as const satisfies Readonly<Record<string, FieldEntry>>;

/** A validation field. */
export type FieldName = keyof typeof FIELD_CATALOG;

/** Every field, in the service's order. */
export const FIELD_NAMES = Object.keys(FIELD_CATALOG) as readonly FieldName[];

/** The answer of each field, from the library as from the service. */
export interface FieldResults {
  vat: VatValidationResult;
  iban: IbanValidationResult;
  email: EmailValidationResult;
  phone: PhoneValidationResult;
  nif: NifValidationResult;
  nas: NasValidationResult;
  ssn: SsnValidationResult;
}

/** Whether a list names some field twice. */
type NamesOneTwice<Order extends readonly unknown[]> = Order extends readonly [infer First, ...infer Rest]
  ? First extends Rest[number]
    ? true
    : NamesOneTwice<Rest>
  : false;

/** `Order` when it names every field exactly once, `never` otherwise. */
type EveryFieldOnce<Order extends readonly FieldName[]> = [Exclude<FieldName, Order[number]>] extends [never]
  ? NamesOneTwice<Order> extends false
    ? Order
    : never
  : never;

/** The list as given; a list that misses a field or names one twice does not compile. */
const everyFieldOnce = <const Order extends readonly FieldName[]>(order: Order & EveryFieldOnce<Order>): readonly FieldName[] => order;

/**
 * The order in which keys hold and list their scopes (`iban,vat,…`, docs/service.md#api-keys),
 * which has been IBAN first since keys had scopes.
 */
export const FIELDS_IN_SCOPE_ORDER = /* @__PURE__ */ everyFieldOnce(['iban', 'vat', 'email', 'phone', 'nif', 'nas', 'ssn']);

/** The order in which `verifield check --help` names the fields: the offline ones first, as the CLI has always listed them. */
export const FIELDS_IN_CHECK_ORDER = /* @__PURE__ */ everyFieldOnce(['iban', 'nif', 'nas', 'ssn', 'vat', 'email', 'phone']);

/**
 * The members a request body of field `F`'s endpoint takes: `value`, and `traderName` or
 * `defaultCountry` where the catalog says so. Any other member is refused (docs/service.md#request-bodies).
 * @example
 * ```ts
 * requestMembers('vat'); // ['value', 'traderName']
 * ```
 */
export const requestMembers = (field: FieldName): readonly string[] => [
  'value',
  ...(FIELD_CATALOG[field].takesTraderName ? ['traderName'] : []),
  ...(FIELD_CATALOG[field].takesDefaultCountry ? ['defaultCountry'] : []),
];

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

// FieldResults has exactly the catalog's fields: indexing it by FieldName fails to compile on a
// missing one, and an extra key is not a FieldName.
const resultsCoverTheCatalog: keyof FieldResults extends FieldName ? { [F in FieldName]: FieldResults[F] } | true : never = true;
void resultsCoverTheCatalog;
