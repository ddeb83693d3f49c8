import type { MessageCatalog } from './catalog.js';

/**
 * French messages (docs/messages.md), in the terms of French forms: "clé" for IBAN and VAT check
 * digits, "numéro de TVA intracommunautaire", "NAS" for the Canadian SIN. `{country}` and `{place}`
 * go in brackets or after a dash, since "de {country}" would need "de la", "du" or "des".
 */
export const fr: MessageCatalog = {
  language: 'fr',
  northernIreland: 'Irlande du Nord',
  messages: {
    IBAN_EMPTY: 'Veuillez saisir un IBAN',
    IBAN_TOO_SHORT: 'Trop court pour être un IBAN',
    IBAN_BAD_CHARACTERS: 'Un IBAN ne contient que des lettres et des chiffres (espaces et tirets acceptés entre les groupes)',
    IBAN_MISSING_COUNTRY_CODE: 'Un IBAN commence par un code pays de deux lettres, par exemple FR ou DE',
    IBAN_CHECK_DIGITS_NOT_DIGITS: 'Les caractères 3 et 4 d’un IBAN forment sa clé et doivent être des chiffres',
    IBAN_UNKNOWN_COUNTRY: '{code} n’est pas un code pays IBAN',
    IBAN_WRONG_LENGTH: 'Un IBAN de ce pays ({country}) compte {length} caractères',
    IBAN_WRONG_LAYOUT: 'Cet IBAN ne respecte pas le format de son pays ({country})',
    IBAN_RESERVED_CHECK_DIGITS: 'La clé d’un IBAN n’est jamais {digits} : vérifiez le numéro',
    IBAN_BAD_CHECKSUM: 'La clé de l’IBAN est incorrecte : vérifiez le numéro',
    IBAN_VALID: 'IBAN valide',

    NIF_EMPTY: 'Veuillez saisir un NIF espagnol',
    NIF_BAD_FORMAT:
      'NIF espagnol invalide : attendu 8 chiffres et une lettre (DNI), X, Y ou Z, 7 chiffres et une lettre (NIE), ' +
      'ou une lettre, 7 chiffres et un caractère de contrôle (K, L, M, entités)',
    NIF_WRONG_CONTROL_LETTER: 'La lettre de contrôle du NIF est incorrecte : vérifiez le numéro',
    NIF_WRONG_CONTROL_CHARACTER: 'Le caractère de contrôle du NIF est incorrect : vérifiez le numéro',
    NIF_CONTROL_MUST_BE_DIGIT: 'Un NIF commençant par {letter} se termine par un chiffre',
    NIF_CONTROL_MUST_BE_LETTER: 'Un NIF commençant par {letter} se termine par une lettre',
    NIF_VALID: 'NIF valide',
    NIE_VALID: 'NIE valide',

    NAS_EMPTY: 'Veuillez saisir un numéro d’assurance sociale (NAS)',
    NAS_NOT_NINE_DIGITS: 'Un NAS compte exactement 9 chiffres',
    NAS_BAD_CHECK_DIGIT: 'Le chiffre de contrôle du NAS est incorrect : vérifiez le numéro',
    NAS_VALID: 'NAS valide',
    NAS_VALID_NOT_INDIVIDUAL: 'Format de NAS valide, mais les numéros commençant par {digit} ne sont pas attribués aux particuliers',
    NAS_VALID_TEMPORARY: 'NAS valide, résident temporaire : il expire avec le permis du titulaire',

    SSN_EMPTY: 'Veuillez saisir un numéro de sécurité sociale américain (SSN)',
    SSN_NOT_NINE_DIGITS: 'Un SSN compte exactement 9 chiffres',
    SSN_SAMPLE_NUMBER: '{number} est un numéro d’exemple connu, pas un vrai SSN',
    SSN_ITIN: 'Ceci est un ITIN (numéro d’identification fiscale individuel), pas un SSN',
    SSN_AREA_NOT_ISSUED: 'Un SSN ne commence jamais par {digits} : ce numéro de zone n’est jamais attribué',
    SSN_GROUP_NOT_ISSUED: 'Les deux chiffres du milieu d’un SSN ne sont jamais 00 : le groupe 00 n’est jamais attribué',
    SSN_SERIAL_NOT_ISSUED: 'Un SSN ne se termine jamais par 0000 : la série 0000 n’est jamais attribuée',
    SSN_VALID: 'Format de SSN valide ; un SSN n’a pas de chiffre de contrôle, vérifiez bien les chiffres',

    PHONE_EMPTY: 'Veuillez saisir un numéro de téléphone',
    PHONE_INPUT_TOO_LONG: 'Trop long pour être un numéro de téléphone',
    PHONE_NOT_A_NUMBER: 'Saisissez le numéro en chiffres, en commençant par l’indicatif du pays (ex. : +33 1 99 00 12 34)',
    PHONE_MISSING_COUNTRY_CODE: 'Ajoutez l’indicatif du pays, précédé de + ou 00 (ex. : +33 1 99 00 12 34)',
    PHONE_UNKNOWN_CALLING_CODE: 'Indicatif de pays inconnu',
    PHONE_TOO_SHORT: 'Numéro de téléphone trop court – {place}',
    PHONE_TOO_SHORT_UNNAMED: 'Numéro de téléphone trop court',
    PHONE_TOO_LONG: 'Numéro de téléphone trop long – {place}',
    PHONE_WRONG_LENGTH: 'Nombre de chiffres incorrect – {place}',
    PHONE_NOT_VALID: 'Numéro de téléphone non valide – {place}',
    PHONE_HAS_EXTENSION: 'Saisissez le numéro sans le poste (ex. : +33 1 99 00 12 34)',
    PHONE_VALID: 'Numéro de téléphone valide',

    VAT_EMPTY: 'Veuillez saisir un numéro de TVA intracommunautaire, précédé du code pays à deux lettres',
    VAT_MISSING_PREFIX: 'Commencez le numéro de TVA par le code pays à deux lettres (ex. : FR, DE, ou EL pour la Grèce)',
    VAT_GREEK_PREFIX: 'Les numéros de TVA grecs commencent par EL, et non GR : saisissez EL suivi des 9 chiffres',
    VAT_UNKNOWN_PREFIX:
      '{code} n’est pas un préfixe de TVA pris en charge : utilisez celui d’un État membre de l’UE (EL pour la Grèce), ' +
      'XI pour l’Irlande du Nord, ou GB, CH ou NO',
    VAT_WRONG_FORMAT: 'Format de numéro de TVA invalide ({country})',
    VAT_BAD_CHECKSUM: 'La clé de ce numéro de TVA ({country}) est incorrecte : vérifiez le numéro',
    VAT_ALL_ZEROS: 'Un numéro composé uniquement de zéros n’est pas un vrai numéro de TVA ({country})',
    VAT_NOT_REGISTERED: 'Ce numéro de TVA n’est pas enregistré dans VIES ({country})',
    VAT_NOT_REGISTERED_STALE:
      'Ce numéro de TVA n’était pas enregistré dans VIES ({country}) lors de la dernière vérification, le {date} ; ' +
      'VIES est injoignable pour le moment',
    VAT_WELL_FORMED: 'Numéro de TVA bien formé ({country}) ; son immatriculation n’a pas été confirmée',
    VAT_OUTSIDE_VIES: 'Numéro de TVA bien formé ({country}) ; VIES ne couvrant pas ce pays, son immatriculation ne peut être confirmée',
    VAT_REGISTERED: 'Numéro de TVA valide, enregistré dans VIES',
    VAT_REGISTERED_STALE: 'Numéro de TVA valide, enregistré dans VIES lors de la dernière vérification, le {date} ; VIES est injoignable pour le moment',
    VAT_UNVERIFIED: 'Numéro de TVA bien formé, mais VIES n’a pas pu confirmer son immatriculation pour le moment',

    EMAIL_EMPTY: 'Veuillez saisir une adresse e-mail',
    EMAIL_MISSING_AT_SIGN: 'Il manque le @ dans l’adresse e-mail',
    EMAIL_INVALID_LOCAL_PART: 'La partie avant le @ n’est pas valide',
    EMAIL_QUOTED_LOCAL_PART: 'Les guillemets ne sont pas acceptés dans une adresse e-mail',
    EMAIL_LOCAL_PART_TOO_LONG: 'La partie avant le @ est trop longue (64 caractères max.)',
    EMAIL_UNSAFE_CHARACTER: 'L’adresse e-mail contient un espace ou un caractère non autorisé',
    EMAIL_INVALID_DOMAIN: 'Le domaine (après le @) n’est pas valide',
    EMAIL_DOMAIN_LITERAL: 'Une adresse IP entre crochets n’est pas acceptée comme domaine',
    EMAIL_DOMAIN_NEEDS_DOT: 'Le domaine doit contenir un point, par exemple exemple.fr',
    EMAIL_LABEL_TOO_LONG: 'Une partie du domaine dépasse 63 caractères',
    EMAIL_INVALID_TLD: 'L’extension du domaine (.fr, .com…) n’est pas valide',
    EMAIL_RESERVED_DOMAIN: 'Ce domaine est réservé et ne peut pas recevoir d’e-mails',
    EMAIL_TOO_LONG: 'L’adresse e-mail est trop longue',
    EMAIL_NO_MX: 'Ce domaine ne peut pas recevoir d’e-mails (aucun enregistrement MX ou A)',
    EMAIL_BLOCKED: 'Ce domaine est bloqué',
    EMAIL_VALID: 'Adresse e-mail valide',
    EMAIL_TYPO: 'Adresse e-mail valide. Vouliez-vous dire {suggestion} ?',
    EMAIL_DISPOSABLE: 'Adresse e-mail valide, mais elle provient d’un service d’e-mails jetables',
    EMAIL_UNCHECKED: 'Adresse e-mail valide, mais les serveurs de messagerie de son domaine n’ont pas pu être vérifiés pour le moment',
  },
};
