/** Dutch templates of the NAS field (src/messages/languages/nl.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  NAS_EMPTY: 'Vul een Canadees Social Insurance Number (SIN) in',
  NAS_NOT_NINE_DIGITS: 'Een SIN heeft precies 9 cijfers',
  NAS_BAD_CHECK_DIGIT: 'Het controlecijfer van het SIN klopt niet; controleer het nummer',
  NAS_VALID: 'Geldig SIN',
  NAS_VALID_NOT_INDIVIDUAL: 'Geldig SIN-formaat, maar nummers die met {digit} beginnen, worden niet aan personen uitgegeven',
  NAS_VALID_TEMPORARY: 'Geldig SIN van een tijdelijke inwoner: het vervalt met de verblijfsvergunning',
};
