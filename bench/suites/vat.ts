/**
 * VAT benchmark: validateVat against jsvat (all its countries), stdnum's euVat table and
 * validator.js isVAT, on one mix of inputs built by our generator: mostly valid numbers of every
 * prefix typed the way people type them, then typos, wrong lengths, missing and unknown prefixes.
 *
 * Fairness: our function and jsvat take the whole value. stdnum and validator.js need the country
 * picked first; that split (two characters read, EL mapped to stdnum's GR key) happens inside their
 * timed functions, as it would in a user's code. validator.js throws on a country it does not know
 * (XI, CH, NO), so its call is wrapped in try/catch. validator.js is format-only (a regex) and
 * does not remove separators: it does less work and answers wrongly on many inputs.
 */
import { checkVAT, countries } from 'jsvat';
import { euVat } from 'stdnum';
import isVAT from 'validator/es/lib/isVAT.js';
import { validateVat } from '../../src/vat/index.js';
import { anyValidVat, seededRng, typedLikeAPerson, withTypo, type Rng } from '../../test/support/generators/vat.js';
import type { BenchSuite } from '../suite.js';

const INPUT_COUNT = 1000;

function input(rng: Rng): string {
  const number = anyValidVat(rng);
  const roll = rng();
  if (roll < 0.6) return typedLikeAPerson(rng, number);
  if (roll < 0.8) return typedLikeAPerson(rng, withTypo(rng, number));
  if (roll < 0.9) return rng() < 0.5 ? number.slice(0, -1) : `${number}7`;
  if (roll < 0.95) return number.slice(2);
  return `${rng() < 0.5 ? 'GR' : 'US'}${number.slice(2)}`;
}

const inputs: string[] = [];
const rng = seededRng(2026);
for (let i = 0; i < INPUT_COUNT; i++) inputs.push(input(rng));

type ValidatorCountryCode = Parameters<typeof isVAT>[1];
type StdnumValidator = { validate(value: string): { isValid: boolean } };
const stdnumByCountry = euVat as unknown as Readonly<Record<string, readonly StdnumValidator[] | undefined>>;

export const suite: BenchSuite = {
  field: 'VAT',
  inputs,
  ours: { name: 'verifield validateVat', run: (value) => validateVat(value).valid },
  peers: [
    { name: 'jsvat checkVAT (all countries)', run: (value) => checkVAT(value, countries).isValid },
    {
      name: 'stdnum euVat',
      run: (value) => {
        const country = value.slice(0, 2).toUpperCase();
        const validators = stdnumByCountry[country === 'EL' ? 'GR' : country];
        return validators?.[0]?.validate(value).isValid ?? false;
      },
    },
    {
      name: 'validator isVAT',
      run: (value) => {
        try {
          // isVAT checks the code itself at run time (and throws), so the cast hides nothing.
          return isVAT(value.slice(2), value.slice(0, 2).toUpperCase() as ValidatorCountryCode);
        } catch {
          return false;
        }
      },
    },
  ],
};
