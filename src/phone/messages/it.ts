/** Italian templates of the PHONE field (src/messages/languages/it.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  PHONE_EMPTY: 'Inserire un numero di telefono',
  PHONE_INPUT_TOO_LONG: 'Troppo lungo per essere un numero di telefono',
  PHONE_NOT_A_NUMBER: 'Inserire il numero in cifre, iniziando con il prefisso internazionale (es. +39 06 1234 5678)',
  PHONE_MISSING_COUNTRY_CODE: 'Aggiungere il prefisso internazionale, preceduto da + o 00 (es. +39 06 1234 5678)',
  PHONE_UNKNOWN_CALLING_CODE: 'Prefisso internazionale sconosciuto',
  PHONE_TOO_SHORT: 'Numero di telefono troppo corto – {place}',
  PHONE_TOO_SHORT_UNNAMED: 'Numero di telefono troppo corto',
  PHONE_TOO_LONG: 'Numero di telefono troppo lungo – {place}',
  PHONE_WRONG_LENGTH: 'Numero di cifre errato – {place}',
  PHONE_NOT_VALID: 'Numero di telefono non valido – {place}',
  PHONE_HAS_EXTENSION: 'Inserire il numero senza l’interno (es. +39 06 1234 5678)',
  PHONE_VALID: 'Numero di telefono valido',
};
