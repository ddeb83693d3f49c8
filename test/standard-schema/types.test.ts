/**
 * Compile-time checks (run by `tsc --noEmit` over test/, and harmless at run time): every schema is a
 * Standard Schema v1 as @standard-schema/spec declares it, its input and output are strings, its
 * issues carry the field's reasons, and our copy of the spec's types is the spec's.
 */
import type { StandardSchemaV1 as Spec } from '@standard-schema/spec';
import { describe, expectTypeOf, it } from 'vitest';
import type { IbanReason, PhoneReason } from '../../src/reasons.js';
import { emailSchema, ibanSchema, nasSchema, nifSchema, phoneSchema, ssnSchema, vatSchema, type FieldIssue, type StandardSchemaV1 as Ours } from '../../src/standard-schema/index.js';

const SCHEMAS = { ibanSchema, vatSchema, nifSchema, nasSchema, ssnSchema, emailSchema, phoneSchema };

describe('the types of verifield/standard-schema', () => {
  it('each schema is a StandardSchemaV1<string, string> of @standard-schema/spec', () => {
    expectTypeOf(ibanSchema()).toExtend<Spec<string, string>>();
    expectTypeOf(vatSchema()).toExtend<Spec<string, string>>();
    expectTypeOf(nifSchema()).toExtend<Spec<string, string>>();
    expectTypeOf(nasSchema()).toExtend<Spec<string, string>>();
    expectTypeOf(ssnSchema()).toExtend<Spec<string, string>>();
    expectTypeOf(emailSchema()).toExtend<Spec<string, string>>();
    expectTypeOf(phoneSchema()).toExtend<Spec<string, string>>();
    expectTypeOf(phoneSchema({ defaultCountry: 'GB' })).toExtend<Spec<string, string>>();
    // Also where a consumer asks for any schema (Spec's defaults, unknown input).
    const accepted: Spec[] = Object.values(SCHEMAS).map((schema) => schema());
    expectTypeOf(accepted).toEqualTypeOf<Spec[]>();
  });

  it('infers string input and output through the spec and through our copy', () => {
    expectTypeOf<Spec.InferOutput<ReturnType<typeof ibanSchema>>>().toEqualTypeOf<string>();
    expectTypeOf<Spec.InferInput<ReturnType<typeof ibanSchema>>>().toEqualTypeOf<string>();
    expectTypeOf<Spec.InferOutput<ReturnType<typeof phoneSchema>>>().toEqualTypeOf<string>();
    expectTypeOf<Spec.InferOutput<ReturnType<typeof emailSchema>>>().toEqualTypeOf<string>();
    expectTypeOf<Ours.InferOutput<ReturnType<typeof vatSchema>>>().toEqualTypeOf<string>();
  });

  it('validate is synchronous and its issue names the reasons of its field', () => {
    const result = ibanSchema()['~standard'].validate('DE89');
    expectTypeOf(result).not.toExtend<Promise<unknown>>();
    if (result.issues !== undefined) {
      expectTypeOf(result.issues[0]).toEqualTypeOf<FieldIssue<IbanReason>>();
      expectTypeOf(result.issues[0].reason).toEqualTypeOf<IbanReason | 'VALUE_NOT_STRING'>();
    } else {
      expectTypeOf(result.value).toEqualTypeOf<string>();
    }
    expectTypeOf<FieldIssue<PhoneReason>['reason']>().not.toEqualTypeOf<FieldIssue<IbanReason>['reason']>();
    expectTypeOf<FieldIssue<IbanReason>>().toExtend<Spec.Issue>();
  });

  it('our copy of the spec is interchangeable with @standard-schema/spec', () => {
    expectTypeOf<Ours<string, string>>().toExtend<Spec<string, string>>();
    expectTypeOf<Spec<string, string>>().toExtend<Ours<string, string>>();
    expectTypeOf<Ours.Issue>().toEqualTypeOf<Spec.Issue>();
    expectTypeOf<Ours.Result<string>>().toEqualTypeOf<Spec.Result<string>>();
  });
});
