/**
 * `verifyVat`'s answer once the registry was asked: the registry's verdict, message and the
 * details it brings (date, trader name and address, consultation number, name comparison), handed
 * to the one VAT result builder (../result.ts).
 */
import type { VatDetails, VatSource, VatValidationResult } from '../../result.js';
import type { CachedVatAnswer, VatRegistryName, VatRegistryQuery } from '../../ports.js';
import type { VatStructure } from '../number/structure.js';
import { vatResultWithVerdict } from '../result.js';
import { registryMessage } from './messages.js';
import { traderNameVerdict } from './name-match.js';
import { sourceWithoutLiveAnswer } from './policy.js';

/** One lookup of a well-formed number whose registry can be asked, as verify.ts prepared it. */
export interface Lookup {
  /** The value as typed. */
  value: string;
  /** What the structure check found: well-formed, of a VIES prefix. */
  structure: VatStructure;
  /** The prefix. */
  countryCode: string;
  /** The registry asked: VIES, or the national one of a prefix outside VIES. */
  registryName: VatRegistryName;
  /** What the registry is asked (the trader name and requester when given). */
  query: VatRegistryQuery;
  /** `traderName` was passed (even blank): `trader_name_match` is then always present. */
  traderNameSent: boolean;
  /** The requester as sent, prefix included; null without one. */
  requesterKey: string | null;
}

/** The answer without a live one: from a cached answer young enough to be STALE, or UNVERIFIED. */
export function withoutLiveAnswer(lookup: Lookup, cached: CachedVatAnswer | null, now: Date, viesAvailable: boolean): VatValidationResult {
  const source = sourceWithoutLiveAnswer(cached?.checkedAt ?? null, now);
  return withVerdict(lookup, source, source === 'STALE' ? cached : null, viesAvailable);
}

/** The answer from `entry` (a live or cached answer; null when there is none) found through `source`. */
export function withVerdict(
  lookup: Lookup,
  source: Exclude<VatSource, 'NOT_APPLICABLE'>,
  entry: CachedVatAnswer | null,
  viesAvailable: boolean,
): VatValidationResult {
  const { countryCode } = lookup;
  const answer = entry?.answer ?? null;
  const registered = answer === null ? null : answer.valid;
  const extraDetails: Partial<VatDetails> = { registry: lookup.registryName };
  if (entry !== null && answer !== null) {
    extraDetails.checked_at = entry.checkedAt.toISOString();
    if (answer.entityStatus !== undefined && answer.entityStatus.length > 0) extraDetails.entity_status = [...answer.entityStatus];
    if (answer.valid && answer.name !== undefined) extraDetails.trader_name = answer.name;
    if (answer.valid && answer.address !== undefined) extraDetails.trader_address = answer.address;
    // The receipt names the requester: only the one who asked gets it back.
    if (answer.requestIdentifier !== undefined && lookup.requesterKey !== null && entry.requester === lookup.requesterKey) {
      extraDetails.consultation_number = answer.requestIdentifier;
    }
  }
  if (lookup.traderNameSent) {
    const verdict = traderNameVerdict(countryCode, lookup.query.traderName ?? '', answer, entry?.traderName ?? null);
    extraDetails.trader_name_match = verdict.match;
    if (verdict.source !== undefined) extraDetails.trader_name_match_source = verdict.source;
  }
  const message = registryMessage(lookup.registryName, source, answer, countryCode, entry?.checkedAt ?? null);
  return vatResultWithVerdict(lookup.value, lookup.structure, { source, registered, viesAvailable, message }, extraDetails);
}
