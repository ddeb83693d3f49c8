/**
 * The type of a parsed number, as libphonenumber-js's `getType()` finds it
 * (helpers/getNumberType.js): the plan's national pattern first, then fixed line (and whether a
 * mobile number looks the same), then the other types in the library's order; undefined when no
 * type fits, which is exactly when the library's `isValid()` is false (test/phone.test.ts pins it).
 */
import type { PhoneNumber, PhoneNumberType } from 'libphonenumber-js/max';
import { compiledPlanOf, TYPE_NAMES, type CompiledType } from './compiled-plans.js';

const OTHER_TYPES = TYPE_NAMES.slice(1) as readonly Exclude<(typeof TYPE_NAMES)[number], 'FIXED_LINE'>[];

function isOfType(nationalNumber: string, type: CompiledType | null | undefined): boolean {
  if (type === null || type === undefined) return false;
  if (type.lengths !== undefined && !type.lengths.includes(nationalNumber.length)) return false;
  return type.whole.test(nationalNumber);
}

/** `phone.getType()`, with the plan's patterns compiled once. */
export function numberTypeOf(phone: PhoneNumber): PhoneNumberType | undefined {
  const plan = compiledPlanOf(phone);
  const nationalNumber: string = phone.nationalNumber;
  if (!plan.nationalNumber.test(nationalNumber)) return undefined;
  if (isOfType(nationalNumber, plan.types.get('FIXED_LINE'))) {
    if (plan.mobile !== 'present') return 'FIXED_LINE_OR_MOBILE';
    return isOfType(nationalNumber, plan.types.get('MOBILE')) ? 'FIXED_LINE_OR_MOBILE' : 'FIXED_LINE';
  }
  for (const name of OTHER_TYPES) {
    if (isOfType(nationalNumber, plan.types.get(name))) return name;
  }
  return undefined;
}
