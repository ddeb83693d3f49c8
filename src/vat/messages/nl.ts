/** Dutch templates of the VAT field (src/messages/languages/nl.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import { outsideViesList } from '../outside-vies.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  VAT_EMPTY: 'Vul een btw-nummer in, beginnend met de landcode van twee letters',
  VAT_MISSING_PREFIX: 'Begin het btw-nummer met de landcode van twee letters (bijv. NL, BE of EL voor Griekenland)',
  VAT_GREEK_PREFIX: 'Griekse btw-nummers beginnen met EL, niet GR: vul EL in, gevolgd door de 9 cijfers',
  VAT_UNKNOWN_PREFIX:
    '{code} is geen landcode die gecontroleerd kan worden: gebruik die van een EU-lidstaat (EL voor Griekenland), ' +
    'XI voor Noord-Ierland, of ' + outsideViesList('of'),
  VAT_WRONG_FORMAT: 'Geen geldig btw-nummer ({country}): het formaat klopt niet',
  VAT_BAD_CHECKSUM: 'Het controlecijfer van dit btw-nummer ({country}) klopt niet; controleer het nummer',
  VAT_ALL_ZEROS: 'Een nummer met alleen nullen is geen echt btw-nummer ({country}); controleer het nummer',
  VAT_NOT_REGISTERED: 'Dit btw-nummer is niet geregistreerd in VIES ({country})',
  VAT_NOT_REGISTERED_STALE:
    'Dit btw-nummer was bij de laatste controle op {date} niet geregistreerd in VIES ({country}); VIES is nu niet bereikbaar',
  VAT_WELL_FORMED: 'Het btw-nummer ({country}) is correct opgebouwd; de registratie is niet bevestigd',
  VAT_OUTSIDE_VIES: 'Het btw-nummer ({country}) is correct opgebouwd; de registratie kan niet bevestigd worden, omdat VIES dit land niet dekt',
  VAT_REGISTERED: 'Geldig btw-nummer, geregistreerd in VIES',
  VAT_REGISTERED_STALE: 'Geldig btw-nummer, geregistreerd in VIES bij de laatste controle op {date}; VIES is nu niet bereikbaar',
  VAT_UNVERIFIED: 'Het btw-nummer is correct opgebouwd, maar VIES kon de registratie nu niet bevestigen',
  VAT_REGISTRY_REGISTERED: 'Geldig btw-nummer, geregistreerd in het register {registry}',
  VAT_REGISTRY_REGISTERED_STALE:
    'Geldig btw-nummer, geregistreerd in het register {registry} bij de laatste controle op {date}; het register is nu niet bereikbaar',
  VAT_REGISTRY_NOT_REGISTERED: 'Dit btw-nummer is niet geregistreerd in het register {registry}',
  VAT_REGISTRY_NOT_REGISTERED_STALE:
    'Dit btw-nummer was bij de laatste controle op {date} niet geregistreerd in het register {registry}; het register is nu niet bereikbaar',
  VAT_REGISTRY_NOT_VAT_REGISTERED: 'Dit nummer staat in het register {registry}, maar is niet voor de btw geregistreerd',
  VAT_REGISTRY_UNVERIFIED:
    'Het btw-nummer is correct opgebouwd, maar het register {registry} kon de registratie nu niet bevestigen',
};
