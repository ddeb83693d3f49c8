import type { MessageCatalog } from './catalog.js';

/**
 * Dutch messages (docs/messages.md), in the words Dutch and Belgian banks and the Belastingdienst use.
 * `{country}` stands in parentheses: names such as Verenigd Koninkrijk need an article after "uit".
 */
export const nl: MessageCatalog = {
  language: 'nl',
  northernIreland: 'Noord-Ierland',
  messages: {
    IBAN_EMPTY: 'Vul een IBAN in',
    IBAN_TOO_SHORT: 'Te kort voor een IBAN',
    IBAN_BAD_CHARACTERS: 'Een IBAN bevat alleen letters en cijfers (spaties en streepjes tussen de groepen mogen)',
    IBAN_MISSING_COUNTRY_CODE: 'Een IBAN begint met een landcode van twee letters, zoals NL of BE',
    IBAN_CHECK_DIGITS_NOT_DIGITS: 'Teken 3 en 4 van een IBAN vormen het controlegetal en moeten cijfers zijn',
    IBAN_UNKNOWN_COUNTRY: '{code} is geen IBAN-land',
    IBAN_WRONG_LENGTH: 'Een IBAN ({country}) heeft {length} tekens',
    IBAN_WRONG_LAYOUT: 'De opbouw klopt niet voor een IBAN ({country})',
    IBAN_RESERVED_CHECK_DIGITS: 'Het controlegetal van een IBAN is nooit {digits}; controleer het nummer',
    IBAN_BAD_CHECKSUM: 'Het controlegetal van de IBAN klopt niet; controleer het nummer',
    IBAN_VALID: 'Geldige IBAN',

    NIF_EMPTY: 'Vul een Spaans fiscaal nummer (NIF) in',
    NIF_BAD_FORMAT:
      'Geen Spaans NIF-nummer: verwacht 8 cijfers en een letter (DNI), X, Y of Z, 7 cijfers en een letter (NIE), ' +
      'K, L of M, 7 cijfers en een letter, of een rechtsvormletter, 7 cijfers en een controleteken',
    NIF_WRONG_CONTROL_LETTER: 'De controleletter van het NIF-nummer klopt niet; controleer het nummer',
    NIF_WRONG_CONTROL_CHARACTER: 'Het controleteken van het NIF-nummer klopt niet; controleer het nummer',
    NIF_CONTROL_MUST_BE_DIGIT: 'Een NIF-nummer dat met {letter} begint, eindigt op een cijfer',
    NIF_CONTROL_MUST_BE_LETTER: 'Een NIF-nummer dat met {letter} begint, eindigt op een letter',
    NIF_VALID: 'Geldig NIF-nummer',
    NIE_VALID: 'Geldig NIE-nummer',

    NAS_EMPTY: 'Vul een Canadees Social Insurance Number (SIN) in',
    NAS_NOT_NINE_DIGITS: 'Een SIN heeft precies 9 cijfers',
    NAS_BAD_CHECK_DIGIT: 'Het controlecijfer van het SIN klopt niet; controleer het nummer',
    NAS_VALID: 'Geldig SIN',
    NAS_VALID_NOT_INDIVIDUAL: 'Geldig SIN-formaat, maar nummers die met {digit} beginnen, worden niet aan personen uitgegeven',
    NAS_VALID_TEMPORARY: 'Geldig SIN van een tijdelijke inwoner: het vervalt met de verblijfsvergunning',

    SSN_EMPTY: 'Vul een Amerikaans Social Security Number (SSN) in',
    SSN_NOT_NINE_DIGITS: 'Een SSN heeft precies 9 cijfers',
    SSN_SAMPLE_NUMBER: '{number} is een bekend voorbeeldnummer, geen echt SSN',
    SSN_ITIN: 'Dit is een ITIN (Individual Taxpayer Identification Number), geen SSN',
    SSN_AREA_NOT_ISSUED: 'Een SSN begint nooit met {digits}: dat gebiedsnummer wordt nooit uitgegeven',
    SSN_GROUP_NOT_ISSUED: 'De middelste twee cijfers van een SSN zijn nooit 00: groepsnummer 00 wordt nooit uitgegeven',
    SSN_SERIAL_NOT_ISSUED: 'Een SSN eindigt nooit op 0000: volgnummer 0000 wordt nooit uitgegeven',
    SSN_VALID: 'Geldig SSN-formaat; een SSN heeft geen controlecijfer, dus controleer de cijfers goed',

    PHONE_EMPTY: 'Vul een telefoonnummer in',
    PHONE_INPUT_TOO_LONG: 'Dit is te lang voor een telefoonnummer',
    PHONE_NOT_A_NUMBER: 'Vul het telefoonnummer in cijfers in, beginnend met het landnummer (bijv. +44 20 7946 0958)',
    PHONE_MISSING_COUNTRY_CODE: 'Voeg het landnummer toe, beginnend met + of 00 (bijv. +44 20 7946 0958)',
    PHONE_UNKNOWN_CALLING_CODE: 'Onbekend landnummer',
    PHONE_TOO_SHORT: 'Telefoonnummer is te kort voor {place}',
    PHONE_TOO_SHORT_UNNAMED: 'Telefoonnummer is te kort',
    PHONE_TOO_LONG: 'Telefoonnummer is te lang voor {place}',
    PHONE_WRONG_LENGTH: 'Telefoonnummer heeft het verkeerde aantal cijfers voor {place}',
    PHONE_NOT_VALID: 'Geen geldig telefoonnummer voor {place}',
    PHONE_HAS_EXTENSION: 'Vul het telefoonnummer in zonder toestelnummer (bijv. +44 20 7946 0958)',
    PHONE_VALID: 'Geldig telefoonnummer',

    VAT_EMPTY: 'Vul een btw-nummer in, beginnend met de landcode van twee letters',
    VAT_MISSING_PREFIX: 'Begin het btw-nummer met de landcode van twee letters (bijv. NL, BE of EL voor Griekenland)',
    VAT_GREEK_PREFIX: 'Griekse btw-nummers beginnen met EL, niet GR: vul EL in, gevolgd door de 9 cijfers',
    VAT_UNKNOWN_PREFIX:
      '{code} is geen landcode die gecontroleerd kan worden: gebruik die van een EU-lidstaat (EL voor Griekenland), ' +
      'XI voor Noord-Ierland, of GB, CH of NO',
    VAT_WRONG_FORMAT: 'Geen geldig btw-nummer ({country}): het formaat klopt niet',
    VAT_BAD_CHECKSUM: 'Het controlecijfer van dit btw-nummer ({country}) klopt niet; controleer het nummer',
    VAT_ALL_ZEROS: 'Een nummer met alleen nullen is geen echt btw-nummer ({country}); controleer het nummer',
    VAT_NOT_REGISTERED: 'Dit btw-nummer is niet geregistreerd in VIES ({country})',
    VAT_NOT_REGISTERED_STALE:
      'Dit btw-nummer was bij de laatste controle op {date} niet geregistreerd in VIES ({country}); VIES is nu niet bereikbaar',
    VAT_WELL_FORMED: 'Het btw-nummer ({country}) is correct opgebouwd; de registratie is niet bevestigd',
    VAT_OUTSIDE_VIES: 'Het btw-nummer ({country}) is correct opgebouwd; de registratie kan niet bevestigd worden, omdat VIES dit land niet dekt',
    VAT_REGISTERED: 'Geldig btw-nummer, geregistreerd in VIES',
    VAT_REGISTERED_STALE: 'Geldig btw-nummer, geregistreerd in VIES bij de laatste controle op {date}; VIES is nu niet bereikbaar',
    VAT_UNVERIFIED: 'Het btw-nummer is correct opgebouwd, maar VIES kon de registratie nu niet bevestigen',

    EMAIL_EMPTY: 'Vul een e-mailadres in',
    EMAIL_MISSING_AT_SIGN: 'Het e-mailadres mist het @-teken',
    EMAIL_INVALID_LOCAL_PART: 'Het deel vóór de @ is ongeldig',
    EMAIL_QUOTED_LOCAL_PART: 'Aanhalingstekens vóór de @ worden niet ondersteund',
    EMAIL_LOCAL_PART_TOO_LONG: 'Het deel vóór de @ is te lang (max. 64 tekens)',
    EMAIL_UNSAFE_CHARACTER: 'Het e-mailadres bevat ongeldige of onzichtbare tekens, zoals spaties',
    EMAIL_INVALID_DOMAIN: 'Het domein na de @ is ongeldig',
    EMAIL_DOMAIN_LITERAL: 'Een IP-adres als domein wordt niet ondersteund',
    EMAIL_DOMAIN_NEEDS_DOT: 'Het domein mist een extensie, zoals .nl',
    EMAIL_LABEL_TOO_LONG: 'Een deel van het domein is te lang (max. 63 tekens)',
    EMAIL_INVALID_TLD: 'De domeinextensie is ongeldig',
    EMAIL_RESERVED_DOMAIN: 'Dit domein is gereserveerd en ontvangt geen e-mail',
    EMAIL_TOO_LONG: 'Het e-mailadres is te lang',
    EMAIL_NO_MX: 'Het domein ontvangt geen e-mail (geen MX- of A-records)',
    EMAIL_BLOCKED: 'Dit domein is geblokkeerd',
    EMAIL_VALID: 'Geldig e-mailadres',
    EMAIL_TYPO: 'Geldig e-mailadres. Bedoelde u {suggestion}?',
    EMAIL_DISPOSABLE: 'Geldig e-mailadres, maar van een wegwerp-e-maildienst',
    EMAIL_UNCHECKED: 'Geldig e-mailadres, maar de mailservers van het domein konden nu niet gecontroleerd worden',
  },
};
