import type { BicMessages } from './facts.js';

/** French, in the terms of French banking forms ("établissement", "agence"). */
export const messages: BicMessages = {
  BIC_EMPTY: 'Veuillez saisir un BIC',
  BIC_WRONG_LENGTH: 'Un BIC compte 8 ou 11 caractères (sans les espaces)',
  BIC_INSTITUTION_NOT_LETTERS: 'Les caractères 1 à 4 d’un BIC forment le code de l’établissement et doivent être des lettres',
  BIC_COUNTRY_NOT_LETTERS: 'Les caractères 5 et 6 d’un BIC forment le code pays et doivent être des lettres',
  BIC_LOCATION_NOT_ALPHANUMERIC: 'Les caractères 7 et 8 d’un BIC forment le code de localisation et doivent être des lettres ou des chiffres',
  BIC_BRANCH_NOT_ALPHANUMERIC: 'Les caractères 9 à 11 d’un BIC forment le code d’agence et doivent être des lettres ou des chiffres',
  BIC_UNKNOWN_COUNTRY: '{code} n’est pas un code pays (les caractères 5 et 6 d’un BIC indiquent le pays)',
  BIC_VALID: 'BIC valide',
};
