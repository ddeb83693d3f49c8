import type { BicMessages } from './facts.js';

/** European Portuguese (pt-PT), in the terms of Portuguese banking forms ("instituição", "balcão"). */
export const messages: BicMessages = {
  BIC_EMPTY: 'Introduza o BIC',
  BIC_WRONG_LENGTH: 'Um BIC tem 8 ou 11 caracteres (sem contar os espaços)',
  BIC_INSTITUTION_NOT_LETTERS: 'Os caracteres 1 a 4 do BIC são o código da instituição e têm de ser letras',
  BIC_COUNTRY_NOT_LETTERS: 'Os caracteres 5 e 6 do BIC são o código do país e têm de ser letras',
  BIC_LOCATION_NOT_ALPHANUMERIC: 'Os caracteres 7 e 8 do BIC são o código de localidade e têm de ser letras ou algarismos',
  BIC_BRANCH_NOT_ALPHANUMERIC: 'Os caracteres 9 a 11 do BIC são o código do balcão e têm de ser letras ou algarismos',
  BIC_UNKNOWN_COUNTRY: '{code} não é um código de país (os caracteres 5 e 6 do BIC indicam o país)',
  BIC_VALID: 'Código BIC válido',
};
