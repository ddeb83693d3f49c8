/**
 * How a VAT registry is named in a message: a proper name that reads the same in every catalog
 * language ("the HMRC register", "le registre Brønnøysund"): its code (`VIES`, `HMRC`, `UID`),
 * but Brønnøysund for BRREG. Importing nothing and written small, so that the message catalogs
 * (src/messages/facts.ts), which every form's bundle carries, take just this of the VAT field.
 * @example
 * ```ts
 * registryDisplayName('HMRC'); // 'HMRC'
 * registryDisplayName('BRREG'); // 'Brønnøysund'
 * ```
 */
export const registryDisplayName = (registry: string): string => (registry === 'BRREG' ? 'Brønnøysund' : registry);
