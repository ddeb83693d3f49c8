/** Spanish templates of the VAT field (src/messages/languages/es.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import { outsideViesList } from '../outside-vies.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  VAT_EMPTY: 'Introduzca el número de IVA, empezando por el prefijo de país de dos letras',
  VAT_MISSING_PREFIX: 'Empiece el número de IVA por el prefijo de país de dos letras (p. ej., ES, FR o EL para Grecia)',
  VAT_GREEK_PREFIX: 'Los números de IVA griegos empiezan por EL, no por GR: escriba EL y las 9 cifras',
  VAT_UNKNOWN_PREFIX:
    '{code} no es un prefijo de IVA que se pueda comprobar: use el de un Estado miembro de la UE ' +
    '(EL para Grecia), XI para Irlanda del Norte, o ' + outsideViesList('o'),
  VAT_WRONG_FORMAT: 'No es un número de IVA válido de {country}',
  VAT_BAD_CHECKSUM: 'El dígito de control del número de IVA de {country} no coincide; compruébelo',
  VAT_ALL_ZEROS: 'Un número formado solo por ceros no es un número de IVA real de {country}; compruébelo',
  VAT_NOT_REGISTERED: 'Este número de IVA no está registrado en VIES para {country}',
  VAT_NOT_REGISTERED_STALE:
    'Este número de IVA no estaba registrado en VIES para {country} en la última consulta ({date}); ' +
    'ahora no se puede acceder a VIES',
  VAT_WELL_FORMED: 'El número de IVA de {country} tiene un formato correcto; no se ha confirmado su registro',
  VAT_OUTSIDE_VIES:
    'El número de IVA de {country} tiene un formato correcto; no se puede confirmar su registro, ' +
    'ya que VIES (registro de IVA de la UE) no lo incluye',
  VAT_REGISTERED: 'Número de IVA válido, registrado en VIES',
  VAT_REGISTERED_STALE: 'Número de IVA válido, registrado en VIES en la última consulta ({date}); ahora no se puede acceder a VIES',
  VAT_UNVERIFIED: 'El número de IVA tiene un formato correcto, pero VIES no ha podido confirmar ahora su registro',
  VAT_REGISTRY_REGISTERED: 'Número de IVA válido, registrado en el registro {registry}',
  VAT_REGISTRY_REGISTERED_STALE:
    'Número de IVA válido, registrado en el registro {registry} en la última consulta ({date}); ahora no se puede acceder al registro',
  VAT_REGISTRY_NOT_REGISTERED: 'Este número de IVA no está registrado en el registro {registry}',
  VAT_REGISTRY_NOT_REGISTERED_STALE:
    'Este número de IVA no estaba registrado en el registro {registry} en la última consulta ({date}); ahora no se puede acceder al registro',
  VAT_REGISTRY_NOT_VAT_REGISTERED: 'Este número figura en el registro {registry}, pero no está registrado a efectos del IVA',
  VAT_REGISTRY_UNVERIFIED:
    'El número de IVA tiene un formato correcto, pero el registro {registry} no ha podido confirmar ahora su registro',
};
