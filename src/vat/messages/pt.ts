/** European Portuguese templates of the VAT field (src/messages/languages/pt.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import { outsideViesList } from '../outside-vies.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  VAT_EMPTY: 'Introduza o número de IVA, começando pelo prefixo do país, de duas letras',
  VAT_MISSING_PREFIX: 'Comece o número de IVA pelo prefixo do país, de duas letras (por ex., PT, FR ou EL para a Grécia)',
  VAT_GREEK_PREFIX: 'Os números de IVA gregos começam por EL, não por GR: escreva EL seguido dos 9 algarismos',
  VAT_UNKNOWN_PREFIX:
    '{code} não é um prefixo de IVA que se possa verificar: use o de um Estado-Membro da UE ' +
    '(EL para a Grécia), XI para a Irlanda do Norte, ou ' + outsideViesList('ou'),
  VAT_WRONG_FORMAT: 'Não é um número de IVA válido ({country})',
  VAT_BAD_CHECKSUM: 'O dígito de controlo do número de IVA ({country}) não coincide; verifique-o',
  VAT_ALL_ZEROS: 'Um número só com zeros não é um número de IVA real ({country}); verifique-o',
  VAT_NOT_REGISTERED: 'Este número de IVA não está registado no VIES ({country})',
  VAT_NOT_REGISTERED_STALE:
    'Este número de IVA não estava registado no VIES ({country}) na última verificação, a {date}; ' +
    'o VIES está indisponível de momento',
  VAT_WELL_FORMED: 'O número de IVA ({country}) tem um formato válido; o registo não foi confirmado',
  VAT_OUTSIDE_VIES:
    'O número de IVA ({country}) tem um formato válido; não é possível confirmar o registo, ' +
    'pois o VIES (registo de IVA da UE) não o abrange',
  VAT_REGISTERED: 'Número de IVA válido, registado no VIES',
  VAT_REGISTERED_STALE: 'Número de IVA válido, registado no VIES na última verificação, a {date}; o VIES está indisponível de momento',
  VAT_UNVERIFIED: 'O número de IVA tem um formato válido, mas o VIES não conseguiu confirmar o registo de momento',
  VAT_REGISTRY_REGISTERED: 'Número de IVA válido, registado no registo {registry}',
  VAT_REGISTRY_REGISTERED_STALE:
    'Número de IVA válido, registado no registo {registry} na última verificação, a {date}; o registo está indisponível de momento',
  VAT_REGISTRY_NOT_REGISTERED: 'Este número de IVA não está registado no registo {registry}',
  VAT_REGISTRY_NOT_REGISTERED_STALE:
    'Este número de IVA não estava registado no registo {registry} na última verificação, a {date}; o registo está indisponível de momento',
  VAT_REGISTRY_NOT_VAT_REGISTERED: 'Este número consta do registo {registry}, mas não está registado para efeitos de IVA',
  VAT_REGISTRY_UNVERIFIED:
    'O número de IVA tem um formato válido, mas o registo {registry} não conseguiu confirmar o registo de momento',
};
