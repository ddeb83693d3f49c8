/** Spanish templates of the NIF field (src/messages/languages/es.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  NIF_EMPTY: 'Introduzca el NIF',
  NIF_BAD_FORMAT:
    'No es un NIF español: DNI (8 cifras y letra), NIE (X, Y o Z, 7 cifras y letra), K, L o M con 7 cifras ' +
    'y letra, o letra de entidad, 7 cifras y carácter de control',
  NIF_WRONG_CONTROL_LETTER: 'La letra de control del NIF no es correcta; compruebe el número',
  NIF_WRONG_CONTROL_CHARACTER: 'El carácter de control del NIF no es correcto; compruebe el número',
  NIF_CONTROL_MUST_BE_DIGIT: 'En un NIF que empieza por {letter}, el carácter de control es un número',
  NIF_CONTROL_MUST_BE_LETTER: 'En un NIF que empieza por {letter}, el carácter de control es una letra',
  NIF_VALID: 'NIF válido',
  NIE_VALID: 'NIE válido',
};
