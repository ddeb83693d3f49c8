/**
 * German messages (docs/messages.md), in the words German banks and tax offices use. `{country}` and
 * `{place}` stand in parentheses or after a dash: feminine and plural country names (die Schweiz,
 * die Niederlande) would need an article after "für" or "aus".
 */
export const language = { language: 'de', northernIreland: 'Nordirland' } as const;
