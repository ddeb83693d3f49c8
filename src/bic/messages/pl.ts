import type { BicMessages } from './facts.js';

/** Polish, in the words Polish banks use ("kod BIC", "kod instytucji", "kod oddziału"). */
export const messages: BicMessages = {
  BIC_EMPTY: 'Wpisz kod BIC',
  BIC_WRONG_LENGTH: 'Kod BIC ma 8 lub 11 znaków (bez spacji)',
  BIC_INSTITUTION_NOT_LETTERS: 'Znaki 1–4 kodu BIC to kod instytucji i muszą być literami',
  BIC_COUNTRY_NOT_LETTERS: 'Znaki 5 i 6 kodu BIC to kod kraju i muszą być literami',
  BIC_LOCATION_NOT_ALPHANUMERIC: 'Znaki 7 i 8 kodu BIC to kod lokalizacji; mogą to być tylko litery lub cyfry',
  BIC_BRANCH_NOT_ALPHANUMERIC: 'Znaki 9–11 kodu BIC to kod oddziału; mogą to być tylko litery lub cyfry',
  BIC_UNKNOWN_COUNTRY: '{code} nie jest kodem kraju (znaki 5 i 6 kodu BIC oznaczają kraj)',
  BIC_VALID: 'Prawidłowy kod BIC',
};
