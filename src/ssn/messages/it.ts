/** Italian templates of the SSN field (src/messages/languages/it.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  SSN_EMPTY: 'Inserire il Social Security Number statunitense (SSN)',
  SSN_NOT_NINE_DIGITS: 'L’SSN è composto esattamente da 9 cifre',
  SSN_SAMPLE_NUMBER: '{number} è un noto numero di esempio, non un vero SSN',
  SSN_ITIN: 'Questo è un ITIN (numero di identificazione fiscale individuale), non un SSN',
  SSN_AREA_NOT_ISSUED: 'Nessun SSN inizia con {digits}: questo numero di area non viene mai assegnato',
  SSN_GROUP_NOT_ISSUED: 'Le due cifre centrali di un SSN non sono mai 00: il gruppo 00 non viene mai assegnato',
  SSN_SERIAL_NOT_ISSUED: 'Un SSN non termina mai con 0000: la serie 0000 non viene mai assegnata',
  SSN_VALID: 'Formato SSN valido; l’SSN non ha cifra di controllo, ricontrollare le cifre',
};
