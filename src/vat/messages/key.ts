/**
 * Which message tells a VAT result: from the registration verdict's source and registry (VIES, or
 * a national one: its messages name it), and a stale "not registered".
 */
import type { FieldMessageKeys } from '../../fields/manifest.js';
import type { VatDetails } from '../details.js';

const isNational = (details: VatDetails): boolean => typeof details.registry === 'string' && details.registry !== 'VIES';

export const messageKeys: FieldMessageKeys = {
  valid: (result) => {
    const details = result.vatDetails;
    if (details == null) return null;
    if (details.source === 'NOT_APPLICABLE') return 'VAT_OUTSIDE_VIES';
    const national = isNational(details);
    if (details.registered === true) {
      if (details.source === 'STALE') return national ? 'VAT_REGISTRY_REGISTERED_STALE' : 'VAT_REGISTERED_STALE';
      return national ? 'VAT_REGISTRY_REGISTERED' : 'VAT_REGISTERED';
    }
    if (details.registered === null) {
      if (result.validationLevel === 'BASIC') return 'VAT_WELL_FORMED';
      return national ? 'VAT_REGISTRY_UNVERIFIED' : 'VAT_UNVERIFIED';
    }
    return null;
  },
  splits: {
    VAT_NOT_REGISTERED: (result) => {
      const details = result.vatDetails;
      const stale = details?.source === 'STALE';
      if (details == null || !isNational(details)) return stale ? 'VAT_NOT_REGISTERED_STALE' : 'VAT_NOT_REGISTERED';
      if (stale) return 'VAT_REGISTRY_NOT_REGISTERED_STALE';
      return details.entity_status?.includes('NOT_VAT_REGISTERED') === true ? 'VAT_REGISTRY_NOT_VAT_REGISTERED' : 'VAT_REGISTRY_NOT_REGISTERED';
    },
  },
};
