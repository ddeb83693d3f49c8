/** German templates of the EMAIL field (src/messages/languages/de.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
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
};
