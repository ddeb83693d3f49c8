/** German templates of the PHONE field (src/messages/languages/de.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  PHONE_EMPTY: 'Bitte geben Sie eine Telefonnummer ein',
  PHONE_INPUT_TOO_LONG: 'Zu lang für eine Telefonnummer',
  PHONE_NOT_A_NUMBER: 'Bitte geben Sie die Telefonnummer in Ziffern mit Ländervorwahl ein (z. B. +44 20 7946 0958)',
  PHONE_MISSING_COUNTRY_CODE: 'Bitte ergänzen Sie die Ländervorwahl mit + oder 00 (z. B. +44 20 7946 0958)',
  PHONE_UNKNOWN_CALLING_CODE: 'Unbekannte Ländervorwahl',
  PHONE_TOO_SHORT: 'Die Telefonnummer ist zu kurz – {place}',
  PHONE_TOO_SHORT_UNNAMED: 'Die Telefonnummer ist zu kurz',
  PHONE_TOO_LONG: 'Die Telefonnummer ist zu lang – {place}',
  PHONE_WRONG_LENGTH: 'Die Telefonnummer hat die falsche Anzahl Ziffern – {place}',
  PHONE_NOT_VALID: 'Keine gültige Telefonnummer – {place}',
  PHONE_HAS_EXTENSION: 'Bitte geben Sie die Telefonnummer ohne Durchwahl ein (z. B. +44 20 7946 0958)',
  PHONE_VALID: 'Gültige Telefonnummer',
};
