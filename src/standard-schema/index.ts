/**
 * verifield/standard-schema: each field's offline validator as a Standard Schema v1
 * (docs/standard-schema.md), for the form libraries and servers that take one (TanStack Form,
 * React Hook Form's standard resolver, Hono's standard validator, tRPC). Each schema imports its own
 * validator only, so a form that uses `ibanSchema` carries no phone metadata.
 */
import { validateEmailSyntax } from '../email/syntax-entry.js';
import { validateIban } from '../iban/index.js';
import type { MessageCatalog } from '../messages/catalog.js';
import { validateNas } from '../nas/index.js';
import { validateNif } from '../nif/index.js';
import { validatePhone, type PhoneOptions } from '../phone/index.js';
import type { EmailReason, IbanReason, NasReason, NifReason, PhoneReason, SsnReason, VatReason } from '../reasons.js';
import { validateSsn } from '../ssn/index.js';
import { validateVat } from '../vat/index.js';
import { fieldSchema, type FieldSchema } from './field-schema.js';

export {
  NOT_A_STRING_MESSAGE,
  fieldSchema,
  type FieldFailure,
  type FieldIssue,
  type FieldSchema,
  type FieldSchemaProps,
  type FieldSchemaResult,
  type FieldValidator,
} from './field-schema.js';
export type { StandardSchemaV1 } from './spec.js';

/**
 * An IBAN (validateIban); the value is the IBAN without spaces, upper-cased.
 * @example
 * ```ts
 * ibanSchema()['~standard'].validate('de89 3704 0044 0532 0130 00'); // { value: 'DE89370400440532013000' }
 * ibanSchema()['~standard'].validate('DE89 3704 0044 0532 0130 01'); // { issues: [{ message: 'IBAN check digits do not match, please check the number', reason: 'IBAN_BAD_CHECKSUM' }] }
 * ```
 */
export function ibanSchema(catalog?: MessageCatalog): FieldSchema<IbanReason> {
  return fieldSchema(validateIban, catalog);
}

/**
 * An EU VAT number, its structure and check digits offline (validateVat; no VIES lookup in a form);
 * the value is the number with its prefix, without spaces or dots.
 * @example
 * ```ts
 * vatSchema()['~standard'].validate('DE 129 273 398'); // { value: 'DE129273398' }
 * ```
 */
export function vatSchema(catalog?: MessageCatalog): FieldSchema<VatReason> {
  return fieldSchema(validateVat, catalog);
}

/**
 * A Spanish NIF, NIE or entity NIF (validateNif); the value is the nine characters, upper-cased.
 * @example
 * ```ts
 * nifSchema()['~standard'].validate('12345678-z'); // { value: '12345678Z' }
 * ```
 */
export function nifSchema(catalog?: MessageCatalog): FieldSchema<NifReason> {
  return fieldSchema(validateNif, catalog);
}

/**
 * A Canadian SIN (validateNas); the value is the nine digits.
 * @example
 * ```ts
 * nasSchema()['~standard'].validate('046 454 286'); // { value: '046454286' }
 * ```
 */
export function nasSchema(catalog?: MessageCatalog): FieldSchema<NasReason> {
  return fieldSchema(validateNas, catalog);
}

/**
 * A US SSN (validateSsn); the value is the nine digits.
 * @example
 * ```ts
 * ssnSchema()['~standard'].validate('536-22-1234'); // { value: '536221234' }
 * ```
 */
export function ssnSchema(catalog?: MessageCatalog): FieldSchema<SsnReason> {
  return fieldSchema(validateSsn, catalog);
}

/**
 * An email address, its syntax and typo check (validateEmailSyntax: no lists, so a form stays small);
 * the value is the address trimmed, its domain lower-cased.
 * @example
 * ```ts
 * emailSchema()['~standard'].validate(' Jane.Doe@Example.COM '); // { value: 'Jane.Doe@example.com' }
 * ```
 */
export function emailSchema(catalog?: MessageCatalog): FieldSchema<EmailReason> {
  return fieldSchema(validateEmailSyntax, catalog);
}

/** What {@link phoneSchema} takes besides a bare catalog: validatePhone's options, and the catalog. */
export interface PhoneSchemaOptions extends PhoneOptions {
  /** The messages' language, as the other schemas take it (`phoneSchema({ catalog: es })` is `phoneSchema(es)`). */
  readonly catalog?: MessageCatalog;
}

/**
 * A phone number (validatePhone); the value is its E.164 form. Given a catalog, as every schema, or
 * an object with `defaultCountry` (national numbers are read for that country, docs/fields/phone.md)
 * and `catalog`.
 * @example
 * ```ts
 * phoneSchema()['~standard'].validate('+49 30 901820'); // { value: '+4930901820' }
 * phoneSchema({ defaultCountry: 'GB' })['~standard'].validate('020 7946 0123'); // { value: '+442079460123' }
 * ```
 */
export function phoneSchema(options?: MessageCatalog | PhoneSchemaOptions): FieldSchema<PhoneReason> {
  // A catalog always has its `messages`; the options object has none.
  if (options === undefined || 'messages' in options) return fieldSchema(validatePhone, options);
  const { catalog, ...phoneOptions } = options;
  return fieldSchema((value) => validatePhone(value, phoneOptions), catalog);
}
