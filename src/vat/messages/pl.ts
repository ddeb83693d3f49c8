/** Polish templates of the VAT field (src/messages/languages/pl.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import { outsideViesList } from '../outside-vies.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  VAT_EMPTY: 'Wpisz numer VAT UE z dwuliterowym prefiksem kraju',
  VAT_MISSING_PREFIX: 'Zacznij numer VAT od dwuliterowego prefiksu kraju (np. PL, DE lub EL dla Grecji)',
  VAT_GREEK_PREFIX: 'Greckie numery VAT zaczynają się od EL, nie GR: wpisz EL i 9 cyfr',
  VAT_UNKNOWN_PREFIX:
    '{code} to prefiks, którego nie można sprawdzić: użyj prefiksu państwa UE (EL dla Grecji), ' +
    'XI dla Irlandii Północnej albo ' + outsideViesList('lub'),
  VAT_WRONG_FORMAT: 'Nieprawidłowy format numeru VAT ({country})',
  VAT_BAD_CHECKSUM: 'Cyfra kontrolna numeru VAT ({country}) się nie zgadza; sprawdź numer',
  VAT_ALL_ZEROS: 'Numer z samych zer nie jest prawdziwym numerem VAT ({country}); sprawdź numer',
  VAT_NOT_REGISTERED: 'Ten numer VAT nie jest zarejestrowany w VIES ({country})',
  VAT_NOT_REGISTERED_STALE:
    'Ten numer VAT nie był zarejestrowany w VIES ({country}) przy ostatnim sprawdzeniu w dniu {date}; VIES jest teraz niedostępny',
  VAT_WELL_FORMED: 'Numer VAT ({country}) ma poprawną budowę; jego rejestracja nie została potwierdzona',
  VAT_OUTSIDE_VIES: 'Numer VAT ({country}) ma poprawną budowę; jego rejestracji nie można potwierdzić, bo VIES go nie obejmuje',
  VAT_REGISTERED: 'Prawidłowy numer VAT, zarejestrowany w VIES',
  VAT_REGISTERED_STALE: 'Prawidłowy numer VAT, zarejestrowany w VIES przy ostatnim sprawdzeniu w dniu {date}; VIES jest teraz niedostępny',
  VAT_UNVERIFIED: 'Numer VAT ma poprawną budowę, ale VIES nie mógł teraz potwierdzić jego rejestracji',
  VAT_REGISTRY_REGISTERED: 'Prawidłowy numer VAT, zarejestrowany w rejestrze {registry}',
  VAT_REGISTRY_REGISTERED_STALE:
    'Prawidłowy numer VAT, zarejestrowany w rejestrze {registry} przy ostatnim sprawdzeniu w dniu {date}; rejestr jest teraz niedostępny',
  VAT_REGISTRY_NOT_REGISTERED: 'Ten numer VAT nie jest zarejestrowany w rejestrze {registry}',
  VAT_REGISTRY_NOT_REGISTERED_STALE:
    'Ten numer VAT nie był zarejestrowany w rejestrze {registry} przy ostatnim sprawdzeniu w dniu {date}; rejestr jest teraz niedostępny',
  VAT_REGISTRY_NOT_VAT_REGISTERED: 'Ten numer figuruje w rejestrze {registry}, ale nie jest zarejestrowany dla celów VAT',
  VAT_REGISTRY_UNVERIFIED:
    'Numer VAT ma poprawną budowę, ale rejestr {registry} nie mógł teraz potwierdzić jego rejestracji',
};
