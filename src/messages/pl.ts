import type { MessageCatalog } from './catalog.js';

/**
 * Polish messages (docs/messages.md), in the words Polish banks and tax offices use. `{country}` and
 * `{place}` stand in parentheses or after a dash, where the nominative needs no case ending; lengths
 * are named after a colon, so no noun has to agree with the number.
 */
export const pl: MessageCatalog = {
  language: 'pl',
  northernIreland: 'Irlandia Północna',
  messages: {
    IBAN_EMPTY: 'Wpisz numer IBAN',
    IBAN_TOO_SHORT: 'Numer IBAN jest za krótki',
    IBAN_BAD_CHARACTERS: 'IBAN zawiera tylko litery i cyfry (spacje i myślniki między grupami są dozwolone)',
    IBAN_MISSING_COUNTRY_CODE: 'IBAN zaczyna się od dwuliterowego kodu kraju, np. PL lub DE',
    IBAN_CHECK_DIGITS_NOT_DIGITS: 'Znaki 3 i 4 numeru IBAN to cyfry kontrolne i muszą być cyframi',
    IBAN_UNKNOWN_COUNTRY: '{code} nie jest kodem kraju stosującego IBAN',
    IBAN_WRONG_LENGTH: 'Nieprawidłowa długość numeru IBAN ({country}); wymagana liczba znaków: {length}',
    IBAN_WRONG_LAYOUT: 'Nieprawidłowa budowa numeru IBAN ({country})',
    IBAN_RESERVED_CHECK_DIGITS: 'Cyfry kontrolne IBAN nigdy nie mają wartości {digits}; sprawdź numer',
    IBAN_BAD_CHECKSUM: 'Cyfry kontrolne IBAN się nie zgadzają; sprawdź numer',
    IBAN_VALID: 'Prawidłowy numer IBAN',

    NIF_EMPTY: 'Wpisz hiszpański numer identyfikacji podatkowej (NIF)',
    NIF_BAD_FORMAT:
      'To nie jest hiszpański NIF: oczekiwano 8 cyfr i litery (DNI), X, Y lub Z, 7 cyfr i litery (NIE), ' +
      'K, L lub M, 7 cyfr i litery albo litery formy prawnej, 7 cyfr i znaku kontrolnego',
    NIF_WRONG_CONTROL_LETTER: 'Litera kontrolna NIF się nie zgadza; sprawdź numer',
    NIF_WRONG_CONTROL_CHARACTER: 'Znak kontrolny NIF się nie zgadza; sprawdź numer',
    NIF_CONTROL_MUST_BE_DIGIT: 'NIF zaczynający się od {letter} kończy się cyfrą',
    NIF_CONTROL_MUST_BE_LETTER: 'NIF zaczynający się od {letter} kończy się literą',
    NIF_VALID: 'Prawidłowy numer NIF',
    NIE_VALID: 'Prawidłowy numer NIE',

    NAS_EMPTY: 'Wpisz kanadyjski numer ubezpieczenia społecznego (SIN)',
    NAS_NOT_NINE_DIGITS: 'Numer SIN ma dokładnie 9 cyfr',
    NAS_BAD_CHECK_DIGIT: 'Cyfra kontrolna numeru SIN się nie zgadza; sprawdź numer',
    NAS_VALID: 'Prawidłowy numer SIN',
    NAS_VALID_NOT_INDIVIDUAL: 'Prawidłowy format SIN, ale numery zaczynające się od {digit} nie są nadawane osobom fizycznym',
    NAS_VALID_TEMPORARY: 'Prawidłowy numer SIN rezydenta tymczasowego: traci ważność wraz z jego zezwoleniem na pobyt',

    SSN_EMPTY: 'Wpisz amerykański numer ubezpieczenia społecznego (SSN)',
    SSN_NOT_NINE_DIGITS: 'Numer SSN ma dokładnie 9 cyfr',
    SSN_SAMPLE_NUMBER: '{number} to znany numer przykładowy, a nie prawdziwy SSN',
    SSN_ITIN: 'To jest numer ITIN (Individual Taxpayer Identification Number), a nie SSN',
    SSN_AREA_NOT_ISSUED: 'SSN nigdy nie zaczyna się od {digits}: taki numer obszaru nie jest nadawany',
    SSN_GROUP_NOT_ISSUED: 'Dwie środkowe cyfry SSN to nigdy 00: numer grupy 00 nie jest nadawany',
    SSN_SERIAL_NOT_ISSUED: 'SSN nigdy nie kończy się na 0000: numer seryjny 0000 nie jest nadawany',
    SSN_VALID: 'Prawidłowy format SSN; SSN nie ma cyfry kontrolnej, więc dokładnie sprawdź cyfry',

    PHONE_EMPTY: 'Wpisz numer telefonu',
    PHONE_INPUT_TOO_LONG: 'To za długie na numer telefonu',
    PHONE_NOT_A_NUMBER: 'Wpisz numer telefonu cyframi, zaczynając od numeru kierunkowego kraju (np. +44 20 7946 0958)',
    PHONE_MISSING_COUNTRY_CODE: 'Dodaj numer kierunkowy kraju, zaczynając od + lub 00 (np. +44 20 7946 0958)',
    PHONE_UNKNOWN_CALLING_CODE: 'Nieznany numer kierunkowy kraju',
    PHONE_TOO_SHORT: 'Numer telefonu jest za krótki – {place}',
    PHONE_TOO_SHORT_UNNAMED: 'Numer telefonu jest za krótki',
    PHONE_TOO_LONG: 'Numer telefonu jest za długi – {place}',
    PHONE_WRONG_LENGTH: 'Numer telefonu ma nieprawidłową liczbę cyfr – {place}',
    PHONE_NOT_VALID: 'Nieprawidłowy numer telefonu – {place}',
    PHONE_HAS_EXTENSION: 'Wpisz numer telefonu bez numeru wewnętrznego (np. +44 20 7946 0958)',
    PHONE_VALID: 'Prawidłowy numer telefonu',

    VAT_EMPTY: 'Wpisz numer VAT UE z dwuliterowym prefiksem kraju',
    VAT_MISSING_PREFIX: 'Zacznij numer VAT od dwuliterowego prefiksu kraju (np. PL, DE lub EL dla Grecji)',
    VAT_GREEK_PREFIX: 'Greckie numery VAT zaczynają się od EL, nie GR: wpisz EL i 9 cyfr',
    VAT_UNKNOWN_PREFIX:
      '{code} to prefiks, którego nie można sprawdzić: użyj prefiksu państwa UE (EL dla Grecji), ' +
      'XI dla Irlandii Północnej albo GB, CH lub NO',
    VAT_WRONG_FORMAT: 'Nieprawidłowy format numeru VAT ({country})',
    VAT_BAD_CHECKSUM: 'Cyfra kontrolna numeru VAT ({country}) się nie zgadza; sprawdź numer',
    VAT_ALL_ZEROS: 'Numer z samych zer nie jest prawdziwym numerem VAT ({country}); sprawdź numer',
    VAT_NOT_REGISTERED: 'Ten numer VAT nie jest zarejestrowany w VIES ({country})',
    VAT_NOT_REGISTERED_STALE:
      'Ten numer VAT nie był zarejestrowany w VIES ({country}) przy ostatnim sprawdzeniu w dniu {date}; VIES jest teraz niedostępny',
    VAT_WELL_FORMED: 'Numer VAT ({country}) ma poprawną budowę; jego rejestracja nie została potwierdzona',
    VAT_OUTSIDE_VIES: 'Numer VAT ({country}) ma poprawną budowę; jego rejestracji nie można potwierdzić, bo VIES go nie obejmuje',
    VAT_REGISTERED: 'Prawidłowy numer VAT, zarejestrowany w VIES',
    VAT_REGISTERED_STALE: 'Prawidłowy numer VAT, zarejestrowany w VIES przy ostatnim sprawdzeniu w dniu {date}; VIES jest teraz niedostępny',
    VAT_UNVERIFIED: 'Numer VAT ma poprawną budowę, ale VIES nie mógł teraz potwierdzić jego rejestracji',

    EMAIL_EMPTY: 'Wpisz adres e-mail',
    EMAIL_MISSING_AT_SIGN: 'W adresie e-mail brakuje znaku @',
    EMAIL_INVALID_LOCAL_PART: 'Część przed @ jest nieprawidłowa',
    EMAIL_QUOTED_LOCAL_PART: 'Cudzysłów przed @ nie jest obsługiwany',
    EMAIL_LOCAL_PART_TOO_LONG: 'Część przed @ jest za długa (maks. 64 znaki)',
    EMAIL_UNSAFE_CHARACTER: 'Adres e-mail zawiera niedozwolone lub niewidoczne znaki, np. spacje',
    EMAIL_INVALID_DOMAIN: 'Domena po @ jest nieprawidłowa',
    EMAIL_DOMAIN_LITERAL: 'Adres IP zamiast domeny nie jest obsługiwany',
    EMAIL_DOMAIN_NEEDS_DOT: 'W domenie brakuje końcówki, np. .pl',
    EMAIL_LABEL_TOO_LONG: 'Część domeny jest za długa (maks. 63 znaki)',
    EMAIL_INVALID_TLD: 'Nieprawidłowa końcówka domeny',
    EMAIL_RESERVED_DOMAIN: 'Ta domena jest zarezerwowana i nie odbiera poczty',
    EMAIL_TOO_LONG: 'Adres e-mail jest za długi',
    EMAIL_NO_MX: 'Domena nie odbiera poczty (brak rekordów MX i A)',
    EMAIL_BLOCKED: 'Ta domena jest zablokowana',
    EMAIL_VALID: 'Prawidłowy adres e-mail',
    EMAIL_TYPO: 'Prawidłowy adres e-mail. Czy chodziło o {suggestion}?',
    EMAIL_DISPOSABLE: 'Prawidłowy adres e-mail, ale należy do usługi poczty jednorazowej',
    EMAIL_UNCHECKED: 'Prawidłowy adres e-mail, ale nie udało się teraz sprawdzić serwerów pocztowych domeny',
  },
};
