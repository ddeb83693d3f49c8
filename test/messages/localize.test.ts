/**
 * localize as a form uses it: a copy with the message replaced, nothing else touched, answers that
 * are not a field's left as they are, and no throw on anything a validator answers.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateEmail } from '../../src/email/index.js';
import { validateEmailSyntax } from '../../src/email/validate-syntax.js';
import { validateIban } from '../../src/iban/index.js';
import type { MessageCatalog } from '../../src/messages/catalog.js';
import { MESSAGE_FACTS } from '../../src/messages/keys.js';
import { localize } from '../../src/messages/localize.js';
import { messageKeyOf } from '../../src/messages/message-key.js';
import { validateNas } from '../../src/nas/index.js';
import { validateNif } from '../../src/nif/index.js';
import { validatePhone } from '../../src/phone/index.js';
import type { ValidationResult } from '../../src/result.js';
import { validateSsn } from '../../src/ssn/index.js';
import { validateVat } from '../../src/vat/index.js';
import { repoRoot } from '../support/repo-root.js';

/** A catalog whose every template is `<key>` followed by its facts, so a test reads what was filled in. */
const probe: MessageCatalog = {
  language: 'fr',
  northernIreland: 'Irlande du Nord',
  messages: Object.fromEntries(
    Object.entries(MESSAGE_FACTS).map(([key, facts]) => [key, [`<${key}>`, ...facts.map((fact) => `${fact}={${fact}}`)].join(' ')]),
  ) as MessageCatalog['messages'],
};

const VALIDATORS: ReadonlyArray<(value: string) => ValidationResult> = [
  validateIban,
  validateNif,
  validateNas,
  validateSsn,
  validatePhone,
  validateVat,
  validateEmail,
  validateEmailSyntax,
];

describe('localize', () => {
  it('returns a copy with the message replaced, the keys in their order and the input untouched', () => {
    const result = validateIban('FR76 3000 6000 0112 3456 7890');
    const before = structuredClone(result);
    const localized = localize(result, probe);
    expect(result).toEqual(before);
    expect(localized).not.toBe(result);
    expect(Object.keys(localized)).toEqual(Object.keys(result));
    expect(localized.message).toBe('<IBAN_WRONG_LENGTH> country=France length=27');
    expect({ ...localized, message: result.message }).toEqual(result);
  });

  it('fills each fact as the English message writes it', () => {
    expect(localize(validateIban('QQ89370400440532013000'), probe).message).toBe('<IBAN_UNKNOWN_COUNTRY> code=QQ');
    expect(localize(validateIban('DE01370400440532013000'), probe).message).toBe('<IBAN_RESERVED_CHECK_DIGITS> digits=01');
    expect(localize(validateSsn('078051120'), probe).message).toBe('<SSN_SAMPLE_NUMBER> number=078-05-1120');
    expect(localize(validateSsn('666-12-3456'), probe).message).toBe('<SSN_AREA_NOT_ISSUED> digits=666');
    expect(localize(validateNif('a5881850a'), probe).message).toBe('<NIF_CONTROL_MUST_BE_DIGIT> letter=A');
    expect(localize(validateNas('046 454 286'), probe).message).toBe('<NAS_VALID_NOT_INDIVIDUAL> digit=0');
    expect(localize(validatePhone('+33 1'), probe).message).toBe('<PHONE_TOO_SHORT> place=France (+33)');
    expect(localize(validatePhone('+7 600 123 4567'), probe).message).toBe('<PHONE_NOT_VALID> place=+7');
    expect(localize(validateEmail('Jane.Doe@gmial.com'), probe).message).toBe('<EMAIL_TYPO> suggestion=Jane.Doe@gmail.com');
    expect(localize(validateVat('XI 980 7806 84'), probe).message).toBe('<VAT_WELL_FORMED> country=Irlande du Nord');
    expect(localize(validateVat('EL 094259216'), probe).message).toBe('<VAT_WELL_FORMED> country=Grèce');
  });

  it('leaves error answers, unknown reasons and cut details as they are', () => {
    const errorAnswer: ValidationResult = {
      valid: false,
      message: 'The request body is not valid JSON',
      reason: null,
      normalizedValue: null,
      originalValue: '',
      validationLevel: 'STANDARD',
      errorCode: 'INVALID_JSON',
    };
    expect(localize(errorAnswer, probe)).toEqual(errorAnswer);
    const iban = validateIban('FR76 3000 6000 0112 3456 7890');
    const unknown = { ...iban, reason: 'IBAN_FROM_THE_FUTURE' } as unknown as ValidationResult;
    expect(localize(unknown, probe)).toEqual(unknown);
    const cut = { ...iban, ibanDetails: { ...iban.ibanDetails, expected_length: null } };
    expect(localize(cut, probe).message).toBe(iban.message);
    const incomplete: MessageCatalog = { ...probe, messages: { ...probe.messages, IBAN_WRONG_LENGTH: undefined as unknown as string } };
    expect(localize(iban, incomplete).message).toBe(iban.message);
  });

  it('ends the message with the catalog’s sentence for the IBANs suggested, in the order the details give', () => {
    const result = validateIban('DE89 3704 0044 0532 0130 01');
    const [first, second] = result.ibanDetails.suggestions;
    expect(second).toBeDefined();
    // The probe is French: the two IBANs joined by the runtime's French "ou".
    expect(localize(result, probe).message).toBe(`<IBAN_BAD_CHECKSUM>. <IBAN_SUGGESTIONS> suggestion=${first} ou ${second}`);
    // A rejection without suggestions keeps its one sentence.
    expect(localize(validateIban('DE89 3704 0044 0532 0130 12'), probe).message).toBe('<IBAN_BAD_CHECKSUM>');
    // A catalog without the sentence keeps the English message whole rather than dropping its question.
    const older: MessageCatalog = { ...probe, messages: { ...probe.messages, IBAN_SUGGESTIONS: undefined as unknown as string } };
    expect(localize(result, older).message).toBe(result.message);
    // Details cut on the way (a proxy that drops arrays): the English message whole too.
    const cut = { ...result, ibanDetails: { ...result.ibanDetails, suggestions: [42] as unknown as string[] } };
    expect(localize(cut, probe).message).toBe(result.message);
  });

  it('keeps the message of a field answer as it is when the language tag is not one the runtime knows', () => {
    const odd: MessageCatalog = { ...probe, language: 'not a tag!' };
    expect(localize(validateIban('FR76 3000 6000 0112 3456 7890'), odd).message).toBe('<IBAN_WRONG_LENGTH> country=FR length=27');
  });

  it('never throws on any validator output, and keeps every key but the message', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VALIDATORS), fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.stringMatching(/^[A-Z]{2}[0-9 ]{0,30}$/)), (validate, value) => {
        const result = validate(value);
        const localized = localize(result, probe);
        expect(Object.keys(localized)).toEqual(Object.keys(result));
        expect({ ...localized, message: result.message }).toEqual(result);
        const key = messageKeyOf(result);
        expect(key).not.toBeNull();
        expect(localized.message.startsWith(`<${key}>`)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('verifield/messages entry', () => {
  it('imports no catalog, so that a form pays only for the one it imports', () => {
    const source = readFileSync(`${repoRoot}src/messages/index.ts`, 'utf8');
    const imported = [...source.matchAll(/from '\.\/([^']+)\.js'/g)].map((match) => match[1]);
    expect(imported.sort()).toEqual(['catalog', 'keys', 'localize', 'message-key']);
  });
});
