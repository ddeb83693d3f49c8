/**
 * One verifield validator as a Standard Schema of a string (docs/standard-schema.md): success gives
 * the normalized value, failure one issue with the message and the reason code. Synchronous, as the
 * validators are, so that a form library never waits for a keystroke's answer.
 */
import type { MessageCatalog } from '../messages/catalog.js';
import { localize } from '../messages/localize.js';
import type { ReasonCode } from '../reasons.js';
import type { ValidationResult } from '../result.js';
import type { StandardSchemaV1 } from './spec.js';

/** The message of the issue a non-string input gets: validators take strings only. */
export const NOT_A_STRING_MESSAGE = 'The value must be a string';

/** The one issue of a failure: the message to show and why the value was refused. */
export interface FieldIssue<Reason extends ReasonCode = ReasonCode> extends StandardSchemaV1.Issue {
  /** The validator's message, in the catalog's language when one was given. */
  readonly message: string;
  /** The validator's reason code, or VALUE_NOT_STRING when the input was not a string. */
  readonly reason: Reason | 'VALUE_NOT_STRING';
}

/** The failure of a field schema: always exactly one issue. */
export interface FieldFailure<Reason extends ReasonCode = ReasonCode> {
  /** Exactly one issue: the validator says one thing wrong at a time. */
  readonly issues: readonly [FieldIssue<Reason>];
}

/** What `validate` answers: never a Promise. */
export type FieldSchemaResult<Reason extends ReasonCode = ReasonCode> = StandardSchemaV1.SuccessResult<string> | FieldFailure<Reason>;

/** The `~standard` properties of a field schema, narrower than the spec's: synchronous, typed issues. */
export interface FieldSchemaProps<Reason extends ReasonCode = ReasonCode> extends StandardSchemaV1.Props<string, string> {
  /** The library that made the schema. */
  readonly vendor: 'verifield';
  /** Validates synchronously: the normalized value, or one issue with the message and the reason. */
  readonly validate: (value: unknown) => FieldSchemaResult<Reason>;
}

/** A Standard Schema of one field: a string in, its normalized form out. */
export interface FieldSchema<Reason extends ReasonCode = ReasonCode> extends StandardSchemaV1<string, string> {
  /** The Standard Schema v1 properties. */
  readonly '~standard': FieldSchemaProps<Reason>;
}

/** A field's offline validator, typed with its own reasons. */
export type FieldValidator<Reason extends ReasonCode> = (value: string) => ValidationResult & { reason: Reason | null };

/**
 * Wraps a validator as a Standard Schema, with its messages from `catalog` when one is given.
 * @example
 * ```ts
 * import { validateNas } from 'verifield/nas';
 * const schema = fieldSchema(validateNas);
 * schema['~standard'].validate('046 454 286'); // { value: '046454286' }
 * schema['~standard'].validate('046 454 287'); // { issues: [{ message: 'SIN check digit does not match, please check the number', reason: 'NAS_BAD_CHECK_DIGIT' }] }
 * ```
 */
export function fieldSchema<Reason extends ReasonCode>(validator: FieldValidator<Reason>, catalog?: MessageCatalog): FieldSchema<Reason> {
  const validate = (value: unknown): FieldSchemaResult<Reason> => {
    if (typeof value !== 'string') return { issues: [{ message: NOT_A_STRING_MESSAGE, reason: 'VALUE_NOT_STRING' }] };
    const result = validator(value);
    // A valid answer always has a normalized value; the input stands in only so that the output
    // type stays a string.
    if (result.valid) return { value: result.normalizedValue ?? value };
    const message = catalog === undefined ? result.message : localize(result, catalog).message;
    // src/result.ts: reason is null exactly when valid. Deciding on `valid` keeps an invalid value
    // refused even if a validator ever broke that rule (test/standard-schema/conformance.test.ts
    // checks that it does not).
    return { issues: [{ message, reason: result.reason as Reason }] };
  };
  return { '~standard': { version: 1, vendor: 'verifield', validate } };
}
