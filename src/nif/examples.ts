/** Values of the NIF field as people type them: the seeds of the fuzz and soak runs (scripts/fuzz.ts, scripts/soak.ts) for what has no generator of its own. */
import type { FieldExamples } from '../fields/manifest.js';

export const examples: FieldExamples = {
  valid: ['12345678Z', 'X1234567L', 'B64717838'],
  invalid: [
    { value: '', reason: 'NIF_EMPTY' },
    { value: '12345678A', reason: 'NIF_WRONG_CONTROL_LETTER' },
    { value: '1234', reason: 'NIF_BAD_FORMAT' },
  ],
  alphabet: '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ -.',
};
