/**
 * Italian messages (docs/messages.md), in the terms of Italian forms: "partita IVA", "codice di
 * controllo", "cifre di controllo" of an IBAN, "prefisso internazionale"; requests in the impersonal
 * infinitive ("Inserire …"). `{country}` and `{place}` go in brackets or after a dash, since most
 * country names need an article ("della Francia", "dei Paesi Bassi").
 */
export const language = { language: 'it', northernIreland: 'Irlanda del Nord' } as const;
