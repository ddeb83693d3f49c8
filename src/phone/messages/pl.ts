/** Polish templates of the PHONE field (src/messages/languages/pl.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  PHONE_EMPTY: 'Wpisz numer telefonu',
  PHONE_INPUT_TOO_LONG: 'To za długie na numer telefonu',
  PHONE_NOT_A_NUMBER: 'Wpisz numer telefonu cyframi, zaczynając od numeru kierunkowego kraju (np. +44 20 7946 0958)',
  PHONE_MISSING_COUNTRY_CODE: 'Dodaj numer kierunkowy kraju, zaczynając od + lub 00 (np. +44 20 7946 0958)',
  PHONE_UNKNOWN_CALLING_CODE: 'Nieznany numer kierunkowy kraju',
  PHONE_TOO_SHORT: 'Numer telefonu jest za krótki – {place}',
  PHONE_TOO_SHORT_UNNAMED: 'Numer telefonu jest za krótki',
  PHONE_TOO_LONG: 'Numer telefonu jest za długi – {place}',
  PHONE_WRONG_LENGTH: 'Numer telefonu ma nieprawidłową liczbę cyfr – {place}',
  PHONE_NOT_VALID: 'Nieprawidłowy numer telefonu – {place}',
  PHONE_HAS_EXTENSION: 'Wpisz numer telefonu bez numeru wewnętrznego (np. +44 20 7946 0958)',
  PHONE_VALID: 'Prawidłowy numer telefonu',
};
