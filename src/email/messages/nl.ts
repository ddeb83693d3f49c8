/** Dutch templates of the EMAIL field (src/messages/languages/nl.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
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
};
