/** Dutch templates of the NIF field (src/messages/languages/nl.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  NIF_EMPTY: 'Vul een Spaans fiscaal nummer (NIF) in',
  NIF_BAD_FORMAT:
    'Geen Spaans NIF-nummer: verwacht 8 cijfers en een letter (DNI), X, Y of Z, 7 cijfers en een letter (NIE), ' +
    'K, L of M, 7 cijfers en een letter, of een rechtsvormletter, 7 cijfers en een controleteken',
  NIF_WRONG_CONTROL_LETTER: 'De controleletter van het NIF-nummer klopt niet; controleer het nummer',
  NIF_WRONG_CONTROL_CHARACTER: 'Het controleteken van het NIF-nummer klopt niet; controleer het nummer',
  NIF_CONTROL_MUST_BE_DIGIT: 'Een NIF-nummer dat met {letter} begint, eindigt op een cijfer',
  NIF_CONTROL_MUST_BE_LETTER: 'Een NIF-nummer dat met {letter} begint, eindigt op een letter',
  NIF_VALID: 'Geldig NIF-nummer',
  NIE_VALID: 'Geldig NIE-nummer',
};
