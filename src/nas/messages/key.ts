/** Which message tells a valid SIN: a temporary resident's, or one of a series not given to individuals. */
import type { FieldMessageKeys } from '../../fields/manifest.js';

export const messageKeys: FieldMessageKeys = {
  valid: (result) => {
    const details = result.nasDetails;
    if (details == null) return null;
    if (details.temporary_resident) return 'NAS_VALID_TEMPORARY';
    return details.individual_series ? 'NAS_VALID' : 'NAS_VALID_NOT_INDIVIDUAL';
  },
};
