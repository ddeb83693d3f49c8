/** Which message tells a NIF result: an NIE's own valid message, and the control told as a digit or a letter. */
import type { FieldMessageKeys } from '../../fields/manifest.js';

export const messageKeys: FieldMessageKeys = {
  valid: (result) => (result.nifDetails?.type === 'NIE' ? 'NIE_VALID' : 'NIF_VALID'),
  splits: {
    // The control was written in the other form: a letter where the entity letter asks for a digit, or the reverse.
    NIF_WRONG_CONTROL_FORM: (result) => {
      const last = result.normalizedValue?.charCodeAt(8) ?? 0;
      return last >= 48 && last <= 57 ? 'NIF_CONTROL_MUST_BE_LETTER' : last >= 65 && last <= 90 ? 'NIF_CONTROL_MUST_BE_DIGIT' : null;
    },
  },
};
