/** Italian templates of the EMAIL field (src/messages/languages/it.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
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
};
