/** Italian templates of the NAS field (src/messages/languages/it.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  NAS_EMPTY: 'Inserire il Social Insurance Number canadese (SIN)',
  NAS_NOT_NINE_DIGITS: 'Il SIN è composto esattamente da 9 cifre',
  NAS_BAD_CHECK_DIGIT: 'La cifra di controllo del SIN non corrisponde: verificare il numero',
  NAS_VALID: 'SIN valido',
  NAS_VALID_NOT_INDIVIDUAL: 'Formato SIN valido, ma i numeri che iniziano con {digit} non sono assegnati a persone fisiche',
  NAS_VALID_TEMPORARY: 'SIN valido, residente temporaneo: scade con il permesso del titolare',
};
