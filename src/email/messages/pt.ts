/** European Portuguese templates of the EMAIL field (src/messages/languages/pt.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  EMAIL_EMPTY: 'Introduza um endereço de e-mail',
  EMAIL_MISSING_AT_SIGN: 'Falta o @ no endereço de e-mail',
  EMAIL_INVALID_LOCAL_PART: 'A parte antes do @ não é válida (caracteres ou pontos não permitidos)',
  EMAIL_QUOTED_LOCAL_PART: 'Não são aceites aspas no endereço de e-mail',
  EMAIL_LOCAL_PART_TOO_LONG: 'A parte antes do @ é demasiado longa',
  EMAIL_UNSAFE_CHARACTER: 'O endereço contém espaços ou caracteres invisíveis não permitidos',
  EMAIL_INVALID_DOMAIN: 'O domínio (a parte depois do @) não é válido',
  EMAIL_DOMAIN_LITERAL: 'Não é aceite um endereço IP como domínio',
  EMAIL_DOMAIN_NEEDS_DOT: 'O domínio está incompleto (por ex., exemplo.pt)',
  EMAIL_LABEL_TOO_LONG: 'Uma parte do domínio é demasiado longa (máx. 63 caracteres)',
  EMAIL_INVALID_TLD: 'A terminação do domínio (.pt, .com…) não é válida',
  EMAIL_RESERVED_DOMAIN: 'Este domínio é de uso reservado e não recebe e-mail',
  EMAIL_TOO_LONG: 'O endereço de e-mail é demasiado longo',
  EMAIL_NO_MX: 'O domínio não recebe e-mail (não tem registos MX nem A válidos)',
  EMAIL_BLOCKED: 'Domínio bloqueado devido à sua reputação',
  EMAIL_VALID: 'Endereço de e-mail válido',
  EMAIL_TYPO: 'Endereço de e-mail válido. Queria dizer {suggestion}?',
  EMAIL_DISPOSABLE: 'Endereço de e-mail válido, mas de um serviço de e-mail descartável',
  EMAIL_UNCHECKED: 'Endereço de e-mail válido, mas de momento não foi possível verificar os servidores de e-mail do domínio',
};
