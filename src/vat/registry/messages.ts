/**
 * Every sentence `verifyVat` writes about a registration verdict, in place of the structure
 * check's own, in one place.
 */

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

/** The messages of a registry verdict, for the person who typed the number. */
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
 * The message of a verdict: registered or not, from a stale answer or a current one, or none
 * (`registered` null, or no date of the answer).
 */
export function registryMessage(source: string, registered: boolean | null, countryCode: string, checkedAt: Date | null): string {
  if (registered === null || checkedAt === null) return VERIFY_VAT_MESSAGES.unverified;
  if (source === 'STALE') {
    return registered
      ? VERIFY_VAT_MESSAGES.staleRegistered(checkedAt)
      : VERIFY_VAT_MESSAGES.staleNotRegistered(countryCode, checkedAt);
  }
  return registered ? VERIFY_VAT_MESSAGES.registered : VERIFY_VAT_MESSAGES.notRegistered(countryCode);
}
