/**
 * The bridge from a verifield schema to a zod field of docs/standard-schema.md#with-zod-and-hono, shared by the zod
 * and Hono tests so that both test the code a user copies.
 */
import { z } from 'zod';
import type { FieldSchema } from '../../src/standard-schema/index.js';

/** A verifield schema as a zod field: its issue is the field's issue, its normalized value the output. */
export function verifield(schema: FieldSchema) {
  return z.string().transform((value, ctx) => {
    const result = schema['~standard'].validate(value);
    if (result.issues === undefined) return result.value;
    const [issue] = result.issues;
    ctx.addIssue({ code: 'custom', message: issue.message, params: { reason: issue.reason } });
    return z.NEVER;
  });
}
