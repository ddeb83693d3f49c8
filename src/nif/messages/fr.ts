/** French templates of the NIF field (src/messages/languages/fr.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  NIF_EMPTY: 'Veuillez saisir un NIF espagnol',
  NIF_BAD_FORMAT:
    'NIF espagnol invalide : attendu 8 chiffres et une lettre (DNI), X, Y ou Z, 7 chiffres et une lettre (NIE), ' +
    'ou une lettre, 7 chiffres et un caractère de contrôle (K, L, M, entités)',
  NIF_WRONG_CONTROL_LETTER: 'La lettre de contrôle du NIF est incorrecte : vérifiez le numéro',
  NIF_WRONG_CONTROL_CHARACTER: 'Le caractère de contrôle du NIF est incorrect : vérifiez le numéro',
  NIF_CONTROL_MUST_BE_DIGIT: 'Un NIF commençant par {letter} se termine par un chiffre',
  NIF_CONTROL_MUST_BE_LETTER: 'Un NIF commençant par {letter} se termine par une lettre',
  NIF_VALID: 'NIF valide',
  NIE_VALID: 'NIE valide',
};
