import type { BicMessages } from './facts.js';

/** Italian, in the terms of Italian banking forms ("istituto", "filiale"), requests in the impersonal infinitive. */
export const messages: BicMessages = {
  BIC_EMPTY: 'Inserire un BIC',
  BIC_WRONG_LENGTH: 'Un BIC ha 8 o 11 caratteri (spazi esclusi)',
  BIC_INSTITUTION_NOT_LETTERS: 'I caratteri da 1 a 4 di un BIC sono il codice dell’istituto e devono essere lettere',
  BIC_COUNTRY_NOT_LETTERS: 'Il 5° e il 6° carattere di un BIC sono il codice paese e devono essere lettere',
  BIC_LOCATION_NOT_ALPHANUMERIC: 'Il 7° e l’8° carattere di un BIC sono il codice località e devono essere lettere o cifre',
  BIC_BRANCH_NOT_ALPHANUMERIC: 'I caratteri da 9 a 11 di un BIC sono il codice filiale e devono essere lettere o cifre',
  BIC_UNKNOWN_COUNTRY: '{code} non è un codice paese (il 5° e il 6° carattere di un BIC indicano il paese)',
  BIC_VALID: 'BIC valido',
};
