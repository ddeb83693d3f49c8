import type { MessageCatalog } from './catalog.js';

/**
 * German messages (docs/messages.md), in the words German banks and tax offices use. `{country}` and
 * `{place}` stand in parentheses or after a dash: feminine and plural country names (die Schweiz,
 * die Niederlande) would need an article after "für" or "aus".
 */
export const de: MessageCatalog = {
  language: 'de',
  northernIreland: 'Nordirland',
  messages: {
    IBAN_EMPTY: 'Bitte geben Sie eine IBAN ein',
    IBAN_TOO_SHORT: 'Zu kurz für eine IBAN',
    IBAN_BAD_CHARACTERS: 'Eine IBAN enthält nur Buchstaben und Ziffern (Leerzeichen und Bindestriche zwischen den Blöcken sind erlaubt)',
    IBAN_MISSING_COUNTRY_CODE: 'Eine IBAN beginnt mit einem zweistelligen Ländercode, z. B. DE oder AT',
    IBAN_CHECK_DIGITS_NOT_DIGITS: 'Die Stellen 3 und 4 einer IBAN sind die Prüfziffern und müssen Ziffern sein',
    IBAN_UNKNOWN_COUNTRY: '{code} ist kein IBAN-Land',
    IBAN_WRONG_LENGTH: 'Eine IBAN ({country}) hat {length} Stellen',
    IBAN_WRONG_LAYOUT: 'Der Aufbau passt nicht zu einer IBAN ({country})',
    IBAN_RESERVED_CHECK_DIGITS: 'Die Prüfziffern einer IBAN sind nie {digits}; bitte prüfen Sie die Nummer',
    IBAN_BAD_CHECKSUM: 'Die Prüfziffern der IBAN stimmen nicht; bitte prüfen Sie die Nummer',
    IBAN_VALID: 'Gültige IBAN',

    NIF_EMPTY: 'Bitte geben Sie eine spanische Steuernummer (NIF) ein',
    NIF_BAD_FORMAT:
      'Keine spanische NIF: erwartet werden 8 Ziffern und ein Buchstabe (DNI), X, Y oder Z, 7 Ziffern und ein ' +
      'Buchstabe (NIE), K, L oder M, 7 Ziffern und ein Buchstabe, oder ein Rechtsformbuchstabe, 7 Ziffern und ein Kontrollzeichen',
    NIF_WRONG_CONTROL_LETTER: 'Der Kontrollbuchstabe der NIF stimmt nicht; bitte prüfen Sie die Nummer',
    NIF_WRONG_CONTROL_CHARACTER: 'Das Kontrollzeichen der NIF stimmt nicht; bitte prüfen Sie die Nummer',
    NIF_CONTROL_MUST_BE_DIGIT: 'Eine NIF, die mit {letter} beginnt, endet mit einer Ziffer',
    NIF_CONTROL_MUST_BE_LETTER: 'Eine NIF, die mit {letter} beginnt, endet mit einem Buchstaben',
    NIF_VALID: 'Gültige NIF',
    NIE_VALID: 'Gültige NIE',

    NAS_EMPTY: 'Bitte geben Sie eine kanadische Sozialversicherungsnummer (SIN) ein',
    NAS_NOT_NINE_DIGITS: 'Eine SIN hat genau 9 Ziffern',
    NAS_BAD_CHECK_DIGIT: 'Die Prüfziffer der SIN stimmt nicht; bitte prüfen Sie die Nummer',
    NAS_VALID: 'Gültige SIN',
    NAS_VALID_NOT_INDIVIDUAL: 'Gültiges SIN-Format, aber Nummern, die mit {digit} beginnen, werden nicht an Privatpersonen vergeben',
    NAS_VALID_TEMPORARY: 'Gültige SIN für befristeten Aufenthalt: sie läuft mit der Aufenthaltsgenehmigung ab',

    SSN_EMPTY: 'Bitte geben Sie eine US-Sozialversicherungsnummer (SSN) ein',
    SSN_NOT_NINE_DIGITS: 'Eine SSN hat genau 9 Ziffern',
    SSN_SAMPLE_NUMBER: '{number} ist eine bekannte Beispielnummer, keine echte SSN',
    SSN_ITIN: 'Dies ist eine ITIN (Individual Taxpayer Identification Number), keine SSN',
    SSN_AREA_NOT_ISSUED: 'Eine SSN beginnt nie mit {digits}: diese Bereichsnummer wird nie vergeben',
    SSN_GROUP_NOT_ISSUED: 'Die mittleren zwei Ziffern einer SSN sind nie 00: die Gruppennummer 00 wird nie vergeben',
    SSN_SERIAL_NOT_ISSUED: 'Eine SSN endet nie auf 0000: die Seriennummer 0000 wird nie vergeben',
    SSN_VALID: 'Gültiges SSN-Format; eine SSN hat keine Prüfziffer, bitte prüfen Sie die Ziffern genau',

    PHONE_EMPTY: 'Bitte geben Sie eine Telefonnummer ein',
    PHONE_INPUT_TOO_LONG: 'Zu lang für eine Telefonnummer',
    PHONE_NOT_A_NUMBER: 'Bitte geben Sie die Telefonnummer in Ziffern mit Ländervorwahl ein (z. B. +44 20 7946 0958)',
    PHONE_MISSING_COUNTRY_CODE: 'Bitte ergänzen Sie die Ländervorwahl mit + oder 00 (z. B. +44 20 7946 0958)',
    PHONE_UNKNOWN_CALLING_CODE: 'Unbekannte Ländervorwahl',
    PHONE_TOO_SHORT: 'Die Telefonnummer ist zu kurz – {place}',
    PHONE_TOO_SHORT_UNNAMED: 'Die Telefonnummer ist zu kurz',
    PHONE_TOO_LONG: 'Die Telefonnummer ist zu lang – {place}',
    PHONE_WRONG_LENGTH: 'Die Telefonnummer hat die falsche Anzahl Ziffern – {place}',
    PHONE_NOT_VALID: 'Keine gültige Telefonnummer – {place}',
    PHONE_HAS_EXTENSION: 'Bitte geben Sie die Telefonnummer ohne Durchwahl ein (z. B. +44 20 7946 0958)',
    PHONE_VALID: 'Gültige Telefonnummer',

    VAT_EMPTY: 'Bitte geben Sie die Umsatzsteuer-Identifikationsnummer (USt-IdNr.) mit Länderpräfix ein',
    VAT_MISSING_PREFIX: 'Bitte beginnen Sie die USt-IdNr. mit dem zweistelligen Länderpräfix (z. B. DE, AT oder EL für Griechenland)',
    VAT_GREEK_PREFIX: 'Griechische USt-IdNrn. beginnen mit EL, nicht GR: bitte EL und die 9 Ziffern eingeben',
    VAT_UNKNOWN_PREFIX:
      '{code} ist kein prüfbares Länderpräfix: verwenden Sie das Präfix eines EU-Mitgliedstaats (EL für Griechenland), ' +
      'XI für Nordirland oder GB, CH oder NO',
    VAT_WRONG_FORMAT: 'Keine gültige USt-IdNr. ({country}): das Format stimmt nicht',
    VAT_BAD_CHECKSUM: 'Die Prüfziffer der USt-IdNr. ({country}) stimmt nicht; bitte prüfen Sie die Nummer',
    VAT_ALL_ZEROS: 'Eine Nummer aus lauter Nullen ist keine echte USt-IdNr. ({country}); bitte prüfen Sie sie',
    VAT_NOT_REGISTERED: 'Diese USt-IdNr. ist in VIES nicht registriert ({country})',
    VAT_NOT_REGISTERED_STALE:
      'Diese USt-IdNr. war bei der letzten Prüfung am {date} in VIES nicht registriert ({country}); VIES ist derzeit nicht erreichbar',
    VAT_WELL_FORMED: 'Die USt-IdNr. ({country}) ist formal gültig; ihre Registrierung ist nicht bestätigt',
    VAT_OUTSIDE_VIES: 'Die USt-IdNr. ({country}) ist formal gültig; ihre Registrierung kann nicht bestätigt werden, da das EU-Register VIES sie nicht abdeckt',
    VAT_REGISTERED: 'Gültige USt-IdNr., in VIES registriert',
    VAT_REGISTERED_STALE: 'Gültige USt-IdNr., bei der letzten Prüfung am {date} in VIES registriert; VIES ist derzeit nicht erreichbar',
    VAT_UNVERIFIED: 'Die USt-IdNr. ist formal gültig, aber VIES konnte die Registrierung gerade nicht bestätigen',

    EMAIL_EMPTY: 'Bitte geben Sie eine E-Mail-Adresse ein',
    EMAIL_MISSING_AT_SIGN: 'In der E-Mail-Adresse fehlt das @-Zeichen',
    EMAIL_INVALID_LOCAL_PART: 'Der Teil vor dem @ ist ungültig',
    EMAIL_QUOTED_LOCAL_PART: 'Anführungszeichen vor dem @ werden nicht unterstützt',
    EMAIL_LOCAL_PART_TOO_LONG: 'Der Teil vor dem @ ist zu lang (max. 64 Zeichen)',
    EMAIL_UNSAFE_CHARACTER: 'Die E-Mail-Adresse enthält unzulässige oder unsichtbare Zeichen, z. B. Leerzeichen',
    EMAIL_INVALID_DOMAIN: 'Die Domain nach dem @ ist ungültig',
    EMAIL_DOMAIN_LITERAL: 'Eine IP-Adresse als Domain wird nicht unterstützt',
    EMAIL_DOMAIN_NEEDS_DOT: 'Der Domain fehlt die Endung, z. B. .de',
    EMAIL_LABEL_TOO_LONG: 'Ein Teil der Domain ist zu lang (max. 63 Zeichen)',
    EMAIL_INVALID_TLD: 'Die Endung der Domain ist ungültig',
    EMAIL_RESERVED_DOMAIN: 'Diese Domain ist reserviert und empfängt keine E-Mails',
    EMAIL_TOO_LONG: 'Die E-Mail-Adresse ist zu lang',
    EMAIL_NO_MX: 'Die Domain empfängt keine E-Mails (keine MX- oder A-Einträge)',
    EMAIL_BLOCKED: 'Diese Domain ist gesperrt',
    EMAIL_VALID: 'Gültige E-Mail-Adresse',
    EMAIL_TYPO: 'Gültige E-Mail-Adresse. Meinten Sie {suggestion}?',
    EMAIL_DISPOSABLE: 'Gültige E-Mail-Adresse, aber von einem Wegwerf-E-Mail-Dienst',
    EMAIL_UNCHECKED: 'Gültige E-Mail-Adresse, aber die Mailserver der Domain konnten gerade nicht geprüft werden',
  },
};
