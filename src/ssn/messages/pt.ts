/** European Portuguese templates of the SSN field (src/messages/languages/pt.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  SSN_EMPTY: 'Introduza o número de Segurança Social dos EUA (SSN)',
  SSN_NOT_NINE_DIGITS: 'O SSN tem exatamente 9 algarismos',
  SSN_SAMPLE_NUMBER: '{number} é um número de exemplo conhecido, não um SSN real',
  SSN_ITIN: 'Isto é um ITIN (número de identificação fiscal individual), não um SSN',
  SSN_AREA_NOT_ISSUED: 'Um SSN nunca começa por {digits}: esse número de área não é atribuído',
  SSN_GROUP_NOT_ISSUED: 'Um SSN nunca tem 00 nos dois algarismos do meio: o número de grupo 00 não é atribuído',
  SSN_SERIAL_NOT_ISSUED: 'Um SSN nunca termina em 0000: o número de série 0000 não é atribuído',
  SSN_VALID: 'Formato de SSN válido; o SSN não tem dígito de controlo, por isso confirme os algarismos',
};
