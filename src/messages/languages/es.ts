/** Spanish (Spain) messages: Spanish tax and banking terms, polite imperative (docs/messages.md). */
export const language = { language: 'es', northernIreland: 'Irlanda del Norte' } as const;
