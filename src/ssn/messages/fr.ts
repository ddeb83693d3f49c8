/** French templates of the SSN field (src/messages/languages/fr.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  SSN_EMPTY: 'Veuillez saisir un numéro de sécurité sociale américain (SSN)',
  SSN_NOT_NINE_DIGITS: 'Un SSN compte exactement 9 chiffres',
  SSN_SAMPLE_NUMBER: '{number} est un numéro d’exemple connu, pas un vrai SSN',
  SSN_ITIN: 'Ceci est un ITIN (numéro d’identification fiscale individuel), pas un SSN',
  SSN_AREA_NOT_ISSUED: 'Un SSN ne commence jamais par {digits} : ce numéro de zone n’est jamais attribué',
  SSN_GROUP_NOT_ISSUED: 'Les deux chiffres du milieu d’un SSN ne sont jamais 00 : le groupe 00 n’est jamais attribué',
  SSN_SERIAL_NOT_ISSUED: 'Un SSN ne se termine jamais par 0000 : la série 0000 n’est jamais attribuée',
  SSN_VALID: 'Format de SSN valide ; un SSN n’a pas de chiffre de contrôle, vérifiez bien les chiffres',
};
