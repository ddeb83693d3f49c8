/** Dutch templates of the PHONE field (src/messages/languages/nl.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  PHONE_EMPTY: 'Vul een telefoonnummer in',
  PHONE_INPUT_TOO_LONG: 'Dit is te lang voor een telefoonnummer',
  PHONE_NOT_A_NUMBER: 'Vul het telefoonnummer in cijfers in, beginnend met het landnummer (bijv. +44 20 7946 0958)',
  PHONE_MISSING_COUNTRY_CODE: 'Voeg het landnummer toe, beginnend met + of 00 (bijv. +44 20 7946 0958)',
  PHONE_UNKNOWN_CALLING_CODE: 'Onbekend landnummer',
  PHONE_TOO_SHORT: 'Telefoonnummer is te kort voor {place}',
  PHONE_TOO_SHORT_UNNAMED: 'Telefoonnummer is te kort',
  PHONE_TOO_LONG: 'Telefoonnummer is te lang voor {place}',
  PHONE_WRONG_LENGTH: 'Telefoonnummer heeft het verkeerde aantal cijfers voor {place}',
  PHONE_NOT_VALID: 'Geen geldig telefoonnummer voor {place}',
  PHONE_HAS_EXTENSION: 'Vul het telefoonnummer in zonder toestelnummer (bijv. +44 20 7946 0958)',
  PHONE_VALID: 'Geldig telefoonnummer',
};
