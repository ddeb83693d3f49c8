/**
 * Every sentence `verifyVat` writes about a registration verdict, in place of the structure
 * check's own, in one place.
 */
import type { VatRegistryAnswer, VatRegistryName } from '../../ports.js';
import { registryDisplayName } from '../registry-names.js';

/** Names of the VIES countries, for "not registered in VIES for …". */
const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  AT: 'Austria', BE: 'Belgium', BG: 'Bulgaria', CY: 'Cyprus', CZ: 'Czechia', DE: 'Germany', DK: 'Denmark',
  EE: 'Estonia', EL: 'Greece', ES: 'Spain', FI: 'Finland', FR: 'France', HR: 'Croatia', HU: 'Hungary',
  IE: 'Ireland', IT: 'Italy', LT: 'Lithuania', LU: 'Luxembourg', LV: 'Latvia', MT: 'Malta', NL: 'the Netherlands',
  PL: 'Poland', PT: 'Portugal', RO: 'Romania', SE: 'Sweden', SI: 'Slovenia', SK: 'Slovakia', XI: 'Northern Ireland',
};

const countryName = (code: string): string => COUNTRY_NAMES[code] ?? code;

/** The calendar day (YYYY-MM-DD, UTC) of `date`: how VIES dates its answers. */
export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

/** The messages of a VIES verdict, for the person who typed the number. */
export const VERIFY_VAT_MESSAGES = {
  registered: 'Valid VAT number, registered in VIES',
  notRegistered: (country: string): string => `This VAT number is not registered in VIES for ${countryName(country)}`,
  staleRegistered: (checkedAt: Date): string =>
    `Valid VAT number, registered in VIES when last checked on ${dayOf(checkedAt)}; VIES cannot be reached right now`,
  staleNotRegistered: (country: string, checkedAt: Date): string =>
    `This VAT number was not registered in VIES for ${countryName(country)} when last checked on ${dayOf(checkedAt)}; VIES cannot be reached right now`,
  unverified: 'The VAT number is well formed, but VIES could not confirm its registration right now',
} as const;

/**
 * The messages of a national registry's verdict (HMRC, UID, BRREG), which name the registry by
 * its proper name (../registry-names.ts) so that every catalog can say the same.
 */
export const NATIONAL_REGISTRY_MESSAGES = {
  registered: (registry: string): string => `Valid VAT number, registered in the ${registry} register`,
  notRegistered: (registry: string): string => `This VAT number is not registered in the ${registry} register`,
  notVatRegistered: (registry: string): string => `This number is in the ${registry} register, but not registered for VAT`,
  staleRegistered: (registry: string, checkedAt: Date): string =>
    `Valid VAT number, registered in the ${registry} register when last checked on ${dayOf(checkedAt)}; the register cannot be reached right now`,
  staleNotRegistered: (registry: string, checkedAt: Date): string =>
    `This VAT number was not registered in the ${registry} register when last checked on ${dayOf(checkedAt)}; the register cannot be reached right now`,
  unverified: (registry: string): string => `The VAT number is well formed, but the ${registry} register could not confirm its registration right now`,
} as const;

/**
 * The message of a verdict: registered or not, from a stale answer or a current one, or none
 * (no answer, or no date of the answer), in the words of the registry that gave it.
 */
export function registryMessage(
  registryName: VatRegistryName,
  source: string,
  answer: VatRegistryAnswer | null,
  countryCode: string,
  checkedAt: Date | null,
): string {
  const registered = answer === null ? null : answer.valid;
  if (registryName !== 'VIES') return nationalRegistryMessage(registryDisplayName(registryName), source, answer, checkedAt);
  if (registered === null || checkedAt === null) return VERIFY_VAT_MESSAGES.unverified;
  if (source === 'STALE') {
    return registered
      ? VERIFY_VAT_MESSAGES.staleRegistered(checkedAt)
      : VERIFY_VAT_MESSAGES.staleNotRegistered(countryCode, checkedAt);
  }
  return registered ? VERIFY_VAT_MESSAGES.registered : VERIFY_VAT_MESSAGES.notRegistered(countryCode);
}

function nationalRegistryMessage(registry: string, source: string, answer: VatRegistryAnswer | null, checkedAt: Date | null): string {
  if (answer === null || checkedAt === null) return NATIONAL_REGISTRY_MESSAGES.unverified(registry);
  if (source === 'STALE') {
    return answer.valid
      ? NATIONAL_REGISTRY_MESSAGES.staleRegistered(registry, checkedAt)
      : NATIONAL_REGISTRY_MESSAGES.staleNotRegistered(registry, checkedAt);
  }
  if (answer.valid) return NATIONAL_REGISTRY_MESSAGES.registered(registry);
  return isNotVatRegistered(answer) ? NATIONAL_REGISTRY_MESSAGES.notVatRegistered(registry) : NATIONAL_REGISTRY_MESSAGES.notRegistered(registry);
}

/** The entity exists in the registry, but is not registered for VAT. */
export function isNotVatRegistered(answer: Pick<VatRegistryAnswer, 'valid' | 'entityStatus'>): boolean {
  return !answer.valid && answer.entityStatus !== undefined && answer.entityStatus.includes('NOT_VAT_REGISTERED');
}
