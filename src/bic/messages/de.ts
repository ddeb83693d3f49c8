import type { BicMessages } from './facts.js';

/** German, in the words German banks use ("Stellen", "Institutscode", "Filialcode"). */
export const messages: BicMessages = {
  BIC_EMPTY: 'Bitte geben Sie einen BIC ein',
  BIC_WRONG_LENGTH: 'Ein BIC hat 8 oder 11 Stellen (ohne Leerzeichen gezählt)',
  BIC_INSTITUTION_NOT_LETTERS: 'Die Stellen 1 bis 4 eines BIC sind der Institutscode und müssen Buchstaben sein',
  BIC_COUNTRY_NOT_LETTERS: 'Die Stellen 5 und 6 eines BIC sind der Ländercode und müssen Buchstaben sein',
  BIC_LOCATION_NOT_ALPHANUMERIC: 'Die Stellen 7 und 8 eines BIC sind der Ortscode und müssen Buchstaben oder Ziffern sein',
  BIC_BRANCH_NOT_ALPHANUMERIC: 'Die Stellen 9 bis 11 eines BIC sind der Filialcode und müssen Buchstaben oder Ziffern sein',
  BIC_UNKNOWN_COUNTRY: '{code} ist kein Ländercode (die Stellen 5 und 6 eines BIC nennen das Land)',
  BIC_VALID: 'Gültiger BIC',
};
