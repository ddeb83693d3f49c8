/** Which message tells a VAT result: from the registration verdict's source, and a stale "not registered". */
import type { FieldMessageKeys } from '../../fields/manifest.js';

export const messageKeys: FieldMessageKeys = {
  valid: (result) => {
    const details = result.vatDetails;
    if (details == null) return null;
    if (details.source === 'NOT_APPLICABLE') return 'VAT_OUTSIDE_VIES';
    if (details.registered === true) return details.source === 'STALE' ? 'VAT_REGISTERED_STALE' : 'VAT_REGISTERED';
    if (details.registered === null) return result.validationLevel === 'BASIC' ? 'VAT_WELL_FORMED' : 'VAT_UNVERIFIED';
    return null;
  },
  splits: { VAT_NOT_REGISTERED: (result) => (result.vatDetails?.source === 'STALE' ? 'VAT_NOT_REGISTERED_STALE' : 'VAT_NOT_REGISTERED') },
};
