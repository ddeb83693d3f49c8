/** Which sentence an IBAN's message ends with: the IBANs it was probably meant to be, when there are any (never on a valid IBAN). */
import type { FieldMessageKeys } from '../../fields/manifest.js';

export const messageKeys: FieldMessageKeys = {
  addendum: (result) => (result.ibanDetails?.suggestions?.length ? 'IBAN_SUGGESTIONS' : null),
};
