/**
 * libphonenumber's number types and our `line_type` (src/result.ts) share their names; the table makes the
 * mapping explicit, so that a type added by a future libphonenumber release becomes `UNKNOWN`
 * instead of leaking a value outside the 12 the contract allows.
 */
import type { PhoneNumberType } from 'libphonenumber-js/max';
import type { PhoneLineType } from '../result.js';

const LINE_TYPES: Readonly<Record<PhoneNumberType, PhoneLineType>> = {
  MOBILE: 'MOBILE',
  FIXED_LINE: 'FIXED_LINE',
  FIXED_LINE_OR_MOBILE: 'FIXED_LINE_OR_MOBILE',
  TOLL_FREE: 'TOLL_FREE',
  PREMIUM_RATE: 'PREMIUM_RATE',
  SHARED_COST: 'SHARED_COST',
  VOIP: 'VOIP',
  PERSONAL_NUMBER: 'PERSONAL_NUMBER',
  PAGER: 'PAGER',
  UAN: 'UAN',
  VOICEMAIL: 'VOICEMAIL',
};

/**
 * The `line_type` of a number type; `UNKNOWN` when libphonenumber names none.
 * @example
 * ```ts
 * lineTypeOf('FIXED_LINE_OR_MOBILE'); // 'FIXED_LINE_OR_MOBILE'
 * lineTypeOf(undefined); // 'UNKNOWN'
 * ```
 */
export function lineTypeOf(type: PhoneNumberType | undefined): PhoneLineType {
  if (type === undefined || !Object.hasOwn(LINE_TYPES, type)) return 'UNKNOWN';
  return LINE_TYPES[type];
}
