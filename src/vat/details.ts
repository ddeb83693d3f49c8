/**
 * The VAT field's details object and result type (docs/fields/vat.md#details), types only:
 * src/result.ts re-exports them, and the generated registry adds `vatDetails` to `ValidationResult`.
 */
import type { ValidationEnvelope } from '../envelope.js';
import type { VatEntityStatus, VatRegistryName } from '../ports.js';
import type { VatReason } from './reasons.js';

/** Origin of a VAT registration verdict (docs/fields/vat.md#registration-verdict). */
export type VatSource = 'LIVE' | 'CACHE' | 'STALE' | 'UNVERIFIED' | 'NOT_APPLICABLE';

/** Outcome of a trader name comparison. */
export type TraderNameMatch = 'MATCH' | 'MISMATCH' | 'NOT_AVAILABLE';

/** Details of a VAT validation (docs/fields/vat.md#details). */
export interface VatDetails {
  /** The number matches its member state's structure and check digits. */
  format_valid: boolean;
  /** Present in the member state's registry; null means unknown, never unregistered. */
  registered: boolean | null;
  /** Prefix of the number (EL for Greece, XI for Northern Ireland); null when none could be read. */
  country_code: string | null;
  /** Origin of the registration verdict. */
  source: VatSource;
  /**
   * When the registration was last confirmed against the registry (ISO date-time).
   * @format date-time
   */
  checked_at?: string | null;
  /** Registered name; only where the member state discloses it. */
  trader_name?: string | null;
  /** Registered address; only where the member state discloses it. */
  trader_address?: string | null;
  /** Whether the registry (VIES, or the national one of GB, CH, NO) could answer for this country during the request. */
  vies_available: boolean;
  /**
   * The registry the verdict is about: `VIES`, `HMRC` (GB), `UID` (CH) or `BRREG` (NO); absent when
   * no registry was asked (`validateVat`, a malformed number, or `NOT_APPLICABLE`).
   */
  registry?: VatRegistryName;
  /**
   * What a national registry said of the entity besides its registration: `NOT_VAT_REGISTERED`
   * (it exists, but not for VAT), `DELETED`, `BANKRUPT`, `UNDER_LIQUIDATION`; only when it said any.
   */
  entity_status?: VatEntityStatus[];
  /** VIES receipt for the lookup; only when a requester VAT number is configured (on the service: the account's own VAT number). */
  consultation_number?: string | null;
  /** Only when a trader name was sent (`traderName` in the request). */
  trader_name_match?: TraderNameMatch;
  /** Who compared the names: VIES itself (Spain), or the service against the name VIES publishes; absent when no comparison was possible. */
  trader_name_match_source?: 'VIES' | 'SERVICE';
}

/** Result of `validateVat` / `verifyVat`: `vatDetails` is always present. */
export type VatValidationResult = ValidationEnvelope & { vatDetails: VatDetails; reason: VatReason | null };
