/** Spanish templates of the IBAN field (src/messages/languages/es.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  IBAN_EMPTY: 'Introduzca el IBAN',
  IBAN_TOO_SHORT: 'Demasiado corto para ser un IBAN',
  IBAN_BAD_CHARACTERS: 'Un IBAN solo contiene letras y números (se admiten espacios y guiones entre grupos)',
  IBAN_MISSING_COUNTRY_CODE: 'Un IBAN empieza por el código de país de dos letras, como ES o FR',
  IBAN_CHECK_DIGITS_NOT_DIGITS: 'Los caracteres 3 y 4 del IBAN son los dígitos de control y deben ser números',
  IBAN_UNKNOWN_COUNTRY: '{code} no es un código de país con IBAN',
  IBAN_WRONG_LENGTH: 'Un IBAN de {country} tiene {length} caracteres',
  IBAN_WRONG_LAYOUT: 'El IBAN no sigue el formato de {country}; compruebe el número',
  IBAN_RESERVED_CHECK_DIGITS: 'Los dígitos de control de un IBAN nunca son {digits}; compruebe el número',
  IBAN_BAD_CHECKSUM: 'Los dígitos de control del IBAN no coinciden; compruebe el número',
  IBAN_NATIONAL_CHECK_FAILED: 'Los dígitos de control nacionales de la cuenta de este IBAN no coinciden; el banco lo rechazaría',
  IBAN_SUGGESTIONS: '¿Quería decir {suggestion}?',
  IBAN_VALID: 'IBAN válido',
};
