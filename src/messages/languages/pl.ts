/**
 * Polish messages (docs/messages.md), in the words Polish banks and tax offices use. `{country}` and
 * `{place}` stand in parentheses or after a dash, where the nominative needs no case ending; lengths
 * are named after a colon, so no noun has to agree with the number.
 */
export const language = { language: 'pl', northernIreland: 'Irlandia Północna' } as const;
