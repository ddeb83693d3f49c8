/** Values of the VAT field as people type them: the seeds of the fuzz and soak runs (scripts/fuzz.ts, scripts/soak.ts) for what has no generator of its own. */
import type { FieldExamples } from '../fields/manifest.js';

export const examples: FieldExamples = {
  valid: ['DE 129273398', 'ESB64717838', 'NL 3225.18.131 B50'],
  invalid: [
    { value: '', reason: 'VAT_EMPTY' },
    { value: 'US123456789', reason: 'VAT_UNKNOWN_PREFIX' },
    { value: 'DE129273399', reason: 'VAT_BAD_CHECKSUM' },
  ],
  alphabet: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ .-',
};
