/**
 * European Portuguese messages (docs/messages.md). Country names need an article in Portuguese ("da
 * Alemanha", "de Portugal"), so templates put `{country}` in parentheses and `{place}` before a colon.
 */
export const language = { language: 'pt-PT', northernIreland: 'Irlanda do Norte' } as const;
