/**
 * French messages (docs/messages.md), in the terms of French forms: "clé" for IBAN and VAT check
 * digits, "numéro de TVA intracommunautaire", "NAS" for the Canadian SIN. `{country}` and `{place}`
 * go in brackets or after a dash, since "de {country}" would need "de la", "du" or "des".
 */
export const language = { language: 'fr', northernIreland: 'Irlande du Nord' } as const;
