/**
 * Both display formats of a valid number, written exactly as libphonenumber-js writes them
 * (`formatInternational()`, `formatNational()`: source/format.js and
 * helpers/formatNationalNumberUsingFormat.js), with the plan's patterns compiled once and the
 * format chosen once for both forms (the library chooses it again for each).
 */
import type { PhoneNumber } from 'libphonenumber-js/max';
import { compiledPlanOf, type CompiledFormat } from './compiled-plans.js';

/** The two display forms of a number. */
export interface DisplayFormats {
  international: string;
  national: string;
}

/**
 * The library's VALID_PUNCTUATION (source/constants.js: dashes, slashes, dots, white space,
 * brackets, tildes), each run of which becomes one space in the international form.
 */
const PUNCTUATION_RUNS = /[-\u2010-\u2015\u2212\u30FC\uFF0D\uFF0F/\uFF0E. \xA0\xAD\u200B\u2060\u3000()\uFF08\uFF09\uFF3B\uFF3D[\]~\u2053\u223C\uFF5E]+/g;

/** The first format whose leading digits and pattern fit the number, as the library chooses it. */
function chooseFormat(formats: readonly CompiledFormat[], nationalNumber: string): CompiledFormat | undefined {
  for (const format of formats) {
    if (format.leadingDigits !== null && nationalNumber.search(format.leadingDigits) !== 0) continue;
    if (format.whole.test(nationalNumber)) return format;
  }
  return undefined;
}

/**
 * `phone.formatInternational()` and `phone.formatNational()` of a number without an extension,
 * computed together.
 */
export function displayFormatsOf(phone: PhoneNumber): DisplayFormats {
  const nationalNumber: string = phone.nationalNumber;
  const prefix = `+${phone.countryCallingCode} `;
  const format = chooseFormat(compiledPlanOf(phone).formats, nationalNumber);
  if (format === undefined) return { international: prefix + nationalNumber, national: nationalNumber };
  const international = nationalNumber.replace(format.groups, format.internationalReplacement).replace(PUNCTUATION_RUNS, ' ').trim();
  return {
    international: prefix + international,
    national: nationalNumber.replace(format.groups, format.nationalReplacement),
  };
}
