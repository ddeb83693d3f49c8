/** Polish templates of the NIF field (src/messages/languages/pl.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  NIF_EMPTY: 'Wpisz hiszpański numer identyfikacji podatkowej (NIF)',
  NIF_BAD_FORMAT:
    'To nie jest hiszpański NIF: oczekiwano 8 cyfr i litery (DNI), X, Y lub Z, 7 cyfr i litery (NIE), ' +
    'K, L lub M, 7 cyfr i litery albo litery formy prawnej, 7 cyfr i znaku kontrolnego',
  NIF_WRONG_CONTROL_LETTER: 'Litera kontrolna NIF się nie zgadza; sprawdź numer',
  NIF_WRONG_CONTROL_CHARACTER: 'Znak kontrolny NIF się nie zgadza; sprawdź numer',
  NIF_CONTROL_MUST_BE_DIGIT: 'NIF zaczynający się od {letter} kończy się cyfrą',
  NIF_CONTROL_MUST_BE_LETTER: 'NIF zaczynający się od {letter} kończy się literą',
  NIF_VALID: 'Prawidłowy numer NIF',
  NIE_VALID: 'Prawidłowy numer NIE',
};
