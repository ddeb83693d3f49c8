/**
 * The requester of a registry lookup: the asker's own VAT number, for which VIES or HMRC issues a
 * consultation number. VIES takes only a well-formed number of a VIES country (anything else makes
 * it refuse every lookup with INVALID_REQUESTER_INFO), HMRC only a GB one; verify.ts sends the
 * requester only to the registry it belongs to. One reading for `verifyVat`'s `requester` option,
 * the service's account setting and the CLI flag that sets it.
 */
import type { Clock, VatRequester } from '../../ports.js';
import { checkVatStructure } from '../number/structure.js';

/** A requester VIES will take, or why the value is not one. */
export type RequesterReading =
  | { ok: true; requester: VatRequester; /** Prefix + number, as stored. */ normalized: string }
  | { ok: false; /** For the person who typed the value. */ message: string };

/** Reads `value` as a requester: a well-formed VAT number of one of the 28 VIES prefixes, or of GB (for HMRC). */
export function readRequester(value: string, now?: Clock): RequesterReading {
  const structure = checkVatStructure(value, now);
  const issuesReceipts = structure.inVies || structure.countryCode === 'GB';
  if (!structure.formatValid || !issuesReceipts || structure.countryCode === null || structure.normalized === null) {
    return { ok: false, message: structure.message };
  }
  return { ok: true, requester: { countryCode: structure.countryCode, vatNumber: structure.body }, normalized: structure.normalized };
}
