/** German templates of the VAT field (src/messages/languages/de.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import { outsideViesList } from '../outside-vies.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  VAT_EMPTY: 'Bitte geben Sie die Umsatzsteuer-Identifikationsnummer (USt-IdNr.) mit Länderpräfix ein',
  VAT_MISSING_PREFIX: 'Bitte beginnen Sie die USt-IdNr. mit dem zweistelligen Länderpräfix (z. B. DE, AT oder EL für Griechenland)',
  VAT_GREEK_PREFIX: 'Griechische USt-IdNrn. beginnen mit EL, nicht GR: bitte EL und die 9 Ziffern eingeben',
  VAT_UNKNOWN_PREFIX:
    '{code} ist kein prüfbares Länderpräfix: verwenden Sie das Präfix eines EU-Mitgliedstaats (EL für Griechenland), ' +
    'XI für Nordirland oder ' + outsideViesList('oder'),
  VAT_WRONG_FORMAT: 'Keine gültige USt-IdNr. ({country}): das Format stimmt nicht',
  VAT_BAD_CHECKSUM: 'Die Prüfziffer der USt-IdNr. ({country}) stimmt nicht; bitte prüfen Sie die Nummer',
  VAT_ALL_ZEROS: 'Eine Nummer aus lauter Nullen ist keine echte USt-IdNr. ({country}); bitte prüfen Sie sie',
  VAT_NOT_REGISTERED: 'Diese USt-IdNr. ist in VIES nicht registriert ({country})',
  VAT_NOT_REGISTERED_STALE:
    'Diese USt-IdNr. war bei der letzten Prüfung am {date} in VIES nicht registriert ({country}); VIES ist derzeit nicht erreichbar',
  VAT_WELL_FORMED: 'Die USt-IdNr. ({country}) ist formal gültig; ihre Registrierung ist nicht bestätigt',
  VAT_OUTSIDE_VIES: 'Die USt-IdNr. ({country}) ist formal gültig; ihre Registrierung kann nicht bestätigt werden, da das EU-Register VIES sie nicht abdeckt',
  VAT_REGISTERED: 'Gültige USt-IdNr., in VIES registriert',
  VAT_REGISTERED_STALE: 'Gültige USt-IdNr., bei der letzten Prüfung am {date} in VIES registriert; VIES ist derzeit nicht erreichbar',
  VAT_UNVERIFIED: 'Die USt-IdNr. ist formal gültig, aber VIES konnte die Registrierung gerade nicht bestätigen',
  VAT_REGISTRY_REGISTERED: 'Gültige USt-IdNr., im Register {registry} registriert',
  VAT_REGISTRY_REGISTERED_STALE:
    'Gültige USt-IdNr., bei der letzten Prüfung am {date} im Register {registry} registriert; das Register ist derzeit nicht erreichbar',
  VAT_REGISTRY_NOT_REGISTERED: 'Diese USt-IdNr. ist im Register {registry} nicht registriert',
  VAT_REGISTRY_NOT_REGISTERED_STALE:
    'Diese USt-IdNr. war bei der letzten Prüfung am {date} im Register {registry} nicht registriert; das Register ist derzeit nicht erreichbar',
  VAT_REGISTRY_NOT_VAT_REGISTERED: 'Diese Nummer steht im Register {registry}, ist aber nicht für die Mehrwertsteuer registriert',
  VAT_REGISTRY_UNVERIFIED:
    'Die USt-IdNr. ist formal gültig, aber das Register {registry} konnte die Registrierung gerade nicht bestätigen',
};
