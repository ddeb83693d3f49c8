import type { MessageCatalog } from './catalog.js';

/** One example number for every phone message that shows the form to type (a UK number reserved for drama, never assigned). */
const EXAMPLE = '(por ex., +44 20 7946 0958)';

/**
 * European Portuguese messages (docs/messages.md). Country names need an article in Portuguese ("da
 * Alemanha", "de Portugal"), so templates put `{country}` in parentheses and `{place}` before a colon.
 */
export const pt: MessageCatalog = {
  language: 'pt-PT',
  northernIreland: 'Irlanda do Norte',
  messages: {
    IBAN_EMPTY: 'Introduza o IBAN',
    IBAN_TOO_SHORT: 'Demasiado curto para ser um IBAN',
    IBAN_BAD_CHARACTERS: 'Um IBAN tem apenas letras e algarismos (pode ter espaços ou hífenes entre grupos)',
    IBAN_MISSING_COUNTRY_CODE: 'Um IBAN começa pelo código do país, de duas letras, como PT ou FR',
    IBAN_CHECK_DIGITS_NOT_DIGITS: 'Os caracteres 3 e 4 do IBAN são os dígitos de controlo e têm de ser algarismos',
    IBAN_UNKNOWN_COUNTRY: '{code} não é um código de país com IBAN',
    IBAN_WRONG_LENGTH: 'O IBAN tem de ter {length} caracteres ({country})',
    IBAN_WRONG_LAYOUT: 'O IBAN não segue o formato do país ({country}); verifique o número',
    IBAN_RESERVED_CHECK_DIGITS: 'Os dígitos de controlo de um IBAN nunca são {digits}; verifique o número',
    IBAN_BAD_CHECKSUM: 'Os dígitos de controlo do IBAN não coincidem; verifique o número',
    IBAN_VALID: 'IBAN válido',

    NIF_EMPTY: 'Introduza o NIF espanhol',
    NIF_BAD_FORMAT:
      'Não é um NIF espanhol: DNI (8 algarismos e letra), NIE (X, Y ou Z, 7 algarismos e letra), K, L ou M ' +
      'com 7 algarismos e letra, ou letra de entidade, 7 algarismos e carácter de controlo',
    NIF_WRONG_CONTROL_LETTER: 'A letra de controlo do NIF não coincide; verifique o número',
    NIF_WRONG_CONTROL_CHARACTER: 'O carácter de controlo do NIF não coincide; verifique o número',
    NIF_CONTROL_MUST_BE_DIGIT: 'Num NIF começado por {letter}, o carácter de controlo é um algarismo',
    NIF_CONTROL_MUST_BE_LETTER: 'Num NIF começado por {letter}, o carácter de controlo é uma letra',
    NIF_VALID: 'NIF válido',
    NIE_VALID: 'NIE válido',

    NAS_EMPTY: 'Introduza o SIN (número de segurança social do Canadá)',
    NAS_NOT_NINE_DIGITS: 'O SIN tem exatamente 9 algarismos',
    NAS_BAD_CHECK_DIGIT: 'O dígito de controlo do SIN não coincide; verifique o número',
    NAS_VALID: 'SIN válido',
    NAS_VALID_NOT_INDIVIDUAL: 'Formato de SIN válido, mas os números começados por {digit} não são atribuídos a particulares',
    NAS_VALID_TEMPORARY: 'SIN válido de residente temporário: caduca com a autorização do titular',

    SSN_EMPTY: 'Introduza o número de Segurança Social dos EUA (SSN)',
    SSN_NOT_NINE_DIGITS: 'O SSN tem exatamente 9 algarismos',
    SSN_SAMPLE_NUMBER: '{number} é um número de exemplo conhecido, não um SSN real',
    SSN_ITIN: 'Isto é um ITIN (número de identificação fiscal individual), não um SSN',
    SSN_AREA_NOT_ISSUED: 'Um SSN nunca começa por {digits}: esse número de área não é atribuído',
    SSN_GROUP_NOT_ISSUED: 'Um SSN nunca tem 00 nos dois algarismos do meio: o número de grupo 00 não é atribuído',
    SSN_SERIAL_NOT_ISSUED: 'Um SSN nunca termina em 0000: o número de série 0000 não é atribuído',
    SSN_VALID: 'Formato de SSN válido; o SSN não tem dígito de controlo, por isso confirme os algarismos',

    PHONE_EMPTY: 'Introduza um número de telefone',
    PHONE_INPUT_TOO_LONG: 'Demasiado longo para ser um número de telefone',
    PHONE_NOT_A_NUMBER: `Escreva o número em algarismos, começando pelo indicativo do país ${EXAMPLE}`,
    PHONE_MISSING_COUNTRY_CODE: `Acrescente o indicativo do país, começando por + ou 00 ${EXAMPLE}`,
    PHONE_UNKNOWN_CALLING_CODE: 'Indicativo de país desconhecido',
    PHONE_TOO_SHORT: '{place}: número de telefone demasiado curto',
    PHONE_TOO_SHORT_UNNAMED: 'Número de telefone demasiado curto',
    PHONE_TOO_LONG: '{place}: número de telefone demasiado longo',
    PHONE_WRONG_LENGTH: '{place}: o número de telefone não tem o número de algarismos certo',
    PHONE_NOT_VALID: '{place}: número de telefone inválido',
    PHONE_HAS_EXTENSION: `Escreva o número de telefone sem a extensão ${EXAMPLE}`,
    PHONE_VALID: 'Número de telefone válido',

    VAT_EMPTY: 'Introduza o número de IVA, começando pelo prefixo do país, de duas letras',
    VAT_MISSING_PREFIX: 'Comece o número de IVA pelo prefixo do país, de duas letras (por ex., PT, FR ou EL para a Grécia)',
    VAT_GREEK_PREFIX: 'Os números de IVA gregos começam por EL, não por GR: escreva EL seguido dos 9 algarismos',
    VAT_UNKNOWN_PREFIX:
      '{code} não é um prefixo de IVA que se possa verificar: use o de um Estado-Membro da UE ' +
      '(EL para a Grécia), XI para a Irlanda do Norte, ou GB, CH ou NO',
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

    EMAIL_EMPTY: 'Introduza um endereço de e-mail',
    EMAIL_MISSING_AT_SIGN: 'Falta o @ no endereço de e-mail',
    EMAIL_INVALID_LOCAL_PART: 'A parte antes do @ não é válida (caracteres ou pontos não permitidos)',
    EMAIL_QUOTED_LOCAL_PART: 'Não são aceites aspas no endereço de e-mail',
    EMAIL_LOCAL_PART_TOO_LONG: 'A parte antes do @ é demasiado longa',
    EMAIL_UNSAFE_CHARACTER: 'O endereço contém espaços ou caracteres invisíveis não permitidos',
    EMAIL_INVALID_DOMAIN: 'O domínio (a parte depois do @) não é válido',
    EMAIL_DOMAIN_LITERAL: 'Não é aceite um endereço IP como domínio',
    EMAIL_DOMAIN_NEEDS_DOT: 'O domínio está incompleto (por ex., exemplo.pt)',
    EMAIL_LABEL_TOO_LONG: 'Uma parte do domínio é demasiado longa (máx. 63 caracteres)',
    EMAIL_INVALID_TLD: 'A terminação do domínio (.pt, .com…) não é válida',
    EMAIL_RESERVED_DOMAIN: 'Este domínio é de uso reservado e não recebe e-mail',
    EMAIL_TOO_LONG: 'O endereço de e-mail é demasiado longo',
    EMAIL_NO_MX: 'O domínio não recebe e-mail (não tem registos MX nem A válidos)',
    EMAIL_BLOCKED: 'Domínio bloqueado devido à sua reputação',
    EMAIL_VALID: 'Endereço de e-mail válido',
    EMAIL_TYPO: 'Endereço de e-mail válido. Queria dizer {suggestion}?',
    EMAIL_DISPOSABLE: 'Endereço de e-mail válido, mas de um serviço de e-mail descartável',
    EMAIL_UNCHECKED: 'Endereço de e-mail válido, mas de momento não foi possível verificar os servidores de e-mail do domínio',
  },
};
