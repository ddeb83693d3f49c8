/** Which message tells a valid email address: a likely typo, a disposable domain, or mail servers not checked. */
import type { FieldMessageKeys } from '../../fields/manifest.js';

export const messageKeys: FieldMessageKeys = {
  valid: (result) => {
    const details = result.emailDetails;
    const signals = details?.signals;
    if (details == null || typeof signals !== 'object' || signals === null) return null;
    if (typeof signals.suggested_domain === 'string') return 'EMAIL_TYPO';
    if (signals.disposable === true) return 'EMAIL_DISPOSABLE';
    // DNS was asked when the deliverability is more than UNKNOWN (src/email/risk.ts); mx_valid null then means it failed.
    if (signals.mx_valid === null && details.deliverability !== 'UNKNOWN') return 'EMAIL_UNCHECKED';
    return 'EMAIL_VALID';
  },
};
