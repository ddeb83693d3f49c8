/** German templates of the NIF field (src/messages/languages/de.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  NIF_EMPTY: 'Bitte geben Sie eine spanische Steuernummer (NIF) ein',
  NIF_BAD_FORMAT:
    'Keine spanische NIF: erwartet werden 8 Ziffern und ein Buchstabe (DNI), X, Y oder Z, 7 Ziffern und ein ' +
    'Buchstabe (NIE), K, L oder M, 7 Ziffern und ein Buchstabe, oder ein Rechtsformbuchstabe, 7 Ziffern und ein Kontrollzeichen',
  NIF_WRONG_CONTROL_LETTER: 'Der Kontrollbuchstabe der NIF stimmt nicht; bitte prüfen Sie die Nummer',
  NIF_WRONG_CONTROL_CHARACTER: 'Das Kontrollzeichen der NIF stimmt nicht; bitte prüfen Sie die Nummer',
  NIF_CONTROL_MUST_BE_DIGIT: 'Eine NIF, die mit {letter} beginnt, endet mit einer Ziffer',
  NIF_CONTROL_MUST_BE_LETTER: 'Eine NIF, die mit {letter} beginnt, endet mit einem Buchstaben',
  NIF_VALID: 'Gültige NIF',
  NIE_VALID: 'Gültige NIE',
};
