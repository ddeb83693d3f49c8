/** Dutch templates of the SSN field (src/messages/languages/nl.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  SSN_EMPTY: 'Vul een Amerikaans Social Security Number (SSN) in',
  SSN_NOT_NINE_DIGITS: 'Een SSN heeft precies 9 cijfers',
  SSN_SAMPLE_NUMBER: '{number} is een bekend voorbeeldnummer, geen echt SSN',
  SSN_ITIN: 'Dit is een ITIN (Individual Taxpayer Identification Number), geen SSN',
  SSN_AREA_NOT_ISSUED: 'Een SSN begint nooit met {digits}: dat gebiedsnummer wordt nooit uitgegeven',
  SSN_GROUP_NOT_ISSUED: 'De middelste twee cijfers van een SSN zijn nooit 00: groepsnummer 00 wordt nooit uitgegeven',
  SSN_SERIAL_NOT_ISSUED: 'Een SSN eindigt nooit op 0000: volgnummer 0000 wordt nooit uitgegeven',
  SSN_VALID: 'Geldig SSN-formaat; een SSN heeft geen controlecijfer, dus controleer de cijfers goed',
};
