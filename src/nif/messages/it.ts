/** Italian templates of the NIF field (src/messages/languages/it.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  NIF_EMPTY: 'Inserire un NIF spagnolo',
  NIF_BAD_FORMAT:
    'NIF spagnolo non valido: sono previste 8 cifre e una lettera (DNI), X, Y o Z, 7 cifre e una lettera (NIE), ' +
    'oppure una lettera, 7 cifre e un carattere di controllo (K, L, M, enti)',
  NIF_WRONG_CONTROL_LETTER: 'La lettera di controllo del NIF non corrisponde: verificare il numero',
  NIF_WRONG_CONTROL_CHARACTER: 'Il carattere di controllo del NIF non corrisponde: verificare il numero',
  NIF_CONTROL_MUST_BE_DIGIT: 'Un NIF che inizia con {letter} termina con una cifra',
  NIF_CONTROL_MUST_BE_LETTER: 'Un NIF che inizia con {letter} termina con una lettera',
  NIF_VALID: 'NIF valido',
  NIE_VALID: 'NIE valido',
};
