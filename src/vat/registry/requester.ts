/**
 * The requester of a VIES lookup: the asker's own VAT number, which VIES takes only when it is a
 * well-formed number of a VIES country (anything else makes it refuse every lookup with
 * INVALID_REQUESTER_INFO). One reading for `verifyVat`'s `requester` option, the service's
 * account setting and the CLI flag that sets it.
 */
import type { Clock, VatRequester } from '../../ports.js';
import { checkVatStructure } from '../number/structure.js';

/** A requester VIES will take, or why the value is not one. */
export type RequesterReading =
  | { ok: true; requester: VatRequester; /** Prefix + number, as stored. */ normalized: string }
  | { ok: false; /** For the person who typed the value. */ message: string };

/** Reads `value` as a requester: a well-formed VAT number of one of the 28 VIES prefixes. */
export function readRequester(value: string, now?: Clock): RequesterReading {
  const structure = checkVatStructure(value, now);
  if (!structure.formatValid || !structure.inVies || structure.countryCode === null || structure.normalized === null) {
    return { ok: false, message: structure.message };
  }
  return { ok: true, requester: { countryCode: structure.countryCode, vatNumber: structure.body }, normalized: structure.normalized };
}
