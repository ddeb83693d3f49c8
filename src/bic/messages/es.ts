import type { BicMessages } from './facts.js';

/** Spanish (Spain), in the words of Spanish banking forms ("entidad", "sucursal"), polite imperative. */
export const messages: BicMessages = {
  BIC_EMPTY: 'Introduzca el BIC',
  BIC_WRONG_LENGTH: 'Un BIC tiene 8 u 11 caracteres (sin contar los espacios)',
  BIC_INSTITUTION_NOT_LETTERS: 'Los caracteres 1 a 4 del BIC son el código de la entidad y deben ser letras',
  BIC_COUNTRY_NOT_LETTERS: 'Los caracteres 5 y 6 del BIC son el código de país y deben ser letras',
  BIC_LOCATION_NOT_ALPHANUMERIC: 'Los caracteres 7 y 8 del BIC son el código de localidad y deben ser letras o números',
  BIC_BRANCH_NOT_ALPHANUMERIC: 'Los caracteres 9 a 11 del BIC son el código de sucursal y deben ser letras o números',
  BIC_UNKNOWN_COUNTRY: '{code} no es un código de país (los caracteres 5 y 6 del BIC indican el país)',
  BIC_VALID: 'BIC válido',
};
