/** German templates of the SSN field (src/messages/languages/de.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  SSN_EMPTY: 'Bitte geben Sie eine US-Sozialversicherungsnummer (SSN) ein',
  SSN_NOT_NINE_DIGITS: 'Eine SSN hat genau 9 Ziffern',
  SSN_SAMPLE_NUMBER: '{number} ist eine bekannte Beispielnummer, keine echte SSN',
  SSN_ITIN: 'Dies ist eine ITIN (Individual Taxpayer Identification Number), keine SSN',
  SSN_AREA_NOT_ISSUED: 'Eine SSN beginnt nie mit {digits}: diese Bereichsnummer wird nie vergeben',
  SSN_GROUP_NOT_ISSUED: 'Die mittleren zwei Ziffern einer SSN sind nie 00: die Gruppennummer 00 wird nie vergeben',
  SSN_SERIAL_NOT_ISSUED: 'Eine SSN endet nie auf 0000: die Seriennummer 0000 wird nie vergeben',
  SSN_VALID: 'Gültiges SSN-Format; eine SSN hat keine Prüfziffer, bitte prüfen Sie die Ziffern genau',
};
