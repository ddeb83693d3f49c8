/** German templates of the NAS field (src/messages/languages/de.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  NAS_EMPTY: 'Bitte geben Sie eine kanadische Sozialversicherungsnummer (SIN) ein',
  NAS_NOT_NINE_DIGITS: 'Eine SIN hat genau 9 Ziffern',
  NAS_BAD_CHECK_DIGIT: 'Die Prüfziffer der SIN stimmt nicht; bitte prüfen Sie die Nummer',
  NAS_VALID: 'Gültige SIN',
  NAS_VALID_NOT_INDIVIDUAL: 'Gültiges SIN-Format, aber Nummern, die mit {digit} beginnen, werden nicht an Privatpersonen vergeben',
  NAS_VALID_TEMPORARY: 'Gültige SIN für befristeten Aufenthalt: sie läuft mit der Aufenthaltsgenehmigung ab',
};
