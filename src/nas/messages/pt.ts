/** European Portuguese templates of the NAS field (src/messages/languages/pt.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  NAS_EMPTY: 'Introduza o SIN (número de segurança social do Canadá)',
  NAS_NOT_NINE_DIGITS: 'O SIN tem exatamente 9 algarismos',
  NAS_BAD_CHECK_DIGIT: 'O dígito de controlo do SIN não coincide; verifique o número',
  NAS_VALID: 'SIN válido',
  NAS_VALID_NOT_INDIVIDUAL: 'Formato de SIN válido, mas os números começados por {digit} não são atribuídos a particulares',
  NAS_VALID_TEMPORARY: 'SIN válido de residente temporário: caduca com a autorização do titular',
};
