/** Values of the IBAN field as people type them: the seeds of the fuzz and soak runs (scripts/fuzz.ts, scripts/soak.ts) for what has no generator of its own. */
import type { FieldExamples } from '../fields/manifest.js';

export const examples: FieldExamples = {
  valid: ['DE89 3704 0044 0532 0130 00', 'GB82 WEST 1234 5698 7654 32', 'fr14 2004 1010 0505 0001 3m02 606'],
  invalid: [
    { value: '', reason: 'IBAN_EMPTY' },
    { value: 'DE89 3704 0044 0532 0130 01', reason: 'IBAN_BAD_CHECKSUM' },
    { value: 'FR76 3000 6000 0112 3456 7890', reason: 'IBAN_WRONG_LENGTH' },
  ],
  alphabet: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcxyz -',
};
