/**
 * How a VAT registry is named in a message: a proper name that reads the same in every catalog
 * language ("the HMRC register", "le registre Brønnøysund"). Data only and importing nothing, so
 * that the message catalogs (src/messages/facts.ts) carry just this of the VAT field.
 */
export const REGISTRY_DISPLAY_NAMES: Readonly<Record<'VIES' | 'HMRC' | 'UID' | 'BRREG', string>> = {
  VIES: 'VIES',
  HMRC: 'HMRC',
  UID: 'UID',
  BRREG: 'Brønnøysund',
};
