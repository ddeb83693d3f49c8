/**
 * Phone: `validatePhone` against libphonenumber-js doing the same work: parse, `isValid()`,
 * `getType()` and the two display formats the envelope reports for a valid number. Ours calls the
 * same functions and does more (reads `00` and separators, names the length problem, builds the
 * envelope); it saves time by asking `getType()` alone, which finds a type exactly for a valid
 * number with the max metadata (test/phone/library.test.ts pins that).
 *
 * Inputs: every region's example mobile number from libphonenumber's own example metadata, written
 * the ways people type them (spaced, dashed, bracketed, with `00`), plus the usual mistakes: a digit
 * missing, a digit too many, the national form without a country code, letters. Raw libphonenumber
 * cannot read `00…` without a default country and gives up early there, so on that sixth of the
 * inputs it does less than ours: the ratio errs against us.
 */
import parsePhoneNumber, { getCountries, getExampleNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import { validatePhone } from '../../src/phone/index.js';
import type { BenchSuite } from '../suite.js';

/** Deterministic choices, so that two runs time the same mix. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function buildInputs(): string[] {
  const random = seededRandom(20261122);
  const inputs: string[] = [];
  for (const country of getCountries()) {
    const example = getExampleNumber(country, examples);
    if (example === undefined) continue;
    const spaced = example.formatInternational();
    const national = example.formatNational();
    const roll = random();
    // About two thirds valid, written four ways; one third with a typical mistake.
    if (roll < 0.17) inputs.push(spaced);
    else if (roll < 0.34) inputs.push(spaced.replace(/ /g, '-'));
    else if (roll < 0.5) inputs.push(`00${spaced.slice(1)}`);
    else if (roll < 0.67) inputs.push(example.number);
    else if (roll < 0.75) inputs.push(spaced.slice(0, -1));
    else if (roll < 0.83) inputs.push(`${spaced}${Math.floor(random() * 10)}`);
    else if (roll < 0.92) inputs.push(national);
    else inputs.push(`${spaced.slice(0, -3)}abc`);
  }
  return inputs;
}

export const suite: BenchSuite = {
  field: 'Phone',
  inputs: buildInputs(),
  ours: { name: 'verifield validatePhone', run: validatePhone },
  peers: [
    {
      name: 'libphonenumber-js/max parse + isValid + getType + 2 formats',
      run: (value) => {
        const phone = parsePhoneNumber(value);
        if (phone === undefined || !phone.isValid()) return null;
        return [phone.getType(), phone.formatInternational(), phone.formatNational()];
      },
    },
  ],
};
