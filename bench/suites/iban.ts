/**
 * IBAN benchmark: validateIban against ibantools (`isValidIBAN(electronicFormatIBAN(x))`, the
 * documented way to check typed input) and validator.js `isIBAN`, on a mix built by our own
 * generator: about two thirds valid IBANs (mostly of the countries forms see most, the rest from
 * the whole registry), typed in print format, compact, with dashes or in lower case; the rest
 * mistyped digits, swapped digits, missing characters, unknown countries and stray dots.
 */
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import validator from 'validator';
import { validateIban } from '../../src/iban/index.js';
import { inGroupsOfFour, makeIban, registryCountries, seededPicker } from '../../test/support/generators/iban.js';
import type { BenchSuite } from '../suite.js';

const COMMON = ['DE', 'FR', 'GB', 'ES', 'IT', 'NL', 'BE', 'AT', 'CH', 'PL', 'PT', 'IE', 'SE', 'DK'];

function buildInputs(count: number): string[] {
  const pick = seededPicker(2026);
  const chance = (percent: number): boolean => pick(100) < percent;
  const inputs: string[] = [];
  for (let i = 0; i < count; i++) {
    const countries = chance(75) ? COMMON : registryCountries;
    let iban = makeIban(countries[pick(countries.length)] as string, pick);
    const mistake = pick(100);
    if (mistake < 12) {
      // One digit mistyped (stays a digit).
      const at = 4 + pick(iban.length - 4);
      const char = iban.charAt(at);
      if (char >= '0' && char <= '9') iban = iban.slice(0, at) + String((Number(char) + 1) % 10) + iban.slice(at + 1);
    } else if (mistake < 18) {
      const at = 4 + pick(iban.length - 5);
      iban = iban.slice(0, at) + iban.charAt(at + 1) + iban.charAt(at) + iban.slice(at + 2);
    } else if (mistake < 26) {
      iban = iban.slice(0, -1);
    } else if (mistake < 30) {
      iban = 'XK'.includes(iban.charAt(0)) ? `QQ${iban.slice(2)}` : `X${iban.slice(1)}`;
    }
    const typing = pick(100);
    let typed = typing < 45 ? inGroupsOfFour(iban) : typing < 55 ? inGroupsOfFour(iban).replace(/ /g, '-') : iban;
    if (chance(15)) typed = typed.toLowerCase();
    if (chance(3)) typed = typed.replace(/ /g, '.');
    inputs.push(typed);
  }
  return inputs;
}

export const suite: BenchSuite = {
  field: 'IBAN',
  inputs: buildInputs(1000),
  ours: { name: 'verifield validateIban', run: (value) => validateIban(value).valid },
  peers: [
    {
      name: 'ibantools isValidIBAN(electronicFormatIBAN)',
      run: (value) => isValidIBAN(electronicFormatIBAN(value) ?? ''),
    },
    // isIBAN strips spaces and dashes and upper-cases on its own, so it gets the input as typed.
    { name: 'validator.js isIBAN', run: (value) => validator.isIBAN(value) },
  ],
};
