/** Values of the SSN field as people type them: the seeds of the fuzz and soak runs (scripts/fuzz.ts, scripts/soak.ts) for what has no generator of its own. */
import type { FieldExamples } from '../fields/manifest.js';

export const examples: FieldExamples = {
  valid: ['536-22-1234', '123-45-6789'],
  invalid: [
    { value: '', reason: 'SSN_EMPTY' },
    { value: '078-05-1120', reason: 'SSN_SAMPLE_NUMBER' },
    { value: '000-12-3456', reason: 'SSN_AREA_NOT_ISSUED' },
  ],
  alphabet: '0123456789 -',
};
