/**
 * The 27 EU member states, with the codes the EU registry uses (Greece is EL): reference data
 * that the rates service (rates.ts) and the TEDB adapter (src/adapters/tedb/source.ts, which asks
 * for exactly these) share.
 */

/** The 27 member states. Marked pure so that a bundle which does not use them leaves them out. */
export const EU_MEMBER_STATES: readonly string[] = /* @__PURE__ */ Object.freeze([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]);
