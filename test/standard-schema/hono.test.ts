/**
 * verifield schemas behind Hono's `sValidator` (@hono/standard-validator), over real requests to a
 * Hono app. sValidator validates a whole body, so the fields go into an object schema: a zod object
 * (the form of docs/standard-schema.md, zod-form.test.ts) or, without zod, a small Standard Schema written by hand.
 */
import { sValidator } from '@hono/standard-validator';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { es } from '../../src/messages/es.js';
import { ibanSchema, type FieldIssue, type FieldSchema, type StandardSchemaV1 } from '../../src/standard-schema/index.js';
import { verifield } from './zod-field.js';


/**
 * Without zod: an object of string fields, each checked by its verifield schema; the issues keep
 * their reason and gain the field's path.
 */
function objectSchema<Shape extends Record<string, FieldSchema>>(shape: Shape): StandardSchemaV1<unknown, { [Key in keyof Shape]: string }> {
  return {
    '~standard': {
      version: 1,
      vendor: 'my-app',
      validate(body) {
        const record: Record<string, unknown> = typeof body === 'object' && body !== null ? { ...body } : {};
        const value: Record<string, string> = {};
        const issues: (FieldIssue & { path: string[] })[] = [];
        for (const [key, schema] of Object.entries(shape)) {
          const result = schema['~standard'].validate(record[key]);
          if (result.issues === undefined) value[key] = result.value;
          else issues.push({ ...result.issues[0], path: [key] });
        }
        return issues.length > 0 ? { issues } : { value: value as { [Key in keyof Shape]: string } };
      },
    },
  };
}

function appWith(schema: StandardSchemaV1<unknown, { iban: string }>): Hono {
  return new Hono().post('/payouts', sValidator('json', schema), (c) => c.json({ stored: c.req.valid('json').iban }));
}

const post = (app: Hono, body: unknown) =>
  app.request('/payouts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('Hono sValidator with verifield schemas', () => {
  const withZod = appWith(z.object({ iban: verifield(ibanSchema()) }));
  const byHand = appWith(objectSchema({ iban: ibanSchema() }));

  it.each([
    ['a zod object', withZod],
    ['a hand-written object schema', byHand],
  ])('hands the handler the normalized IBAN (%s)', async (_name, app) => {
    const response = await post(app, { iban: 'de89 3704 0044 0532 0130 00' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ stored: 'DE89370400440532013000' });
  });

  it('answers 400 with the issue and its reason for a bad IBAN (zod object)', async () => {
    const response = await post(withZod, { iban: 'DE89 3704 0044 0532 0130 12' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { success: boolean; error: unknown[] };
    expect(body.success).toBe(false);
    expect(body.error).toEqual([
      expect.objectContaining({
        path: ['iban'],
        message: 'IBAN check digits do not match, please check the number',
        params: { reason: 'IBAN_BAD_CHECKSUM' },
      }),
    ]);
  });

  it('answers 400 with the issue and its reason for a bad IBAN (hand-written object schema)', async () => {
    const response = await post(byHand, { iban: 'DE89 3704 0044 0532 0130 12' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      data: { iban: 'DE89 3704 0044 0532 0130 12' },
      error: [{ message: 'IBAN check digits do not match, please check the number', reason: 'IBAN_BAD_CHECKSUM', path: ['iban'] }],
    });
  });

  it('answers VALUE_NOT_STRING for a number, and the Spanish message with the Spanish catalog', async () => {
    const numeric = await post(byHand, { iban: 12 });
    expect(((await numeric.json()) as { error: unknown[] }).error).toEqual([{ message: 'The value must be a string', reason: 'VALUE_NOT_STRING', path: ['iban'] }]);
    const spanish = await post(appWith(objectSchema({ iban: ibanSchema(es) })), { iban: 'FR76 3000 6000 0112 3456 7890' });
    expect(spanish.status).toBe(400);
    expect(((await spanish.json()) as { error: unknown[] }).error).toEqual([{ message: 'Un IBAN de Francia tiene 27 caracteres', reason: 'IBAN_WRONG_LENGTH', path: ['iban'] }]);
  });
});
