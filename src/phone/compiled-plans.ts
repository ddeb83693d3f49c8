/**
 * libphonenumber-js numbering plans with their patterns compiled once. The library builds a
 * `RegExp` from a metadata string on every test (helpers/matchesEntirely.js, format.js), for every
 * number type and format it tries, on every call: after parsing, that was most of the time of a
 * valid answer. The steps that use these (display-formats.ts, number-type.ts, length-check.ts)
 * repeat the library's own, on the same metadata; test/phone-formats.test.ts holds each equal to
 * the library's answer on numbers of every calling code, so an upgrade that changes one fails there.
 */
import { Metadata, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';

/** A number type of a plan, as the library's metadata objects offer it at run time. */
interface LibraryType {
  pattern(): string;
  possibleLengths(): readonly number[] | undefined;
}

/** A format of a plan, as the library's metadata objects offer it at run time. */
interface LibraryFormat {
  pattern(): string;
  format(): string;
  leadingDigitsPatterns(): readonly string[];
  nationalPrefixFormattingRule(): string | undefined;
  internationalFormat(): string;
}

/** The library's metadata with a plan selected; only selectNumberingPlan is in its type declarations. */
interface LibraryMetadata {
  selectNumberingPlan(plan: string): void;
  nationalNumberPattern(): string;
  possibleLengths(): readonly number[] | undefined;
  type(name: string): LibraryType | undefined;
  formats(): readonly LibraryFormat[];
}

/** A number type: the lengths it allows (undefined: any) and its pattern, anchored at both ends. */
export interface CompiledType {
  lengths: readonly number[] | undefined;
  whole: RegExp;
}

/** One format of a plan. */
export interface CompiledFormat {
  /** The last leading-digits pattern: the number must match it at its start. */
  leadingDigits: RegExp | null;
  /** The format's pattern, anchored at both ends: the number must match it entirely. */
  whole: RegExp;
  /** The format's pattern as the library hands it to `String.prototype.replace`. */
  groups: RegExp;
  /** Replacement of the national form, the national prefix rule applied. */
  nationalReplacement: string;
  /** Replacement of the international form. */
  internationalReplacement: string;
}

/** What the library reads from a plan to type, format and measure a number. */
export interface CompiledPlan {
  /** The plan's national number pattern, anchored at both ends. */
  nationalNumber: RegExp;
  /** Ascending; undefined when the plan lists none (every length possible). */
  possibleLengths: readonly number[] | undefined;
  /** Number types by the library's names; null for a type the plan lacks or leaves without a pattern. */
  types: ReadonlyMap<string, CompiledType | null>;
  /** Whether the plan lists a MOBILE type at all, and whether its pattern is empty. */
  mobile: 'absent' | 'empty' | 'present';
  formats: readonly CompiledFormat[];
}

/** The types the library tries, in its order (helpers/getNumberType.js). */
export const TYPE_NAMES = ['FIXED_LINE', 'MOBILE', 'PREMIUM_RATE', 'TOLL_FREE', 'SHARED_COST', 'VOIP', 'PERSONAL_NUMBER', 'PAGER', 'UAN', 'VOICEMAIL'] as const;

/** `$1` in a format: the first group, where the national prefix rule goes. */
const FIRST_GROUP = /(\$\d)/;

/** The library's `matchesEntirely` pattern, built once. */
function entirely(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`);
}

function compileType(type: LibraryType | undefined): CompiledType | null {
  if (type === undefined || !type.pattern()) return null;
  return { lengths: type.possibleLengths(), whole: entirely(type.pattern()) };
}

function compileFormat(format: LibraryFormat): CompiledFormat {
  const leading = format.leadingDigitsPatterns();
  const last = leading[leading.length - 1];
  const rule = format.nationalPrefixFormattingRule();
  return {
    // The library calls `search` with the pattern text, which compiles it without flags.
    leadingDigits: last === undefined ? null : new RegExp(last),
    whole: entirely(format.pattern()),
    groups: new RegExp(format.pattern()),
    // formatNational() passes no options, so the national prefix rule always applies.
    nationalReplacement: rule ? format.format().replace(FIRST_GROUP, rule) : format.format(),
    internationalReplacement: format.internationalFormat(),
  };
}

function compilePlan(plan: string): CompiledPlan {
  const metadata = new Metadata() as unknown as LibraryMetadata;
  // A country code, or a calling code for a number of no country (+800…), as the library selects it.
  metadata.selectNumberingPlan(plan as CountryCode);
  const mobile = metadata.type('MOBILE');
  return {
    nationalNumber: entirely(metadata.nationalNumberPattern()),
    possibleLengths: metadata.possibleLengths(),
    types: new Map(TYPE_NAMES.map((name) => [name, compileType(metadata.type(name))])),
    mobile: mobile === undefined ? 'absent' : mobile.pattern() === '' ? 'empty' : 'present',
    formats: metadata.formats().map(compileFormat),
  };
}

// Compiled on first use of each plan: a form sees a few dozen countries of the 245 in the metadata.
const plans = new Map<string, CompiledPlan>();

/** The plan the library reads for a parsed number: its country's, else its calling code's. */
export function compiledPlanOf(phone: PhoneNumber): CompiledPlan {
  const key: string = phone.country ?? phone.countryCallingCode;
  let plan = plans.get(key);
  if (plan === undefined) {
    plan = compilePlan(key);
    plans.set(key, plan);
  }
  return plan;
}
