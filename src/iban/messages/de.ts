/** German templates of the IBAN field (src/messages/languages/de.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  IBAN_EMPTY: 'Bitte geben Sie eine IBAN ein',
  IBAN_TOO_SHORT: 'Zu kurz für eine IBAN',
  IBAN_BAD_CHARACTERS: 'Eine IBAN enthält nur Buchstaben und Ziffern (Leerzeichen und Bindestriche zwischen den Blöcken sind erlaubt)',
  IBAN_MISSING_COUNTRY_CODE: 'Eine IBAN beginnt mit einem zweistelligen Ländercode, z. B. DE oder AT',
  IBAN_CHECK_DIGITS_NOT_DIGITS: 'Die Stellen 3 und 4 einer IBAN sind die Prüfziffern und müssen Ziffern sein',
  IBAN_UNKNOWN_COUNTRY: '{code} ist kein IBAN-Land',
  IBAN_WRONG_LENGTH: 'Eine IBAN ({country}) hat {length} Stellen',
  IBAN_WRONG_LAYOUT: 'Der Aufbau passt nicht zu einer IBAN ({country})',
  IBAN_RESERVED_CHECK_DIGITS: 'Die Prüfziffern einer IBAN sind nie {digits}; bitte prüfen Sie die Nummer',
  IBAN_BAD_CHECKSUM: 'Die Prüfziffern der IBAN stimmen nicht; bitte prüfen Sie die Nummer',
  IBAN_NATIONAL_CHECK_FAILED: 'Die Kontonummer in dieser IBAN hat eine falsche nationale Prüfziffer; die Bank würde sie ablehnen',
  IBAN_SUGGESTIONS: 'Meinten Sie {suggestion}?',
  IBAN_VALID: 'Gültige IBAN',
};
