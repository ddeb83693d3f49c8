/** Spanish templates of the EMAIL field (src/messages/languages/es.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  EMAIL_EMPTY: 'Introduzca una dirección de correo electrónico',
  EMAIL_MISSING_AT_SIGN: 'Falta la @ en la dirección de correo',
  EMAIL_INVALID_LOCAL_PART: 'La parte anterior a la @ no es válida (caracteres o puntos no permitidos)',
  EMAIL_QUOTED_LOCAL_PART: 'No se admiten comillas en la dirección de correo',
  EMAIL_LOCAL_PART_TOO_LONG: 'La parte anterior a la @ es demasiado larga',
  EMAIL_UNSAFE_CHARACTER: 'La dirección contiene espacios o caracteres invisibles no permitidos',
  EMAIL_INVALID_DOMAIN: 'El dominio (lo que va después de la @) no es válido',
  EMAIL_DOMAIN_LITERAL: 'No se admite una dirección IP como dominio',
  EMAIL_DOMAIN_NEEDS_DOT: 'El dominio está incompleto (p. ej., ejemplo.es)',
  EMAIL_LABEL_TOO_LONG: 'Una parte del dominio es demasiado larga (máx. 63 caracteres)',
  EMAIL_INVALID_TLD: 'La terminación del dominio (.es, .com…) no es válida',
  EMAIL_RESERVED_DOMAIN: 'El dominio es de uso reservado y no recibe correo',
  EMAIL_TOO_LONG: 'La dirección de correo es demasiado larga',
  EMAIL_NO_MX: 'El dominio no recibe correo (no tiene registros MX ni A válidos)',
  EMAIL_BLOCKED: 'Dominio bloqueado por su reputación',
  EMAIL_VALID: 'Dirección de correo válida',
  EMAIL_TYPO: 'Dirección de correo válida. ¿Quería decir {suggestion}?',
  EMAIL_DISPOSABLE: 'Dirección de correo válida, pero de un servicio de correo temporal (desechable)',
  EMAIL_UNCHECKED: 'Dirección de correo válida, pero ahora no se han podido comprobar los servidores de correo del dominio',
};
