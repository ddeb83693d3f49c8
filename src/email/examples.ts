/** Values of the EMAIL field as people type them: the seeds of the fuzz and soak runs (scripts/fuzz.ts, scripts/soak.ts) for what has no generator of its own. */
import type { FieldExamples } from '../fields/manifest.js';

export const examples: FieldExamples = {
  valid: ['jane.doe@example.com', 'Jane.Doe@Example.COM'],
  invalid: [
    { value: '', reason: 'EMAIL_EMPTY' },
    { value: 'jane.example.com', reason: 'EMAIL_MISSING_AT_SIGN' },
  ],
  alphabet: 'abcdefghijklmnopqrstuvwxyz0123456789.@-_+',
};
