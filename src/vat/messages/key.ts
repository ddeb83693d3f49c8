/**
 * Which message tells a VAT result: from the registration verdict's source and registry (VIES, or
 * a national one, whose keys start VAT_REGISTRY_ and name it), and a stale "not registered".
 */
import type { FieldMessageKeys } from '../../fields/manifest.js';
import type { VatDetails } from '../details.js';

/** The start of the keys of a verdict: `VAT_REGISTRY_` for a national registry's, `VAT_` for VIES's. Written short: every form's bundle carries it. */
const verdictKeys = (details: VatDetails): string => (details.registry === undefined || details.registry === 'VIES' ? 'VAT_' : 'VAT_REGISTRY_');

export const messageKeys: FieldMessageKeys = {
  valid: (result) => {
    const details = result.vatDetails;
    if (details == null) return null;
    if (details.source === 'NOT_APPLICABLE') return 'VAT_OUTSIDE_VIES';
    if (details.registered === true) return verdictKeys(details) + (details.source === 'STALE' ? 'REGISTERED_STALE' : 'REGISTERED');
    if (details.registered === null) return result.validationLevel === 'BASIC' ? 'VAT_WELL_FORMED' : verdictKeys(details) + 'UNVERIFIED';
    return null;
  },
  splits: {
    VAT_NOT_REGISTERED: (result) => {
      const details = result.vatDetails;
      if (details == null) return 'VAT_NOT_REGISTERED';
      if (details.source === 'STALE') return verdictKeys(details) + 'NOT_REGISTERED_STALE';
      return details.entity_status?.includes('NOT_VAT_REGISTERED') ? 'VAT_REGISTRY_NOT_VAT_REGISTERED' : verdictKeys(details) + 'NOT_REGISTERED';
    },
  },
};
