/** Which message tells a phone result: a number too short is told without a place when no calling code was read. */
import type { FieldMessageKeys } from '../../fields/manifest.js';

export const messageKeys: FieldMessageKeys = {
  splits: { PHONE_TOO_SHORT: (result) => (result.phoneDetails == null ? 'PHONE_TOO_SHORT_UNNAMED' : 'PHONE_TOO_SHORT') },
};
