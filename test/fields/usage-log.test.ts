/**
 * What the usage log keeps of each field's values, as the registry says (src/fields/usage-log.ts):
 * NIF, SIN and SSN values as `***` whatever they hold, and on the VAT endpoint every value that
 * embeds a personal identity number, valid or mistyped, typed with separators or without a prefix;
 * entity numbers and the other endpoints' values are kept as sent. The numbers are built by
 * test/support/generators/vat.ts (our own builders, independent of src/vat).
 */
import { describe, expect, it } from 'vitest';
import { FIELD_NAMES } from '../../src/fields/catalog.js';
import { USAGE_LOG_MASK, USAGE_LOG_POLICIES, usageLogValue } from '../../src/fields/usage-log.js';
import { embedsPersonalNumber } from '../../src/vat/number/personal-number.js';
import { checkVatStructure } from '../../src/vat/number/structure.js';
import type { Field } from '../../src/server/storage/types.js';
import { seededRng, typedLikeAPerson, VALID_VAT_BUILDERS, withTypo } from '../support/generators/vat.js';
import { dni } from '../support/generators/nif.js';
import { germanIban } from '../support/generators/iban.js';

describe('the usage log, per field', () => {
  it('has a policy for every field of the catalog', () => {
    expect(Object.keys(USAGE_LOG_POLICIES).sort()).toEqual([...FIELD_NAMES].sort());
  });

  it('never keeps NIF, SIN and SSN values, valid or not', () => {
    const alwaysMasked = FIELD_NAMES.filter((field) => USAGE_LOG_POLICIES[field] === 'masked');
    expect(alwaysMasked).toEqual(['nif', 'nas', 'ssn']);
    for (const field of alwaysMasked) {
      for (const value of ['12345678Z', '046 454 286', '234-56-7890', 'anything', '']) expect(usageLogValue(field, value), `${field} ${value}`).toBe('***');
    }
  });

  it('keeps IBAN, email and phone values as sent', () => {
    for (const field of ['iban', 'email', 'phone'] as const) {
      expect(USAGE_LOG_POLICIES[field]).toBe('clear');
      for (const value of ['DE89 3704 0044 0532 0130 00', 'jane@example.com', '+34 600 000 000', '73914682L']) expect(usageLogValue(field, value)).toBe(value);
    }
  });

  it('masks a VAT value exactly when it embeds a personal identity number', () => {
    for (const value of ['ES73914682L', '73914682L', 'CZ7103192746', 'ESB12345674', 'DE123456789', '12345', '']) {
      expect(usageLogValue('vat', value), value).toBe(embedsPersonalNumber(value) ? '***' : value);
    }
    expect(usageLogValue('vat', 'ES73914682L')).toBe('***');
    expect(usageLogValue('vat', 'ESB12345674')).toBe('ESB12345674');
  });

  it('writes *** in place of a masked value', () => {
    expect(USAGE_LOG_MASK).toBe('***');
  });
});

const MASK = '***';

describe('usageLogValue: one value per endpoint', () => {
  const cases: Array<[Field, string, string]> = [
    // NIF, SIN and SSN: always masked, valid or not.
    ['nif', dni('73914682'), MASK],
    ['nif', 'not a NIF', MASK],
    ['nas', '046 454 286', MASK],
    ['ssn', '234-56-7890', MASK],
    // Fields without personal numbers: kept as sent.
    ['iban', germanIban('370400440532013000'), germanIban('370400440532013000')],
    ['email', 'jane@example.com', 'jane@example.com'],
    ['phone', '+34 600 000 000', '+34 600 000 000'],
    // The case: a DNI sent as a Spanish VAT number.
    ['vat', 'ES73914682L', MASK],
    ['vat', 'es 73.914.682-l', MASK],
    ['vat', 'ESES73914682L', MASK],
    ['vat', 'ES７３９１４６８２L', MASK],
    ['vat', 'ES73914682X', MASK],
    ['vat', 'ES7391468L', MASK],
    ['vat', 'ESX1234567L', MASK],
    ['vat', 'ESK8053757P', MASK],
    ['vat', 'ESB12345674', 'ESB12345674'],
    // Without a country prefix, a DNI or NIE (or anything with as many digits) is masked.
    ['vat', '73914682L', MASK],
    ['vat', 'X1234567L', MASK],
    ['vat', 'DNI 73914682L', MASK],
    ['vat', '12345', '12345'],
    ['vat', '', ''],
    ['vat', 'ES', 'ES'],
    // Czech: entity numbers kept; birth numbers and the "6…" individuals masked, typos too.
    ['vat', 'CZ25123891', 'CZ25123891'],
    ['vat', 'CZ699000899', MASK],
    ['vat', 'CZ682127228', MASK],
    ['vat', 'CZ 710319/2745', MASK],
    ['vat', 'CZ7103192746', MASK],
    ['vat', 'CZ710319274', MASK],
    // Slovak: an entity's IČ DPH kept, a birth number masked.
    ['vat', 'SK2020273893', 'SK2020273893'],
    ['vat', 'SK0910309257', MASK],
    ['vat', 'SK091030925', MASK],
    // Bulgarian 10 digits (EGN, PNF, other persons) masked, 9-digit entities kept.
    ['vat', 'BG009654421', 'BG009654421'],
    ['vat', 'BG4409081751', MASK],
    ['vat', 'BG1325292819', MASK],
    // Latvian personal codes (dated and 32…) masked, entity numbers kept.
    ['vat', 'LV95513288765', 'LV95513288765'],
    ['vat', 'LV 328673-00679', MASK],
    ['vat', 'LV23081529426', MASK],
    // Lithuanian 12 digits (natural persons) masked, 9 digits kept.
    ['vat', 'LT009860617', 'LT009860617'],
    ['vat', 'LT579296868116', MASK],
    // Romanian CUI kept, a 13-digit CNP masked.
    ['vat', 'RO4484954352', 'RO4484954352'],
    ['vat', 'RO1800101420010', MASK],
    // Swedish: an organisation number kept, a sole trader's personnummer + 01 masked.
    ['vat', 'SE556016068001', 'SE556016068001'],
    ['vat', 'SE900101001701', MASK],
    // Prefixes whose numbers embed no personal number: kept, valid or not.
    ['vat', 'DE123456789', 'DE123456789'],
    ['vat', 'FR40303265045', 'FR40303265045'],
    ['vat', 'NL000099998B57', 'NL000099998B57'],
  ];

  it.each(cases)('%s %j is stored as %j', (field, value, stored) => {
    expect(usageLogValue(field, value)).toBe(stored);
  });
});

describe('usageLogValue over generated VAT numbers', () => {
  const rng = seededRng(17);
  /** The variants of test/support/generators/vat.ts that are personal numbers. */
  const PERSONAL: Record<string, readonly string[]> = {
    ES: ['dni', 'nie', 'klm'],
    CZ: ['special', 'birth number (10)', 'birth number (9)'],
    SK: ['birth number'],
    BG: ['egn', 'foreigner', 'other'],
    LV: ['personal dated', 'personal 32'],
    LT: ['12 digits'],
  };

  it('masks every personal number, as typed by a person, without its prefix, and with a typo', () => {
    let typos = 0;
    let typosKept = 0;
    for (const [prefix, variants] of Object.entries(PERSONAL)) {
      for (const variant of variants) {
        const build = VALID_VAT_BUILDERS[prefix]?.[variant];
        if (build === undefined) throw new Error(`no builder ${prefix} ${variant}`);
        for (let i = 0; i < 200; i++) {
          const number = build(rng);
          for (const sent of [number, typedLikeAPerson(rng, number), number.slice(2)]) {
            expect(usageLogValue('vat', sent), `${prefix} ${variant}: ${sent}`).toBe(MASK);
          }
          const typo = withTypo(rng, number);
          typos++;
          if (usageLogValue('vat', typo) === MASK) continue;
          // The one way out: a Latvian personal code whose first digit became 4-9 and still passes
          // the entity check is a well-formed entity number, which cannot be told from a company's.
          expect(`${prefix} ${variant}: ${typo}`).toMatch(/^LV personal .*: LV[4-9]\d{10}$/);
          expect(checkVatStructure(typo).formatValid, typo).toBe(true);
          typosKept++;
        }
      }
    }
    expect(typosKept / typos).toBeLessThan(0.01);
  });

  it('keeps entity numbers of the same countries and every number of the others', () => {
    for (const [prefix, variants] of Object.entries(VALID_VAT_BUILDERS)) {
      // A random Slovak entity number may also be a valid birth number; Sweden is split by its third digit below.
      if (prefix === 'SK' || prefix === 'SE') continue;
      for (const [variant, build] of Object.entries(variants)) {
        if (PERSONAL[prefix]?.includes(variant) === true) continue;
        for (let i = 0; i < 100; i++) {
          const number = build(rng);
          expect(usageLogValue('vat', number), `${prefix} ${variant}`).toBe(number);
        }
      }
    }
  });

  it('tells Swedish sole traders (third digit 0 or 1: a birth month) from organisations', () => {
    const build = VALID_VAT_BUILDERS.SE?.standard;
    if (build === undefined) throw new Error('no Swedish builder');
    let personal = 0;
    for (let i = 0; i < 300; i++) {
      const number = build(rng);
      const isPerson = number.charAt(4) === '0' || number.charAt(4) === '1';
      if (isPerson) personal++;
      expect(usageLogValue('vat', number), number).toBe(isPerson ? MASK : number);
    }
    expect(personal).toBeGreaterThan(0);
  });
});
