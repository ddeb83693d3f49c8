/**
 * The answer of `validateVat` and `verifyVat`, written in one place from what they found: the
 * offline structure check (number/structure.ts) and, when VIES was asked, the registry's verdict
 * (registry/verdict.ts). A detail added to the answer is added here, for both paths at once.
 */
import { envelope, type ValidationLevel, type VatDetails, type VatSource, type VatValidationResult } from '../result.js';
import type { VatStructure } from './number/structure.js';

/** What `verifyVat` learnt from the registry about a well-formed number of a VIES prefix. */
export interface VatRegistryVerdict {
  /** Where the verdict came from. */
  source: Exclude<VatSource, 'NOT_APPLICABLE'>;
  /** Registered in VIES; null when no verdict could be had. */
  registered: boolean | null;
  /** Whether VIES answered for the country during the request. */
  viesAvailable: boolean;
  /** For the person who typed the number. */
  message: string;
}

/**
 * The answer from the structure check alone: `valid` is `format_valid`, `registered` null, and
 * `source` UNVERIFIED for a VIES prefix (nobody asked VIES), NOT_APPLICABLE for any other.
 * `extraDetails` are written after the five details every answer has.
 */
export function vatResult(
  value: string,
  structure: VatStructure,
  level: ValidationLevel,
  extraDetails?: Partial<VatDetails>,
): VatValidationResult {
  const vatDetails: VatDetails = {
    format_valid: structure.formatValid,
    registered: null,
    country_code: structure.countryCode,
    source: structure.inVies ? 'UNVERIFIED' : 'NOT_APPLICABLE',
    vies_available: false,
  };
  // Not spread into the literal: spreading, even `undefined`, costs validateVat about a quarter of its speed.
  if (extraDetails !== undefined) Object.assign(vatDetails, extraDetails);
  return Object.assign(envelope(value, structure.formatValid, structure.message, structure.normalized, level, structure.reason), {
    vatDetails,
  });
}

/**
 * The answer for a well-formed number of a VIES prefix once the registry was asked: the
 * structure's answer with the registry's verdict in place of "not asked". `valid` is `registered`,
 * or true while that is unknown (an outage never blocks anyone). `extraDetails` come after the
 * five details every answer has, in their own order (checked_at, trader_name, trader_address,
 * consultation_number, trader_name_match, trader_name_match_source).
 */
export function vatResultWithVerdict(
  value: string,
  structure: VatStructure,
  verdict: VatRegistryVerdict,
  extraDetails: Partial<VatDetails>,
): VatValidationResult {
  const result = vatResult(value, structure, 'STANDARD', extraDetails);
  // The keys exist already: assigning keeps their order in the answer.
  result.valid = verdict.registered ?? true;
  result.message = verdict.message;
  // Only a "no" from VIES (live, cached or stale) rejects the number; an unknown answer never does.
  result.reason = verdict.registered === false ? 'VAT_NOT_REGISTERED' : null;
  result.vatDetails.registered = verdict.registered;
  result.vatDetails.source = verdict.source;
  result.vatDetails.vies_available = verdict.viesAvailable;
  return result;
}
