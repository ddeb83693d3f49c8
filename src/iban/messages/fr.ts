/** French templates of the IBAN field (src/messages/languages/fr.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  IBAN_EMPTY: 'Veuillez saisir un IBAN',
  IBAN_TOO_SHORT: 'Trop court pour être un IBAN',
  IBAN_BAD_CHARACTERS: 'Un IBAN ne contient que des lettres et des chiffres (espaces et tirets acceptés entre les groupes)',
  IBAN_MISSING_COUNTRY_CODE: 'Un IBAN commence par un code pays de deux lettres, par exemple FR ou DE',
  IBAN_CHECK_DIGITS_NOT_DIGITS: 'Les caractères 3 et 4 d’un IBAN forment sa clé et doivent être des chiffres',
  IBAN_UNKNOWN_COUNTRY: '{code} n’est pas un code pays IBAN',
  IBAN_WRONG_LENGTH: 'Un IBAN de ce pays ({country}) compte {length} caractères',
  IBAN_WRONG_LAYOUT: 'Cet IBAN ne respecte pas le format de son pays ({country})',
  IBAN_RESERVED_CHECK_DIGITS: 'La clé d’un IBAN n’est jamais {digits} : vérifiez le numéro',
  IBAN_BAD_CHECKSUM: 'La clé de l’IBAN est incorrecte : vérifiez le numéro',
  IBAN_NATIONAL_CHECK_FAILED: 'Le numéro de compte contenu dans cet IBAN a une clé de contrôle nationale erronée : la banque le refuserait',
  IBAN_SUGGESTIONS: 'Vouliez-vous dire {suggestion} ?',
  IBAN_VALID: 'IBAN valide',
};
