/** Values of the NAS field as people type them: the seeds of the fuzz and soak runs (scripts/fuzz.ts, scripts/soak.ts) for what has no generator of its own. */
import type { FieldExamples } from '../fields/manifest.js';

export const examples: FieldExamples = {
  valid: ['046 454 286', '130 692 544'],
  invalid: [
    { value: '', reason: 'NAS_EMPTY' },
    { value: '046 454 287', reason: 'NAS_BAD_CHECK_DIGIT' },
    { value: '12345', reason: 'NAS_NOT_NINE_DIGITS' },
  ],
  alphabet: '0123456789 -',
};
