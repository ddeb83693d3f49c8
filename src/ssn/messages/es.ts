/** Spanish templates of the SSN field (src/messages/languages/es.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  SSN_EMPTY: 'Introduzca el número de Seguro Social (SSN)',
  SSN_NOT_NINE_DIGITS: 'El SSN tiene exactamente 9 dígitos',
  SSN_SAMPLE_NUMBER: '{number} es un número de ejemplo conocido, no un SSN real',
  SSN_ITIN: 'Es un ITIN (Número de Identificación Personal del Contribuyente), no un SSN',
  SSN_AREA_NOT_ISSUED: 'Un SSN nunca empieza por {digits}: ese número de área no se asigna',
  SSN_GROUP_NOT_ISSUED: 'Un SSN nunca tiene 00 en las dos cifras centrales: el número de grupo 00 no se asigna',
  SSN_SERIAL_NOT_ISSUED: 'Un SSN nunca termina en 0000: el número de serie 0000 no se asigna',
  SSN_VALID: 'Formato de SSN válido; el SSN no tiene dígito de control, así que revise las cifras',
};
