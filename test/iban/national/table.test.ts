import { describe, expect, it } from 'vitest';
import { IBAN_REGISTRY } from '../../../src/iban/registry.js';
import { nationalCheckOf } from '../../../src/iban/national/index.js';

const CHECKED = ['BA', 'BE', 'CZ', 'EE', 'ES', 'FI', 'FR', 'HR', 'HU'].concat(
  ['IT', 'MC', 'ME', 'NO', 'PL', 'PT', 'RS', 'SK', 'SM'],
);

describe('the table of national checks', () => {
  it('has a check for each documented country, each an IBAN country of the registry', () => {
    for (const country of CHECKED) {
      expect(Object.hasOwn(IBAN_REGISTRY, country), country).toBe(true);
      expect(nationalCheckOf(country), country).toBeTypeOf('function');
    }
  });

  it('has no check for any other registry country', () => {
    for (const country of Object.keys(IBAN_REGISTRY).filter((c) => !CHECKED.includes(c))) {
      expect(nationalCheckOf(country), country).toBeUndefined();
    }
  });

  it('has a check only for IBAN countries of the registry, among all two-letter codes', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const first of letters) {
      for (const second of letters) {
        const code = first + second;
        if (nationalCheckOf(code) !== undefined) expect(Object.hasOwn(IBAN_REGISTRY, code), code).toBe(true);
      }
    }
  });

  it('has none for obsolete or unconfirmed schemes, nor for non-countries and inherited keys', () => {
    const unchecked = ['NL', 'IS', 'AL', 'TL', 'MR', 'TN', 'MK', 'SI', 'DE', 'XX', '', 'toString', '__proto__', 'be'];
    for (const country of unchecked) {
      expect(nationalCheckOf(country), country).toBeUndefined();
    }
  });

  it('accepts the registry example of each checked country', () => {
    const examples = [
      'BA391290079401028494',
      'BE68539007547034',
      'CZ6508000000192000145399',
      'EE382200221020145685',
      'ES9121000418450200051332',
      'FI2112345600000785',
      'FR1420041010050500013M02606',
      'HR1210010051863000160',
      'HU42117730161111101800000000',
      'IT60X0542811101000000123456',
      'MC5811222000010123456789030',
      'ME25505000012345678951',
      'NO9386011117947',
      'PL61109010140000071219812874',
      'PT50000201231234567890154',
      'RS35260005601001611379',
      'SK3112000000198742637541',
      'SM86U0322509800000000270100',
    ];
    expect(examples.map((iban) => iban.slice(0, 2))).toEqual(CHECKED);
    for (const iban of examples) {
      const bban = iban.slice(4);
      expect(bban.length, iban).toBe((IBAN_REGISTRY[iban.slice(0, 2)]?.[0] ?? 0) - 4);
      expect(nationalCheckOf(iban.slice(0, 2))?.(bban), iban).toBe(true);
    }
  });
});
