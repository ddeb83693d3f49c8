/**
 * verifield schemas as field validators of @tanstack/form-core (the core of TanStack Form for React,
 * Vue, Solid, Angular and Lit), which takes any Standard Schema in `validators`.
 */
import { FieldApi, FormApi } from '@tanstack/form-core';
import { describe, expect, it } from 'vitest';
import { es } from '../../src/messages/es.js';
import type { MessageCatalog } from '../../src/messages/catalog.js';
import { ibanSchema } from '../../src/standard-schema/index.js';

function ibanField(catalog?: MessageCatalog) {
  const form = new FormApi({ defaultValues: { iban: '' } });
  form.mount();
  const field = new FieldApi({ form, name: 'iban', validators: { onChange: ibanSchema(catalog) } });
  field.mount();
  return { form, field };
}

describe('TanStack Form with verifield schemas', () => {
  it('puts the issue with its message and reason in the field errors on change', () => {
    const { field, form } = ibanField();
    field.setValue('DE89 3704 0044 0532 0130 12');
    expect(field.state.meta.errors).toEqual([{ message: 'IBAN check digits do not match, please check the number', reason: 'IBAN_BAD_CHECKSUM' }]);
    expect(field.state.meta.isValid).toBe(false);
    expect(form.state.canSubmit).toBe(false);
  });

  it('clears the errors once the IBAN is right', () => {
    const { field, form } = ibanField();
    field.setValue('DE89');
    expect(field.state.meta.errors.length).toBe(1);
    field.setValue('DE89 3704 0044 0532 0130 00');
    expect(field.state.meta.errors).toEqual([]);
    expect(form.state.canSubmit).toBe(true);
  });

  it("shows the catalog's message with a catalog", () => {
    const { field } = ibanField(es);
    field.setValue('FR76 3000 6000 0112 3456 7890');
    expect(field.state.meta.errors).toEqual([{ message: 'Un IBAN de Francia tiene 27 caracteres', reason: 'IBAN_WRONG_LENGTH' }]);
  });
});
