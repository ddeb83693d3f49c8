/** French templates of the NAS field (src/messages/languages/fr.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  NAS_EMPTY: 'Veuillez saisir un numéro d’assurance sociale (NAS)',
  NAS_NOT_NINE_DIGITS: 'Un NAS compte exactement 9 chiffres',
  NAS_BAD_CHECK_DIGIT: 'Le chiffre de contrôle du NAS est incorrect : vérifiez le numéro',
  NAS_VALID: 'NAS valide',
  NAS_VALID_NOT_INDIVIDUAL: 'Format de NAS valide, mais les numéros commençant par {digit} ne sont pas attribués aux particuliers',
  NAS_VALID_TEMPORARY: 'NAS valide, résident temporaire : il expire avec le permis du titulaire',
};
