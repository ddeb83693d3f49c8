/** Dutch templates of the IBAN field (src/messages/languages/nl.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
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
  IBAN_NATIONAL_CHECK_FAILED: 'Het rekeningnummer in deze IBAN heeft een onjuist nationaal controlegetal; de bank zou het weigeren',
  IBAN_SUGGESTIONS: 'Bedoelde u {suggestion}?',
  IBAN_VALID: 'Geldige IBAN',
};
