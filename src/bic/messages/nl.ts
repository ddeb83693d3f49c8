import type { BicMessages } from './facts.js';

/** Dutch, in the words Dutch and Belgian banks use ("teken", "instellingscode", "filiaalcode"). */
export const messages: BicMessages = {
  BIC_EMPTY: 'Vul een BIC in',
  BIC_WRONG_LENGTH: 'Een BIC heeft 8 of 11 tekens (spaties niet meegeteld)',
  BIC_INSTITUTION_NOT_LETTERS: 'Teken 1 tot en met 4 van een BIC vormen de instellingscode en moeten letters zijn',
  BIC_COUNTRY_NOT_LETTERS: 'Teken 5 en 6 van een BIC vormen de landcode en moeten letters zijn',
  BIC_LOCATION_NOT_ALPHANUMERIC: 'Teken 7 en 8 van een BIC vormen de plaatscode en moeten letters of cijfers zijn',
  BIC_BRANCH_NOT_ALPHANUMERIC: 'Teken 9 tot en met 11 van een BIC vormen de filiaalcode en moeten letters of cijfers zijn',
  BIC_UNKNOWN_COUNTRY: '{code} is geen landcode (teken 5 en 6 van een BIC geven het land aan)',
  BIC_VALID: 'Geldige BIC',
};
