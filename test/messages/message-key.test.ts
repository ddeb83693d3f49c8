/**
 * messageKeyOf on real answers: each key is reached by an input through the real validators
 * (test/messages/examples.ts), every key of the catalogs is reached, and anything that is not a
 * field's answer has no key.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addendumKey } from '../../src/fields/generated/message-keys.js';
import { validateIban } from '../../src/iban/index.js';
import { MESSAGE_FACTS } from '../../src/messages/keys.js';
import { messageKeyOf } from '../../src/messages/message-key.js';
import { validateNif } from '../../src/nif/index.js';
import { validatePhone } from '../../src/phone/index.js';
import type { ValidationResult } from '../../src/result.js';
import { examples, type Example } from './examples.js';

let all: Example[] = [];
beforeAll(async () => {
  all = await examples();
});

describe('messageKeyOf', () => {
  it('gives each real answer the key its input was chosen for', () => {
    const wrong = all.filter((example) => messageKeyOf(example.result) !== example.key).map((example) => `${example.call}: ${messageKeyOf(example.result)}, expected ${example.key}`);
    expect(wrong).toEqual([]);
  });

  it('reaches every message key of the catalogs, as a message or as the sentence that ends one', () => {
    const reached = new Set<string | null>([...all.map((example) => messageKeyOf(example.result)), ...all.map((example) => addendumKey(example.result))]);
    const missed = Object.keys(MESSAGE_FACTS).filter((key) => !reached.has(key as keyof typeof MESSAGE_FACTS));
    expect(missed).toEqual([]);
  });

  it('tells the control form from the entity letter', () => {
    expect(messageKeyOf(validateNif('A5881850A'))).toBe('NIF_CONTROL_MUST_BE_DIGIT');
    expect(messageKeyOf(validateNif('H5881850A'))).toBe('NIF_CONTROL_MUST_BE_DIGIT');
    expect(messageKeyOf(validateNif('P28000000'))).toBe('NIF_CONTROL_MUST_BE_LETTER');
    expect(messageKeyOf(validateNif('W28000000'))).toBe('NIF_CONTROL_MUST_BE_LETTER');
  });

  it('keeps the reason itself where it is the key', () => {
    expect(messageKeyOf(validateIban('DE88370400440532013000'))).toBe('IBAN_BAD_CHECKSUM');
    expect(messageKeyOf(validatePhone('+33 1'))).toBe('PHONE_TOO_SHORT');
  });

  it('has no key for what is not a field answer', () => {
    const iban = validateIban('FR76 3000 6000 0112 3456 7890');
    const errorAnswer = { valid: false, message: 'The request body is not valid JSON', reason: null, normalizedValue: null, originalValue: '', validationLevel: 'STANDARD', errorCode: 'INVALID_JSON' } satisfies ValidationResult;
    expect(messageKeyOf(errorAnswer)).toBeNull();
    expect(messageKeyOf({ ...errorAnswer, errorCode: undefined })).toBeNull();
    expect(messageKeyOf({ ...iban, reason: 'IBAN_FROM_THE_FUTURE' } as unknown as ValidationResult)).toBeNull();
    expect(messageKeyOf({ ...iban, valid: true })).toBeNull();
    expect(messageKeyOf({ ...validateIban('DE89370400440532013000'), ibanDetails: undefined })).toBeNull();
    expect(messageKeyOf({ ...validateNif('A5881850A'), normalizedValue: null })).toBeNull();
  });
});
