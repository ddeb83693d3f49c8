/** European Portuguese templates of the NIF field (src/messages/languages/pt.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  NIF_EMPTY: 'Introduza o NIF espanhol',
  NIF_BAD_FORMAT:
    'Não é um NIF espanhol: DNI (8 algarismos e letra), NIE (X, Y ou Z, 7 algarismos e letra), K, L ou M ' +
    'com 7 algarismos e letra, ou letra de entidade, 7 algarismos e carácter de controlo',
  NIF_WRONG_CONTROL_LETTER: 'A letra de controlo do NIF não coincide; verifique o número',
  NIF_WRONG_CONTROL_CHARACTER: 'O carácter de controlo do NIF não coincide; verifique o número',
  NIF_CONTROL_MUST_BE_DIGIT: 'Num NIF começado por {letter}, o carácter de controlo é um algarismo',
  NIF_CONTROL_MUST_BE_LETTER: 'Num NIF começado por {letter}, o carácter de controlo é uma letra',
  NIF_VALID: 'NIF válido',
  NIE_VALID: 'NIE válido',
};
