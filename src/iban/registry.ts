/**
 * The IBAN countries of the SWIFT IBAN Registry, release 101 (December 2025): 89 country codes, each
 * with its IBAN length and the layout of its BBAN (the part after the country code and the two
 * check digits). Layout groups read `<count><kind>`: `n` digits, `a` upper-case letters, `c`
 * letters or digits. See docs/fields/iban.md#registry; release 102 (June 2026)
 * changed only names and bank/branch positions, so validation is the same.
 *
 * Territories with no code of their own issue their parent's IBANs (Åland under FI; Réunion,
 * Guadeloupe and the other French territories under FR; Jersey, Guernsey and the Isle of Man
 * under GB), which is why codes such as AX, RE or JE are not listed.
 */

/** The registry release the data below follows. */
export const IBAN_REGISTRY_RELEASE = 101;

/** Country code -> [IBAN length, BBAN layout]. */
export const IBAN_REGISTRY: Readonly<Record<string, readonly [length: number, bbanLayout: string]>> = {
  AD: [24, '4n,4n,12c'],
  AE: [23, '3n,16n'],
  AL: [28, '8n,16c'],
  AT: [20, '5n,11n'],
  AZ: [28, '4a,20c'],
  BA: [20, '3n,3n,8n,2n'],
  BE: [16, '3n,7n,2n'],
  BG: [22, '4a,4n,2n,8c'],
  BH: [22, '4a,14c'],
  BI: [27, '5n,5n,11n,2n'],
  BR: [29, '8n,5n,10n,1a,1c'],
  BY: [28, '4c,4n,16c'],
  CH: [21, '5n,12c'],
  CR: [22, '4n,14n'],
  CY: [28, '3n,5n,16c'],
  CZ: [24, '4n,16n'],
  DE: [22, '8n,10n'],
  DJ: [27, '5n,5n,11n,2n'],
  DK: [18, '4n,9n,1n'],
  DO: [28, '4c,20n'],
  EE: [20, '2n,14n'],
  EG: [29, '4n,4n,17n'],
  ES: [24, '4n,4n,1n,1n,10n'],
  FI: [18, '3n,11n'],
  FK: [18, '2a,12n'],
  FO: [18, '4n,9n,1n'],
  FR: [27, '5n,5n,11c,2n'],
  GB: [22, '4a,6n,8n'],
  GE: [22, '2a,16n'],
  GI: [23, '4a,15c'],
  GL: [18, '4n,9n,1n'],
  GR: [27, '3n,4n,16c'],
  GT: [28, '4c,20c'],
  HN: [28, '4a,20n'],
  HR: [21, '7n,10n'],
  HU: [28, '3n,4n,1n,15n,1n'],
  IE: [22, '4a,6n,8n'],
  IL: [23, '3n,3n,13n'],
  IQ: [23, '4a,3n,12n'],
  IS: [26, '4n,2n,6n,10n'],
  IT: [27, '1a,5n,5n,12c'],
  JO: [30, '4a,4n,18c'],
  KW: [30, '4a,22c'],
  KZ: [20, '3n,13c'],
  LB: [28, '4n,20c'],
  LC: [32, '4a,24c'],
  LI: [21, '5n,12c'],
  LT: [20, '5n,11n'],
  LU: [20, '3n,13c'],
  LV: [21, '4a,13c'],
  LY: [25, '3n,3n,15n'],
  MC: [27, '5n,5n,11c,2n'],
  MD: [24, '2c,18c'],
  ME: [22, '3n,13n,2n'],
  MK: [19, '3n,10c,2n'],
  MN: [20, '4n,12n'],
  MR: [27, '5n,5n,11n,2n'],
  MT: [31, '4a,5n,18c'],
  MU: [30, '4a,2n,2n,12n,3n,3a'],
  NI: [28, '4a,20n'],
  NL: [18, '4a,10n'],
  NO: [15, '4n,6n,1n'],
  OM: [23, '3n,16c'],
  PK: [24, '4a,16c'],
  PL: [28, '8n,16n'],
  PS: [29, '4a,21c'],
  PT: [25, '4n,4n,11n,2n'],
  QA: [29, '4a,21c'],
  RO: [24, '4a,16c'],
  RS: [22, '3n,13n,2n'],
  RU: [33, '9n,5n,15c'],
  SA: [24, '2n,18c'],
  SC: [31, '4a,2n,2n,16n,3a'],
  SD: [18, '2n,12n'],
  SE: [24, '3n,16n,1n'],
  SI: [19, '5n,8n,2n'],
  SK: [24, '4n,6n,10n'],
  SM: [27, '1a,5n,5n,12c'],
  SO: [23, '4n,3n,12n'],
  ST: [25, '4n,4n,11n,2n'],
  SV: [28, '4a,20n'],
  TL: [23, '3n,14n,2n'],
  TN: [24, '2n,3n,13n,2n'],
  TR: [26, '5n,1n,16c'],
  UA: [29, '6n,19c'],
  VA: [22, '3n,15n'],
  VG: [24, '4a,16n'],
  XK: [20, '4n,10n,2n'],
  YE: [30, '4a,4n,18c'],
};

/**
 * The 42 IBAN country codes inside the geographical scope of the SEPA schemes: EU27, the EEA
 * members IS LI NO, then CH GB MC SM VA AD GI, then AL and ME (November 2024), MD and MK
 * (March 2025) and RS (May 2025). The EPC counts 41 countries because it files Gibraltar under the
 * United Kingdom; Gibraltar has its own IBAN code, so it is listed. FO and GL are Danish but
 * outside SEPA. Being in scope says nothing about whether a particular bank takes direct debits.
 */
export const SEPA_COUNTRIES: ReadonlySet<string> = new Set(
  // EU27; the rest of the EEA (IS LI NO); long-standing non-EEA participants (CH GB MC SM VA AD GI);
  // joined 2024-2025 (AL MD ME MK RS). One string: fewer bytes in every bundle of validateIban.
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK IS LI NO CH GB MC SM VA AD GI AL MD ME MK RS'.split(' '),
);
