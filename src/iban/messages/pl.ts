/** Polish templates of the IBAN field (src/messages/languages/pl.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  IBAN_EMPTY: 'Wpisz numer IBAN',
  IBAN_TOO_SHORT: 'Numer IBAN jest za krótki',
  IBAN_BAD_CHARACTERS: 'IBAN zawiera tylko litery i cyfry (spacje i myślniki między grupami są dozwolone)',
  IBAN_MISSING_COUNTRY_CODE: 'IBAN zaczyna się od dwuliterowego kodu kraju, np. PL lub DE',
  IBAN_CHECK_DIGITS_NOT_DIGITS: 'Znaki 3 i 4 numeru IBAN to cyfry kontrolne i muszą być cyframi',
  IBAN_UNKNOWN_COUNTRY: '{code} nie jest kodem kraju stosującego IBAN',
  IBAN_WRONG_LENGTH: 'Nieprawidłowa długość numeru IBAN ({country}); wymagana liczba znaków: {length}',
  IBAN_WRONG_LAYOUT: 'Nieprawidłowa budowa numeru IBAN ({country})',
  IBAN_RESERVED_CHECK_DIGITS: 'Cyfry kontrolne IBAN nigdy nie mają wartości {digits}; sprawdź numer',
  IBAN_BAD_CHECKSUM: 'Cyfry kontrolne IBAN się nie zgadzają; sprawdź numer',
  IBAN_NATIONAL_CHECK_FAILED: 'Numer rachunku w tym numerze IBAN ma błędne krajowe cyfry kontrolne; bank by go odrzucił',
  IBAN_SUGGESTIONS: 'Czy chodziło o {suggestion}?',
  IBAN_VALID: 'Prawidłowy numer IBAN',
};
