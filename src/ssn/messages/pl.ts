/** Polish templates of the SSN field (src/messages/languages/pl.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  SSN_EMPTY: 'Wpisz amerykański numer ubezpieczenia społecznego (SSN)',
  SSN_NOT_NINE_DIGITS: 'Numer SSN ma dokładnie 9 cyfr',
  SSN_SAMPLE_NUMBER: '{number} to znany numer przykładowy, a nie prawdziwy SSN',
  SSN_ITIN: 'To jest numer ITIN (Individual Taxpayer Identification Number), a nie SSN',
  SSN_AREA_NOT_ISSUED: 'SSN nigdy nie zaczyna się od {digits}: taki numer obszaru nie jest nadawany',
  SSN_GROUP_NOT_ISSUED: 'Dwie środkowe cyfry SSN to nigdy 00: numer grupy 00 nie jest nadawany',
  SSN_SERIAL_NOT_ISSUED: 'SSN nigdy nie kończy się na 0000: numer seryjny 0000 nie jest nadawany',
  SSN_VALID: 'Prawidłowy format SSN; SSN nie ma cyfry kontrolnej, więc dokładnie sprawdź cyfry',
};
