import { describe, it, expect } from 'vitest';
import { checkNifBody, compactNif, validateNif, NOT_A_NIF_MESSAGE, EMPTY_NIF_MESSAGE } from '../../src/nif/index.js';
import { luhnCheckDigit } from '../../src/checksum.js';
import { NIF_REASONS } from '../../src/reasons.js';
import {
  DNI_LETTERS,
  ENTITY_CONTROL_LETTERS,
  ENTITY_LETTERS,
  dniLetter,
  entityControlDigit,
  makeDni,
  makeEntity,
  makeKlm,
  makeNie,
} from '../support/generators/nif.js';
import { itAcceptsWithReasonNull, itRefusesEveryReason } from '../support/reason-codes.js';

const WRONG_LETTER = 'NIF control letter does not match, please check the number';
const WRONG_CHARACTER = 'NIF control character does not match, please check the number';

/** A control letter other than the right one. */
const otherLetter = (right: string): string => (right === 'T' ? 'R' : 'T');

describe('validateNif: DNI', () => {
  it('accepts the published example 12345678Z (12345678 mod 23 = 14 -> Z)', () => {
    expect(12345678 % 23).toBe(14);
    expect(DNI_LETTERS[14]).toBe('Z');
    const r = validateNif('12345678Z');
    const nifDetails = { type: 'DNI', natural_person: true, checksum_valid: true };
    expect(r).toEqual({ valid: true, message: 'Valid NIF', reason: null, normalizedValue: '12345678Z', originalValue: '12345678Z', validationLevel: 'STANDARD', nifDetails });
  });

  it('accepts every one of the 23 control letters when the number calls for it', () => {
    for (let rest = 0; rest < 23; rest++) {
      const dni = makeDni(String(10_000_000 + rest).padStart(8, '0'));
      expect(dni.slice(-1)).toBe(DNI_LETTERS[(10_000_000 + rest) % 23]);
      expect(validateNif(dni).valid, dni).toBe(true);
    }
  });

  it('rejects a wrong control letter with the fixed message and keeps the details', () => {
    const dni = makeDni('54362315');
    const wrong = dni.slice(0, 8) + otherLetter(dni.slice(-1));
    const r = validateNif(wrong);
    expect(r.valid).toBe(false);
    expect(r.message).toBe(WRONG_LETTER);
    expect(r.normalizedValue).toBe(wrong);
    expect(r.nifDetails).toEqual({ type: 'DNI', natural_person: true, checksum_valid: false });
  });

  it('treats letters never used as DNI controls (I, O, U) as a wrong control letter', () => {
    for (const letter of ['I', 'O', 'U']) {
      const r = validateNif(`12345678${letter}`);
      expect(r.valid).toBe(false);
      expect(r.message).toBe(WRONG_LETTER);
      expect(r.nifDetails?.type).toBe('DNI');
    }
  });

  it('accepts leading zeros without padding a short number', () => {
    expect(validateNif(makeDni('00000001')).valid).toBe(true);
    expect(validateNif('1R').message).toBe(NOT_A_NIF_MESSAGE);
  });
});

describe('validateNif: NIE', () => {
  it.each(['X', 'Y', 'Z'] as const)('%s stands for a leading digit and answers "Valid NIE"', (prefix) => {
    const nie = makeNie(prefix, '5253868');
    const r = validateNif(nie);
    expect(r.valid).toBe(true);
    expect(r.message).toBe('Valid NIE');
    expect(r.normalizedValue).toBe(nie);
    expect(r.nifDetails).toEqual({ type: 'NIE', natural_person: true, checksum_valid: true });
  });

  it('gives different letters for X, Y and Z on the same digits (the prefix counts)', () => {
    const letters = new Set(['X', 'Y', 'Z'].map((p) => makeNie(p as 'X', '1234567').slice(-1)));
    expect(letters.size).toBe(3);
    const x = makeNie('X', '1234567');
    expect(validateNif(`Y${x.slice(1)}`).valid).toBe(false);
  });

  it('rejects a wrong NIE letter with the control-letter message', () => {
    const nie = makeNie('Y', '5277343');
    const r = validateNif(nie.slice(0, 8) + otherLetter(nie.slice(-1)));
    expect(r.valid).toBe(false);
    expect(r.message).toBe(WRONG_LETTER);
    expect(r.nifDetails).toEqual({ type: 'NIE', natural_person: true, checksum_valid: false });
  });
});

describe('validateNif: K, L and M', () => {
  it('accepts the published example M1234567L (1234567 mod 23 -> L)', () => {
    expect(dniLetter(1234567)).toBe('L');
    expect(validateNif('M1234567L').nifDetails).toEqual({ type: 'NIF_M', natural_person: true, checksum_valid: true });
  });

  it.each([
    ['K', 'NIF_K'],
    ['L', 'NIF_L'],
    ['M', 'NIF_M'],
  ] as const)('%s computes the DNI letter over the 7 digits, type %s', (prefix, type) => {
    const nif = makeKlm(prefix, '2814015');
    const ok = validateNif(nif);
    expect(ok.valid).toBe(true);
    expect(ok.message).toBe('Valid NIF');
    expect(ok.nifDetails).toEqual({ type, natural_person: true, checksum_valid: true });

    const bad = validateNif(nif.slice(0, 8) + otherLetter(nif.slice(-1)));
    expect(bad.valid).toBe(false);
    expect(bad.message).toBe(WRONG_LETTER);
    expect(bad.nifDetails).toEqual({ type, natural_person: true, checksum_valid: false });
  });
});

describe('validateNif: entities', () => {
  it('computes the same control as the Luhn check digit of src/checksum.ts', () => {
    for (const digits of ['0000000', '2812345', '6471783', '9921658', '5837843', '1234567', '9999999']) {
      expect(luhnCheckDigit(digits)).toBe(entityControlDigit(digits));
    }
  });

  it.each(ENTITY_LETTERS.map((e) => [e.letter, e.words, e.form] as const))(
    '%s (%s): correct control accepted, wrong control rejected',
    (letter, words, form) => {
      const digits = '2818015';
      const c = entityControlDigit(digits);
      const good = makeEntity(letter, digits, form === 'letter' ? 'letter' : 'digit');
      const details = { type: 'ENTITY', natural_person: false, entity_letter: letter, entity_type: words };

      const ok = validateNif(good);
      expect(ok.valid).toBe(true);
      expect(ok.message).toBe('Valid NIF');
      expect(ok.normalizedValue).toBe(good);
      expect(ok.nifDetails).toEqual({ ...details, checksum_valid: true });

      const wrongDigit = String((c + 1) % 10);
      const wrongLetter = ENTITY_CONTROL_LETTERS.charAt((c + 1) % 10);
      const bad = validateNif(letter + digits + (form === 'letter' ? wrongLetter : wrongDigit));
      expect(bad.valid).toBe(false);
      expect(bad.message).toBe(WRONG_CHARACTER);
      expect(bad.nifDetails).toEqual({ ...details, checksum_valid: false });
    },
  );

  it.each(ENTITY_LETTERS.filter((e) => e.form === 'either').map((e) => e.letter))(
    '%s accepts the control both as a digit and as a letter',
    (letter) => {
      expect(validateNif(makeEntity(letter, '6471783', 'digit')).valid).toBe(true);
      expect(validateNif(makeEntity(letter, '6471783', 'letter')).valid).toBe(true);
    },
  );

  it('answers the exact fixed message for A with a letter control', () => {
    const r = validateNif(makeEntity('A', '2812345', 'letter'));
    expect(r.normalizedValue).toBe('A2812345C');
    expect(r.valid).toBe(false);
    expect(r.message).toBe('A NIF starting with A ends with a digit');
    // The letter is the right value in the wrong form: the arithmetic holds.
    expect(r.nifDetails?.checksum_valid).toBe(true);
  });

  it.each(ENTITY_LETTERS.filter((e) => e.form !== 'either').map((e) => [e.letter, e.form] as const))(
    '%s violates its enforced form (%s) with a right or a wrong value',
    (letter, form) => {
      const digits = '5837843';
      const wrongForm = form === 'digit' ? 'letter' : 'digit';
      const expected = `A NIF starting with ${letter} ends with a ${form}`;

      const sameValue = validateNif(makeEntity(letter, digits, wrongForm));
      expect(sameValue.valid).toBe(false);
      expect(sameValue.message).toBe(expected);
      expect(sameValue.nifDetails?.checksum_valid).toBe(true);
      expect(sameValue.nifDetails?.entity_letter).toBe(letter);

      const c = entityControlDigit(digits);
      const otherValue = letter + digits + (wrongForm === 'digit' ? String((c + 3) % 10) : ENTITY_CONTROL_LETTERS[(c + 3) % 10]);
      const r = validateNif(otherValue);
      expect(r.valid).toBe(false);
      expect(r.message).toBe(expected);
      expect(r.nifDetails?.checksum_valid).toBe(false);
    },
  );

  it('rejects a control letter outside JABCDEFGHI as a wrong control character', () => {
    const r = validateNif('C2818015Z');
    expect(r.valid).toBe(false);
    expect(r.message).toBe(WRONG_CHARACTER);
    expect(r.nifDetails?.type).toBe('ENTITY');
  });
});

describe('validateNif: what users type', () => {
  const dni = makeDni('54362315');
  const entity = makeEntity('B', '6471783', 'digit');

  it.each([
    [`${dni.slice(0, 8)}-${dni.slice(8)}`, dni],
    [`${dni.slice(0, 2)}.${dni.slice(2, 5)}.${dni.slice(5, 8)}-${dni.slice(8).toLowerCase()}`, dni],
    [`  ${dni}  `, dni],
    [`ES${dni}`, dni],
    [`es ${dni}`, dni],
    [`ES-${entity.slice(0, 1)}-${entity.slice(1)}`, entity],
    [`Es ${entity.toLowerCase()}`, entity],
    [`${entity.slice(0, 3)}\u00a0${entity.slice(3)}`, entity],
    [`${entity.slice(0, 3)}\u2013${entity.slice(3)}`, entity],
    [`\t${entity}`, entity],
  ])('%j normalises to %s and is valid', (typed, bare) => {
    const r = validateNif(typed);
    expect(r.valid).toBe(true);
    expect(r.normalizedValue).toBe(bare);
    expect(r.originalValue).toBe(typed);
  });

  it('keeps the normalised value of a recognised but wrong NIF', () => {
    expect(validateNif('es-b64717839').normalizedValue).toBe('B64717839');
  });

  it('does not accept other separators, a doubled prefix or a prefix other than ES', () => {
    for (const typed of [`${dni.slice(0, 4)}/${dni.slice(4)}`, `ES ES ${dni}`, `FR${dni}`, `${dni}ES`]) {
      const r = validateNif(typed);
      expect(r.valid, typed).toBe(false);
      expect(r.message).toBe(NOT_A_NIF_MESSAGE);
    }
  });
});

describe('validateNif: unrecognised shapes and empty input', () => {
  it.each([
    ['too short', '1234567Z'],
    ['too long', '123456789Z'],
    ['nine digits', '123456789'],
    ['NIE with a digit control', 'X12345678'],
    ['letter not used for NIFs (I)', 'I2812345C'],
    ['letter not used for NIFs (O)', 'O1234567L'],
    ['letter not used for NIFs (T)', 'T1234567L'],
    ['letter in the digits', 'B64A17838'],
    ['two letters at the end', 'M2812345CR'],
    ['non-ASCII digits', '١٢٣٤٥٦٧٨Z'],
    ['full-width digits', '１２３４５６７８Z'],
    ['accented letter', 'Ñ1234567L'],
    ['only ES', 'ES'],
    ['words', 'not a nif'],
  ])('%s (%j): message lists the shapes, no details, no normalised value', (_why, typed) => {
    const r = validateNif(typed);
    expect(r.valid).toBe(false);
    expect(r.message).toBe(NOT_A_NIF_MESSAGE);
    expect(r.message.startsWith('Not a Spanish NIF')).toBe(true);
    expect(r.normalizedValue).toBeNull();
    expect(r.nifDetails).toBeUndefined();
    expect(r.validationLevel).toBe('STANDARD');
  });

  it('the shape message names every kind', () => {
    for (const part of ['DNI', 'NIE', 'K, L or M', 'entity letter']) expect(NOT_A_NIF_MESSAGE).toContain(part);
  });

  it.each(['', '   ', ' - . '])('empty input %j gets its own message', (typed) => {
    const r = validateNif(typed);
    expect(r).toEqual({
      valid: false,
      message: EMPTY_NIF_MESSAGE,
      reason: 'NIF_EMPTY',
      normalizedValue: null,
      originalValue: typed,
      validationLevel: 'STANDARD',
    });
  });

  it('throws a TypeError for a value that is not a string', () => {
    expect(() => validateNif(null as unknown as string)).toThrow(TypeError);
    expect(() => validateNif(12345678 as unknown as string)).toThrow(TypeError);
    expect(() => validateNif(undefined as unknown as string)).toThrow('validateNif');
  });
});

describe('validateNif: reason codes (docs/fields/nif.md#reasons)', () => {
  // [input, reason, the English message that reason stands for]
  const REASONS: [string, string, string][] = [
    ['', 'NIF_EMPTY', EMPTY_NIF_MESSAGE],
    [' - . ', 'NIF_EMPTY', EMPTY_NIF_MESSAGE],
    ['not a nif', 'NIF_BAD_FORMAT', NOT_A_NIF_MESSAGE],
    ['1234567Z', 'NIF_BAD_FORMAT', NOT_A_NIF_MESSAGE],
    ['12345678A', 'NIF_WRONG_CONTROL_LETTER', WRONG_LETTER],
    ['X1234567A', 'NIF_WRONG_CONTROL_LETTER', WRONG_LETTER],
    ['B64717839', 'NIF_WRONG_CONTROL_CHARACTER', WRONG_CHARACTER],
    ['C2818015Z', 'NIF_WRONG_CONTROL_CHARACTER', WRONG_CHARACTER],
    ['A2812345C', 'NIF_WRONG_CONTROL_FORM', 'A NIF starting with A ends with a digit'],
    ['Q28180150', 'NIF_WRONG_CONTROL_FORM', 'A NIF starting with Q ends with a letter'],
  ];

  itRefusesEveryReason(validateNif, REASONS, NIF_REASONS);

  itAcceptsWithReasonNull(validateNif, ['12345678Z', 'X1234567L', 'ES B-64717838', 'K1234567L', makeEntity('P', '2818015', 'letter')]);
});

describe('checkNifBody (shared with the VAT module)', () => {
  it('reports type, validity and reason of a compact NIF', () => {
    expect(checkNifBody(makeDni('54362315'))).toEqual({ type: 'DNI', valid: true, checksumValid: true, reason: 'VALID' });
    expect(checkNifBody(makeKlm('L', '1111111'))).toMatchObject({ type: 'NIF_L', valid: true });
    expect(checkNifBody('12345678A')).toEqual({
      type: 'DNI',
      valid: false,
      checksumValid: false,
      reason: 'WRONG_CONTROL_LETTER',
    });
    expect(checkNifBody(makeEntity('Q', '2818015', 'letter')).reason).toBe('VALID');
    expect(checkNifBody(makeEntity('Q', '2818015', 'digit'))).toEqual({
      type: 'ENTITY',
      valid: false,
      checksumValid: true,
      reason: 'WRONG_CONTROL_FORM',
    });
    const e = makeEntity('G', '2818015', 'digit');
    expect(checkNifBody(e.slice(0, 8) + ((Number(e.slice(8)) + 1) % 10))).toMatchObject({
      valid: false,
      reason: 'WRONG_CONTROL_CHARACTER',
    });
  });

  it('expects the compact form: separators, lower case or a prefix are not a NIF shape', () => {
    const dni = makeDni('54362315');
    for (const input of [dni.toLowerCase(), `${dni.slice(0, 8)}-${dni.slice(8)}`, `ES${dni}`, '']) {
      expect(checkNifBody(input)).toEqual({ type: null, valid: false, checksumValid: false, reason: 'UNRECOGNISED_SHAPE' });
    }
  });

  it('returns a fresh object each call', () => {
    const a = checkNifBody('x');
    a.valid = true;
    expect(checkNifBody('x').valid).toBe(false);
  });
});

describe('compactNif', () => {
  it('removes separators, upper-cases and drops the ES prefix only in front of 9 characters', () => {
    expect(compactNif(' es-12.345.678-z ')).toBe('12345678Z');
    expect(compactNif('ES12345678')).toBe('ES12345678');
    expect(compactNif('ESX1234567L')).toBe('X1234567L');
    expect(compactNif(' - ')).toBe('');
  });

  it('stops after 12 significant characters of a huge input', () => {
    expect(compactNif('a'.repeat(1_000_000))).toBe('A'.repeat(12));
  });
});
