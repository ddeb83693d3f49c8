/**
 * Values of the BIC field as people type them (docs/fields/bic.md#examples): the seeds of the fuzz
 * and soak runs, valid ones of every shape and one rejection per reason code.
 */
import type { FieldExamples } from '../fields/manifest.js';

export const examples: FieldExamples = {
  valid: ['DEUTDEFF', 'deut de ff 500', 'BNPAFRPPXXX', 'NEDSZAJJ', 'RBKOXKPR', 'DEUTDEF0'],
  invalid: [
    { value: '', reason: 'BIC_EMPTY' },
    { value: 'DEUTDEF', reason: 'BIC_WRONG_LENGTH' },
    { value: 'DEU1DEFF', reason: 'BIC_INSTITUTION_NOT_LETTERS' },
    { value: 'DEUT1EFF', reason: 'BIC_COUNTRY_NOT_LETTERS' },
    { value: 'DEUTDE.F', reason: 'BIC_LOCATION_NOT_ALPHANUMERIC' },
    { value: 'DEUTDEFF5.0', reason: 'BIC_BRANCH_NOT_ALPHANUMERIC' },
    { value: 'DEUTUKFF', reason: 'BIC_UNKNOWN_COUNTRY' },
  ],
  // What a mistyped BIC is made of: letters of both cases, digits, spaces, and the dot and dash people slip in.
  alphabet: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefxyz0123456789 .-',
};
