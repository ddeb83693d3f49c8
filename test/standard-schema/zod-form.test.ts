/**
 * A zod 4 form whose fields are verifield schemas, in the shape docs/standard-schema.md
 * shows. zod 4 takes only its own schemas inside `z.object`, so the form wraps each verifield schema
 * in `z.string().transform(…)`: the issue becomes the field's issue (its reason in `params`), the
 * normalized value the field's output.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { es } from '../../src/messages/es.js';
import { emailSchema, ibanSchema } from '../../src/standard-schema/index.js';
import { verifield } from './zod-field.js';

const signUp = z.object({
  name: z.string().min(1),
  email: verifield(emailSchema()),
  iban: verifield(ibanSchema()),
});

describe('a zod form with verifield fields', () => {
  it('parses to the normalized values', () => {
    const parsed = signUp.parse({ name: 'Jane', email: ' Jane.Doe@Example.COM ', iban: 'de89 3704 0044 0532 0130 00' });
    expect(parsed).toEqual({ name: 'Jane', email: 'Jane.Doe@example.com', iban: 'DE89370400440532013000' });
  });

  it('refuses a bad field with its message, reason and path', () => {
    const result = signUp.safeParse({ name: 'Jane', email: 'jane@example.com', iban: 'DE89 3704 0044 0532 0130 12' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        code: 'custom',
        path: ['iban'],
        message: 'IBAN check digits do not match, please check the number',
        params: { reason: 'IBAN_BAD_CHECKSUM' },
      }),
    ]);
    expect(z.flattenError(result.error as z.ZodError).fieldErrors).toEqual({ iban: ['IBAN check digits do not match, please check the number'] });
  });

  it('reports every bad field at once, zod checking its own fields beside them', () => {
    const result = signUp.safeParse({ name: '', email: 'jane@', iban: 'DE89' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.code === 'custom' ? issue.params?.reason : issue.code])).toEqual([
      ['name', 'too_small'],
      ['email', 'EMAIL_INVALID_DOMAIN'],
      ['iban', 'IBAN_WRONG_LENGTH'],
    ]);
  });

  it('shows the catalog language when the schema was given one', () => {
    const spanish = z.object({ iban: verifield(ibanSchema(es)) });
    const result = spanish.safeParse({ iban: 'FR76 3000 6000 0112 3456 7890' });
    expect(result.error?.issues[0]?.message).toBe('Un IBAN de Francia tiene 27 caracteres');
  });

  it('infers string for the wrapped fields', () => {
    const output: { name: string; email: string; iban: string } = signUp.parse({ name: 'J', email: 'j@example.com', iban: 'GB82 WEST 1234 5698 7654 32' });
    expect(output.iban).toBe('GB82WEST12345698765432');
  });
});
