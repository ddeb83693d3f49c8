/** Italian templates of the IBAN field (src/messages/languages/it.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  IBAN_EMPTY: 'Inserire un IBAN',
  IBAN_TOO_SHORT: 'Troppo corto per essere un IBAN',
  IBAN_BAD_CHARACTERS: 'Un IBAN contiene solo lettere e cifre (spazi e trattini tra i gruppi sono ammessi)',
  IBAN_MISSING_COUNTRY_CODE: 'Un IBAN inizia con il codice paese di due lettere, ad esempio IT o DE',
  IBAN_CHECK_DIGITS_NOT_DIGITS: 'Il 3° e il 4° carattere di un IBAN sono le cifre di controllo e devono essere numeri',
  IBAN_UNKNOWN_COUNTRY: '{code} non è un codice paese IBAN',
  IBAN_WRONG_LENGTH: 'Un IBAN di questo paese ({country}) ha {length} caratteri',
  IBAN_WRONG_LAYOUT: 'L’IBAN non rispetta il formato del suo paese ({country})',
  IBAN_RESERVED_CHECK_DIGITS: 'Le cifre di controllo di un IBAN non sono mai {digits}: verificare il codice',
  IBAN_BAD_CHECKSUM: 'Le cifre di controllo dell’IBAN non corrispondono: verificare il codice',
  IBAN_NATIONAL_CHECK_FAILED: 'Il numero di conto di questo IBAN ha un codice di controllo nazionale errato: la banca lo rifiuterebbe',
  IBAN_SUGGESTIONS: 'Forse intendeva {suggestion}?',
  IBAN_VALID: 'IBAN valido',
};
