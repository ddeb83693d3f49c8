/** Polish templates of the EMAIL field (src/messages/languages/pl.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  EMAIL_EMPTY: 'Wpisz adres e-mail',
  EMAIL_MISSING_AT_SIGN: 'W adresie e-mail brakuje znaku @',
  EMAIL_INVALID_LOCAL_PART: 'Część przed @ jest nieprawidłowa',
  EMAIL_QUOTED_LOCAL_PART: 'Cudzysłów przed @ nie jest obsługiwany',
  EMAIL_LOCAL_PART_TOO_LONG: 'Część przed @ jest za długa (maks. 64 znaki)',
  EMAIL_UNSAFE_CHARACTER: 'Adres e-mail zawiera niedozwolone lub niewidoczne znaki, np. spacje',
  EMAIL_INVALID_DOMAIN: 'Domena po @ jest nieprawidłowa',
  EMAIL_DOMAIN_LITERAL: 'Adres IP zamiast domeny nie jest obsługiwany',
  EMAIL_DOMAIN_NEEDS_DOT: 'W domenie brakuje końcówki, np. .pl',
  EMAIL_LABEL_TOO_LONG: 'Część domeny jest za długa (maks. 63 znaki)',
  EMAIL_INVALID_TLD: 'Nieprawidłowa końcówka domeny',
  EMAIL_RESERVED_DOMAIN: 'Ta domena jest zarezerwowana i nie odbiera poczty',
  EMAIL_TOO_LONG: 'Adres e-mail jest za długi',
  EMAIL_NO_MX: 'Domena nie odbiera poczty (brak rekordów MX i A)',
  EMAIL_BLOCKED: 'Ta domena jest zablokowana',
  EMAIL_VALID: 'Prawidłowy adres e-mail',
  EMAIL_TYPO: 'Prawidłowy adres e-mail. Czy chodziło o {suggestion}?',
  EMAIL_DISPOSABLE: 'Prawidłowy adres e-mail, ale należy do usługi poczty jednorazowej',
  EMAIL_UNCHECKED: 'Prawidłowy adres e-mail, ale nie udało się teraz sprawdzić serwerów pocztowych domeny',
};
