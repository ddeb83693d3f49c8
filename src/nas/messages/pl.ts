/** Polish templates of the NAS field (src/messages/languages/pl.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  NAS_EMPTY: 'Wpisz kanadyjski numer ubezpieczenia społecznego (SIN)',
  NAS_NOT_NINE_DIGITS: 'Numer SIN ma dokładnie 9 cyfr',
  NAS_BAD_CHECK_DIGIT: 'Cyfra kontrolna numeru SIN się nie zgadza; sprawdź numer',
  NAS_VALID: 'Prawidłowy numer SIN',
  NAS_VALID_NOT_INDIVIDUAL: 'Prawidłowy format SIN, ale numery zaczynające się od {digit} nie są nadawane osobom fizycznym',
  NAS_VALID_TEMPORARY: 'Prawidłowy numer SIN rezydenta tymczasowego: traci ważność wraz z jego zezwoleniem na pobyt',
};
