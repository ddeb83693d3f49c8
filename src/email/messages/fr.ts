/** French templates of the EMAIL field (src/messages/languages/fr.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
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
};
