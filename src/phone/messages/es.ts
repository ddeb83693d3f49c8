/** Spanish templates of the PHONE field (src/messages/languages/es.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

/** One example number for every phone message that shows the form to type (a UK number reserved for drama, never assigned). */
const EXAMPLE = '(p. ej., +44 20 7946 0958)';

export const messages: FieldMessages<typeof messageFacts> = {
  PHONE_EMPTY: 'Introduzca un número de teléfono',
  PHONE_INPUT_TOO_LONG: 'Es demasiado largo para ser un número de teléfono',
  PHONE_NOT_A_NUMBER: `Escriba el teléfono en cifras, empezando por el prefijo del país ${EXAMPLE}`,
  PHONE_MISSING_COUNTRY_CODE: `Añada el prefijo del país, con + o 00 delante ${EXAMPLE}`,
  PHONE_UNKNOWN_CALLING_CODE: 'Prefijo de país desconocido',
  PHONE_TOO_SHORT: 'Número de teléfono demasiado corto para {place}',
  PHONE_TOO_SHORT_UNNAMED: 'El número de teléfono es demasiado corto',
  PHONE_TOO_LONG: 'Número de teléfono demasiado largo para {place}',
  PHONE_WRONG_LENGTH: 'El número de teléfono no tiene un número de cifras válido para {place}',
  PHONE_NOT_VALID: 'Número de teléfono no válido para {place}',
  PHONE_HAS_EXTENSION: `Escriba el número de teléfono sin la extensión ${EXAMPLE}`,
  PHONE_VALID: 'Número de teléfono válido',
};
