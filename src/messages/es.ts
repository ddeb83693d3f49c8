import type { MessageCatalog } from './catalog.js';

/** One example number for every phone message that shows the form to type (a UK number reserved for drama, never assigned). */
const EXAMPLE = '(p. ej., +44 20 7946 0958)';

/** Spanish (Spain) messages: Spanish tax and banking terms, polite imperative (docs/messages.md). */
export const es: MessageCatalog = {
  language: 'es',
  northernIreland: 'Irlanda del Norte',
  messages: {
    IBAN_EMPTY: 'Introduzca el IBAN',
    IBAN_TOO_SHORT: 'Demasiado corto para ser un IBAN',
    IBAN_BAD_CHARACTERS: 'Un IBAN solo contiene letras y números (se admiten espacios y guiones entre grupos)',
    IBAN_MISSING_COUNTRY_CODE: 'Un IBAN empieza por el código de país de dos letras, como ES o FR',
    IBAN_CHECK_DIGITS_NOT_DIGITS: 'Los caracteres 3 y 4 del IBAN son los dígitos de control y deben ser números',
    IBAN_UNKNOWN_COUNTRY: '{code} no es un código de país con IBAN',
    IBAN_WRONG_LENGTH: 'Un IBAN de {country} tiene {length} caracteres',
    IBAN_WRONG_LAYOUT: 'El IBAN no sigue el formato de {country}; compruebe el número',
    IBAN_RESERVED_CHECK_DIGITS: 'Los dígitos de control de un IBAN nunca son {digits}; compruebe el número',
    IBAN_BAD_CHECKSUM: 'Los dígitos de control del IBAN no coinciden; compruebe el número',
    IBAN_VALID: 'IBAN válido',

    NIF_EMPTY: 'Introduzca el NIF',
    NIF_BAD_FORMAT:
      'No es un NIF español: DNI (8 cifras y letra), NIE (X, Y o Z, 7 cifras y letra), K, L o M con 7 cifras ' +
      'y letra, o letra de entidad, 7 cifras y carácter de control',
    NIF_WRONG_CONTROL_LETTER: 'La letra de control del NIF no es correcta; compruebe el número',
    NIF_WRONG_CONTROL_CHARACTER: 'El carácter de control del NIF no es correcto; compruebe el número',
    NIF_CONTROL_MUST_BE_DIGIT: 'En un NIF que empieza por {letter}, el carácter de control es un número',
    NIF_CONTROL_MUST_BE_LETTER: 'En un NIF que empieza por {letter}, el carácter de control es una letra',
    NIF_VALID: 'NIF válido',
    NIE_VALID: 'NIE válido',

    NAS_EMPTY: 'Introduzca el SIN (número de seguro social de Canadá)',
    NAS_NOT_NINE_DIGITS: 'El SIN tiene exactamente 9 dígitos',
    NAS_BAD_CHECK_DIGIT: 'El dígito de control del SIN no coincide; compruebe el número',
    NAS_VALID: 'SIN válido',
    NAS_VALID_NOT_INDIVIDUAL: 'Formato de SIN válido, pero los números que empiezan por {digit} no se asignan a particulares',
    NAS_VALID_TEMPORARY: 'SIN válido de residente temporal: caduca con el permiso del titular',

    SSN_EMPTY: 'Introduzca el número de Seguro Social (SSN)',
    SSN_NOT_NINE_DIGITS: 'El SSN tiene exactamente 9 dígitos',
    SSN_SAMPLE_NUMBER: '{number} es un número de ejemplo conocido, no un SSN real',
    SSN_ITIN: 'Es un ITIN (Número de Identificación Personal del Contribuyente), no un SSN',
    SSN_AREA_NOT_ISSUED: 'Un SSN nunca empieza por {digits}: ese número de área no se asigna',
    SSN_GROUP_NOT_ISSUED: 'Un SSN nunca tiene 00 en las dos cifras centrales: el número de grupo 00 no se asigna',
    SSN_SERIAL_NOT_ISSUED: 'Un SSN nunca termina en 0000: el número de serie 0000 no se asigna',
    SSN_VALID: 'Formato de SSN válido; el SSN no tiene dígito de control, así que revise las cifras',

    PHONE_EMPTY: 'Introduzca un número de teléfono',
    PHONE_INPUT_TOO_LONG: 'Es demasiado largo para ser un número de teléfono',
    PHONE_NOT_A_NUMBER: `Escriba el teléfono en cifras, empezando por el prefijo del país ${EXAMPLE}`,
    PHONE_MISSING_COUNTRY_CODE: `Añada el prefijo del país, con + o 00 delante ${EXAMPLE}`,
    PHONE_UNKNOWN_CALLING_CODE: 'Prefijo de país desconocido',
    PHONE_TOO_SHORT: 'Número de teléfono demasiado corto para {place}',
    PHONE_TOO_SHORT_UNNAMED: 'El número de teléfono es demasiado corto',
    PHONE_TOO_LONG: 'Número de teléfono demasiado largo para {place}',
    PHONE_WRONG_LENGTH: 'El número de teléfono no tiene un número de cifras válido para {place}',
    PHONE_NOT_VALID: 'Número de teléfono no válido para {place}',
    PHONE_HAS_EXTENSION: `Escriba el número de teléfono sin la extensión ${EXAMPLE}`,
    PHONE_VALID: 'Número de teléfono válido',

    VAT_EMPTY: 'Introduzca el número de IVA, empezando por el prefijo de país de dos letras',
    VAT_MISSING_PREFIX: 'Empiece el número de IVA por el prefijo de país de dos letras (p. ej., ES, FR o EL para Grecia)',
    VAT_GREEK_PREFIX: 'Los números de IVA griegos empiezan por EL, no por GR: escriba EL y las 9 cifras',
    VAT_UNKNOWN_PREFIX:
      '{code} no es un prefijo de IVA que se pueda comprobar: use el de un Estado miembro de la UE ' +
      '(EL para Grecia), XI para Irlanda del Norte, o GB, CH o NO',
    VAT_WRONG_FORMAT: 'No es un número de IVA válido de {country}',
    VAT_BAD_CHECKSUM: 'El dígito de control del número de IVA de {country} no coincide; compruébelo',
    VAT_ALL_ZEROS: 'Un número formado solo por ceros no es un número de IVA real de {country}; compruébelo',
    VAT_NOT_REGISTERED: 'Este número de IVA no está registrado en VIES para {country}',
    VAT_NOT_REGISTERED_STALE:
      'Este número de IVA no estaba registrado en VIES para {country} en la última consulta ({date}); ' +
      'ahora no se puede acceder a VIES',
    VAT_WELL_FORMED: 'El número de IVA de {country} tiene un formato correcto; no se ha confirmado su registro',
    VAT_OUTSIDE_VIES:
      'El número de IVA de {country} tiene un formato correcto; no se puede confirmar su registro, ' +
      'ya que VIES (registro de IVA de la UE) no lo incluye',
    VAT_REGISTERED: 'Número de IVA válido, registrado en VIES',
    VAT_REGISTERED_STALE: 'Número de IVA válido, registrado en VIES en la última consulta ({date}); ahora no se puede acceder a VIES',
    VAT_UNVERIFIED: 'El número de IVA tiene un formato correcto, pero VIES no ha podido confirmar ahora su registro',

    EMAIL_EMPTY: 'Introduzca una dirección de correo electrónico',
    EMAIL_MISSING_AT_SIGN: 'Falta la @ en la dirección de correo',
    EMAIL_INVALID_LOCAL_PART: 'La parte anterior a la @ no es válida (caracteres o puntos no permitidos)',
    EMAIL_QUOTED_LOCAL_PART: 'No se admiten comillas en la dirección de correo',
    EMAIL_LOCAL_PART_TOO_LONG: 'La parte anterior a la @ es demasiado larga',
    EMAIL_UNSAFE_CHARACTER: 'La dirección contiene espacios o caracteres invisibles no permitidos',
    EMAIL_INVALID_DOMAIN: 'El dominio (lo que va después de la @) no es válido',
    EMAIL_DOMAIN_LITERAL: 'No se admite una dirección IP como dominio',
    EMAIL_DOMAIN_NEEDS_DOT: 'El dominio está incompleto (p. ej., ejemplo.es)',
    EMAIL_LABEL_TOO_LONG: 'Una parte del dominio es demasiado larga (máx. 63 caracteres)',
    EMAIL_INVALID_TLD: 'La terminación del dominio (.es, .com…) no es válida',
    EMAIL_RESERVED_DOMAIN: 'El dominio es de uso reservado y no recibe correo',
    EMAIL_TOO_LONG: 'La dirección de correo es demasiado larga',
    EMAIL_NO_MX: 'El dominio no recibe correo (no tiene registros MX ni A válidos)',
    EMAIL_BLOCKED: 'Dominio bloqueado por su reputación',
    EMAIL_VALID: 'Dirección de correo válida',
    EMAIL_TYPO: 'Dirección de correo válida. ¿Quería decir {suggestion}?',
    EMAIL_DISPOSABLE: 'Dirección de correo válida, pero de un servicio de correo temporal (desechable)',
    EMAIL_UNCHECKED: 'Dirección de correo válida, pero ahora no se han podido comprobar los servidores de correo del dominio',
  },
};
