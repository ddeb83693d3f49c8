/** Italian templates of the VAT field (src/messages/languages/it.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import { outsideViesList } from '../outside-vies.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  VAT_EMPTY: 'Inserire la partita IVA, preceduta dal codice paese di due lettere',
  VAT_MISSING_PREFIX: 'Iniziare la partita IVA con il codice paese di due lettere (es. IT, DE, o EL per la Grecia)',
  VAT_GREEK_PREFIX: 'Le partite IVA greche iniziano con EL, non GR: scrivere EL seguito dalle 9 cifre',
  VAT_UNKNOWN_PREFIX:
    '{code} non è un prefisso IVA gestito: usare quello di uno Stato membro dell’UE (EL per la Grecia), ' +
    'XI per l’Irlanda del Nord, oppure ' + outsideViesList('o'),
  VAT_WRONG_FORMAT: 'Formato della partita IVA non valido ({country})',
  VAT_BAD_CHECKSUM: 'Il codice di controllo della partita IVA ({country}) non corrisponde: verificare il numero',
  VAT_ALL_ZEROS: 'Un numero di soli zeri non è una vera partita IVA ({country})',
  VAT_NOT_REGISTERED: 'Questa partita IVA non risulta registrata nel VIES ({country})',
  VAT_NOT_REGISTERED_STALE:
    'Questa partita IVA non risultava registrata nel VIES ({country}) all’ultima verifica del {date}; ' +
    'il VIES al momento non è raggiungibile',
  VAT_WELL_FORMED: 'Partita IVA formalmente corretta ({country}); la registrazione non è stata confermata',
  VAT_OUTSIDE_VIES: 'Partita IVA formalmente corretta ({country}); la registrazione non è verificabile, perché il VIES non copre questo paese',
  VAT_REGISTERED: 'Partita IVA valida, registrata nel VIES',
  VAT_REGISTERED_STALE: 'Partita IVA valida, registrata nel VIES all’ultima verifica del {date}; il VIES al momento non è raggiungibile',
  VAT_UNVERIFIED: 'Partita IVA formalmente corretta, ma al momento il VIES non ha potuto confermarne la registrazione',
  VAT_REGISTRY_REGISTERED: 'Partita IVA valida, registrata nel registro {registry}',
  VAT_REGISTRY_REGISTERED_STALE:
    'Partita IVA valida, registrata nel registro {registry} all’ultima verifica del {date}; il registro al momento non è raggiungibile',
  VAT_REGISTRY_NOT_REGISTERED: 'Questa partita IVA non risulta registrata nel registro {registry}',
  VAT_REGISTRY_NOT_REGISTERED_STALE:
    'Questa partita IVA non risultava registrata nel registro {registry} all’ultima verifica del {date}; il registro al momento non è raggiungibile',
  VAT_REGISTRY_NOT_VAT_REGISTERED: 'Questo numero figura nel registro {registry}, ma non è registrato ai fini IVA',
  VAT_REGISTRY_UNVERIFIED:
    'Partita IVA formalmente corretta, ma al momento il registro {registry} non ha potuto confermarne la registrazione',
};
