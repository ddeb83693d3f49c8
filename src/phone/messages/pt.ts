/** European Portuguese templates of the PHONE field (src/messages/languages/pt.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

/** One example number for every phone message that shows the form to type (a UK number reserved for drama, never assigned). */
const EXAMPLE = '(por ex., +44 20 7946 0958)';

export const messages: FieldMessages<typeof messageFacts> = {
  PHONE_EMPTY: 'Introduza um número de telefone',
  PHONE_INPUT_TOO_LONG: 'Demasiado longo para ser um número de telefone',
  PHONE_NOT_A_NUMBER: `Escreva o número em algarismos, começando pelo indicativo do país ${EXAMPLE}`,
  PHONE_MISSING_COUNTRY_CODE: `Acrescente o indicativo do país, começando por + ou 00 ${EXAMPLE}`,
  PHONE_UNKNOWN_CALLING_CODE: 'Indicativo de país desconhecido',
  PHONE_TOO_SHORT: '{place}: número de telefone demasiado curto',
  PHONE_TOO_SHORT_UNNAMED: 'Número de telefone demasiado curto',
  PHONE_TOO_LONG: '{place}: número de telefone demasiado longo',
  PHONE_WRONG_LENGTH: '{place}: o número de telefone não tem o número de algarismos certo',
  PHONE_NOT_VALID: '{place}: número de telefone inválido',
  PHONE_HAS_EXTENSION: `Escreva o número de telefone sem a extensão ${EXAMPLE}`,
  PHONE_VALID: 'Número de telefone válido',
};
