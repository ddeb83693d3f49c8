/** European Portuguese templates of the IBAN field (src/messages/languages/pt.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  IBAN_EMPTY: 'Introduza o IBAN',
  IBAN_TOO_SHORT: 'Demasiado curto para ser um IBAN',
  IBAN_BAD_CHARACTERS: 'Um IBAN tem apenas letras e algarismos (pode ter espaços ou hífenes entre grupos)',
  IBAN_MISSING_COUNTRY_CODE: 'Um IBAN começa pelo código do país, de duas letras, como PT ou FR',
  IBAN_CHECK_DIGITS_NOT_DIGITS: 'Os caracteres 3 e 4 do IBAN são os dígitos de controlo e têm de ser algarismos',
  IBAN_UNKNOWN_COUNTRY: '{code} não é um código de país com IBAN',
  IBAN_WRONG_LENGTH: 'O IBAN tem de ter {length} caracteres ({country})',
  IBAN_WRONG_LAYOUT: 'O IBAN não segue o formato do país ({country}); verifique o número',
  IBAN_RESERVED_CHECK_DIGITS: 'Os dígitos de controlo de um IBAN nunca são {digits}; verifique o número',
  IBAN_BAD_CHECKSUM: 'Os dígitos de controlo do IBAN não coincidem; verifique o número',
  IBAN_NATIONAL_CHECK_FAILED: 'Os dígitos de controlo nacionais da conta neste IBAN não coincidem; o banco recusá-lo-ia',
  IBAN_SUGGESTIONS: 'Queria dizer {suggestion}?',
  IBAN_VALID: 'IBAN válido',
};
