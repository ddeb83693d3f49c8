/**
 * Dutch messages (docs/messages.md), in the words Dutch and Belgian banks and the Belastingdienst use.
 * `{country}` stands in parentheses: names such as Verenigd Koninkrijk need an article after "uit".
 */
export const language = { language: 'nl', northernIreland: 'Noord-Ierland' } as const;
