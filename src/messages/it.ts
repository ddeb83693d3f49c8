import type { MessageCatalog } from './catalog.js';

/**
 * Italian messages (docs/messages.md), in the terms of Italian forms: "partita IVA", "codice di
 * controllo", "cifre di controllo" of an IBAN, "prefisso internazionale"; requests in the impersonal
 * infinitive ("Inserire …"). `{country}` and `{place}` go in brackets or after a dash, since most
 * country names need an article ("della Francia", "dei Paesi Bassi").
 */
export const it: MessageCatalog = {
  language: 'it',
  northernIreland: 'Irlanda del Nord',
  messages: {
    IBAN_EMPTY: 'Inserire un IBAN',
    IBAN_TOO_SHORT: 'Troppo corto per essere un IBAN',
    IBAN_BAD_CHARACTERS: 'Un IBAN contiene solo lettere e cifre (spazi e trattini tra i gruppi sono ammessi)',
    IBAN_MISSING_COUNTRY_CODE: 'Un IBAN inizia con il codice paese di due lettere, ad esempio IT o DE',
    IBAN_CHECK_DIGITS_NOT_DIGITS: 'Il 3° e il 4° carattere di un IBAN sono le cifre di controllo e devono essere numeri',
    IBAN_UNKNOWN_COUNTRY: '{code} non è un codice paese IBAN',
    IBAN_WRONG_LENGTH: 'Un IBAN di questo paese ({country}) ha {length} caratteri',
    IBAN_WRONG_LAYOUT: 'L’IBAN non rispetta il formato del suo paese ({country})',
    IBAN_RESERVED_CHECK_DIGITS: 'Le cifre di controllo di un IBAN non sono mai {digits}: verificare il codice',
    IBAN_BAD_CHECKSUM: 'Le cifre di controllo dell’IBAN non corrispondono: verificare il codice',
    IBAN_VALID: 'IBAN valido',

    NIF_EMPTY: 'Inserire un NIF spagnolo',
    NIF_BAD_FORMAT:
      'NIF spagnolo non valido: sono previste 8 cifre e una lettera (DNI), X, Y o Z, 7 cifre e una lettera (NIE), ' +
      'oppure una lettera, 7 cifre e un carattere di controllo (K, L, M, enti)',
    NIF_WRONG_CONTROL_LETTER: 'La lettera di controllo del NIF non corrisponde: verificare il numero',
    NIF_WRONG_CONTROL_CHARACTER: 'Il carattere di controllo del NIF non corrisponde: verificare il numero',
    NIF_CONTROL_MUST_BE_DIGIT: 'Un NIF che inizia con {letter} termina con una cifra',
    NIF_CONTROL_MUST_BE_LETTER: 'Un NIF che inizia con {letter} termina con una lettera',
    NIF_VALID: 'NIF valido',
    NIE_VALID: 'NIE valido',

    NAS_EMPTY: 'Inserire il Social Insurance Number canadese (SIN)',
    NAS_NOT_NINE_DIGITS: 'Il SIN è composto esattamente da 9 cifre',
    NAS_BAD_CHECK_DIGIT: 'La cifra di controllo del SIN non corrisponde: verificare il numero',
    NAS_VALID: 'SIN valido',
    NAS_VALID_NOT_INDIVIDUAL: 'Formato SIN valido, ma i numeri che iniziano con {digit} non sono assegnati a persone fisiche',
    NAS_VALID_TEMPORARY: 'SIN valido, residente temporaneo: scade con il permesso del titolare',

    SSN_EMPTY: 'Inserire il Social Security Number statunitense (SSN)',
    SSN_NOT_NINE_DIGITS: 'L’SSN è composto esattamente da 9 cifre',
    SSN_SAMPLE_NUMBER: '{number} è un noto numero di esempio, non un vero SSN',
    SSN_ITIN: 'Questo è un ITIN (numero di identificazione fiscale individuale), non un SSN',
    SSN_AREA_NOT_ISSUED: 'Nessun SSN inizia con {digits}: questo numero di area non viene mai assegnato',
    SSN_GROUP_NOT_ISSUED: 'Le due cifre centrali di un SSN non sono mai 00: il gruppo 00 non viene mai assegnato',
    SSN_SERIAL_NOT_ISSUED: 'Un SSN non termina mai con 0000: la serie 0000 non viene mai assegnata',
    SSN_VALID: 'Formato SSN valido; l’SSN non ha cifra di controllo, ricontrollare le cifre',

    PHONE_EMPTY: 'Inserire un numero di telefono',
    PHONE_INPUT_TOO_LONG: 'Troppo lungo per essere un numero di telefono',
    PHONE_NOT_A_NUMBER: 'Inserire il numero in cifre, iniziando con il prefisso internazionale (es. +39 06 1234 5678)',
    PHONE_MISSING_COUNTRY_CODE: 'Aggiungere il prefisso internazionale, preceduto da + o 00 (es. +39 06 1234 5678)',
    PHONE_UNKNOWN_CALLING_CODE: 'Prefisso internazionale sconosciuto',
    PHONE_TOO_SHORT: 'Numero di telefono troppo corto – {place}',
    PHONE_TOO_SHORT_UNNAMED: 'Numero di telefono troppo corto',
    PHONE_TOO_LONG: 'Numero di telefono troppo lungo – {place}',
    PHONE_WRONG_LENGTH: 'Numero di cifre errato – {place}',
    PHONE_NOT_VALID: 'Numero di telefono non valido – {place}',
    PHONE_HAS_EXTENSION: 'Inserire il numero senza l’interno (es. +39 06 1234 5678)',
    PHONE_VALID: 'Numero di telefono valido',

    VAT_EMPTY: 'Inserire la partita IVA, preceduta dal codice paese di due lettere',
    VAT_MISSING_PREFIX: 'Iniziare la partita IVA con il codice paese di due lettere (es. IT, DE, o EL per la Grecia)',
    VAT_GREEK_PREFIX: 'Le partite IVA greche iniziano con EL, non GR: scrivere EL seguito dalle 9 cifre',
    VAT_UNKNOWN_PREFIX:
      '{code} non è un prefisso IVA gestito: usare quello di uno Stato membro dell’UE (EL per la Grecia), ' +
      'XI per l’Irlanda del Nord, oppure GB, CH o NO',
    VAT_WRONG_FORMAT: 'Formato della partita IVA non valido ({country})',
    VAT_BAD_CHECKSUM: 'Il codice di controllo della partita IVA ({country}) non corrisponde: verificare il numero',
    VAT_ALL_ZEROS: 'Un numero di soli zeri non è una vera partita IVA ({country})',
    VAT_NOT_REGISTERED: 'Questa partita IVA non risulta registrata nel VIES ({country})',
    VAT_NOT_REGISTERED_STALE:
      'Questa partita IVA non risultava registrata nel VIES ({country}) all’ultima verifica del {date}; ' +
      'il VIES al momento non è raggiungibile',
    VAT_WELL_FORMED: 'Partita IVA formalmente corretta ({country}); la registrazione non è stata confermata',
    VAT_OUTSIDE_VIES: 'Partita IVA formalmente corretta ({country}); la registrazione non è verificabile, perché il VIES non copre questo paese',
    VAT_REGISTERED: 'Partita IVA valida, registrata nel VIES',
    VAT_REGISTERED_STALE: 'Partita IVA valida, registrata nel VIES all’ultima verifica del {date}; il VIES al momento non è raggiungibile',
    VAT_UNVERIFIED: 'Partita IVA formalmente corretta, ma al momento il VIES non ha potuto confermarne la registrazione',

    EMAIL_EMPTY: 'Inserire un indirizzo email',
    EMAIL_MISSING_AT_SIGN: 'Nell’indirizzo email manca la @',
    EMAIL_INVALID_LOCAL_PART: 'La parte prima della @ non è valida',
    EMAIL_QUOTED_LOCAL_PART: 'Le virgolette non sono ammesse in un indirizzo email',
    EMAIL_LOCAL_PART_TOO_LONG: 'La parte prima della @ è troppo lunga (max 64 caratteri)',
    EMAIL_UNSAFE_CHARACTER: 'L’indirizzo email contiene uno spazio o un carattere non ammesso',
    EMAIL_INVALID_DOMAIN: 'Il dominio (dopo la @) non è valido',
    EMAIL_DOMAIN_LITERAL: 'Un indirizzo IP tra parentesi quadre non è ammesso come dominio',
    EMAIL_DOMAIN_NEEDS_DOT: 'Il dominio deve contenere un punto, ad esempio esempio.it',
    EMAIL_LABEL_TOO_LONG: 'Una parte del dominio supera i 63 caratteri',
    EMAIL_INVALID_TLD: 'L’estensione del dominio (.it, .com…) non è valida',
    EMAIL_RESERVED_DOMAIN: 'Questo dominio è riservato e non può ricevere email',
    EMAIL_TOO_LONG: 'L’indirizzo email è troppo lungo',
    EMAIL_NO_MX: 'Questo dominio non può ricevere email (nessun record MX o A)',
    EMAIL_BLOCKED: 'Questo dominio è bloccato',
    EMAIL_VALID: 'Indirizzo email valido',
    EMAIL_TYPO: 'Indirizzo email valido. Forse intendeva {suggestion}?',
    EMAIL_DISPOSABLE: 'Indirizzo email valido, ma appartiene a un servizio di email usa e getta',
    EMAIL_UNCHECKED: 'Indirizzo email valido, ma al momento non è stato possibile verificare i server di posta del dominio',
  },
};
