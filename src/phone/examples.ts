/** Values of the PHONE field as people type them: the seeds of the fuzz and soak runs (scripts/fuzz.ts, scripts/soak.ts) for what has no generator of its own. */
import type { FieldExamples } from '../fields/manifest.js';

export const examples: FieldExamples = {
  valid: ['+44 20 7946 0958', '+49 30 901820', '0049 30 901820'],
  invalid: [
    { value: '', reason: 'PHONE_EMPTY' },
    { value: '020 7946 0958', reason: 'PHONE_MISSING_COUNTRY_CODE' },
  ],
  alphabet: '0123456789 +()-.',
};
