/** French templates of the PHONE field (src/messages/languages/fr.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  PHONE_EMPTY: 'Veuillez saisir un numéro de téléphone',
  PHONE_INPUT_TOO_LONG: 'Trop long pour être un numéro de téléphone',
  PHONE_NOT_A_NUMBER: 'Saisissez le numéro en chiffres, en commençant par l’indicatif du pays (ex. : +33 1 99 00 12 34)',
  PHONE_MISSING_COUNTRY_CODE: 'Ajoutez l’indicatif du pays, précédé de + ou 00 (ex. : +33 1 99 00 12 34)',
  PHONE_UNKNOWN_CALLING_CODE: 'Indicatif de pays inconnu',
  PHONE_TOO_SHORT: 'Numéro de téléphone trop court – {place}',
  PHONE_TOO_SHORT_UNNAMED: 'Numéro de téléphone trop court',
  PHONE_TOO_LONG: 'Numéro de téléphone trop long – {place}',
  PHONE_WRONG_LENGTH: 'Nombre de chiffres incorrect – {place}',
  PHONE_NOT_VALID: 'Numéro de téléphone non valide – {place}',
  PHONE_HAS_EXTENSION: 'Saisissez le numéro sans le poste (ex. : +33 1 99 00 12 34)',
  PHONE_VALID: 'Numéro de téléphone valide',
};
