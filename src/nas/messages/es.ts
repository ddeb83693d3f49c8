/** Spanish templates of the NAS field (src/messages/languages/es.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  NAS_EMPTY: 'Introduzca el SIN (número de seguro social de Canadá)',
  NAS_NOT_NINE_DIGITS: 'El SIN tiene exactamente 9 dígitos',
  NAS_BAD_CHECK_DIGIT: 'El dígito de control del SIN no coincide; compruebe el número',
  NAS_VALID: 'SIN válido',
  NAS_VALID_NOT_INDIVIDUAL: 'Formato de SIN válido, pero los números que empiezan por {digit} no se asignan a particulares',
  NAS_VALID_TEMPORARY: 'SIN válido de residente temporal: caduca con el permiso del titular',
};
