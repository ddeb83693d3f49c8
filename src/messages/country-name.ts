/**
 * Country names in a catalog's language, for the `{country}` and `{place}` facts. The names come
 * from the runtime's Intl data (every browser and Node 20 has it), so no catalog carries a list of
 * countries; only Northern Ireland, which has no ISO region code, is named by the catalog itself.
 */
import type { MessageCatalog } from './catalog.js';

/** Per language: the runtime's region names (null when it has none for the tag), and the names already asked. */
interface RegionNames {
  readonly display: Intl.DisplayNames | null;
  readonly byCode: Map<string, string>;
}

// A DisplayNames costs far more to build than a lookup, and a form uses one or two languages.
const namesByLanguage = new Map<string, RegionNames>();

const REGION_CODE = /^[A-Z]{2}$/;

/** VAT prefixes that are not the ISO region code of their country. */
const VAT_PREFIX_REGION: Readonly<Record<string, string>> = { EL: 'GR' };

function regionNamesOf(language: string): RegionNames {
  let names = namesByLanguage.get(language);
  if (names === undefined) {
    let display: Intl.DisplayNames | null = null;
    try {
      if (typeof Intl === 'object' && typeof Intl.DisplayNames === 'function') {
        display = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
      }
    } catch {
      // A language tag the runtime rejects: codes are shown as they are.
    }
    names = { display, byCode: new Map() };
    namesByLanguage.set(language, names);
  }
  return names;
}

/**
 * The name of the country of `code` (an ISO region code, or a VAT prefix: EL is Greece, XI
 * Northern Ireland) in the catalog's language; the code itself when the runtime knows no name.
 * @example
 * ```ts
 * import { es } from 'verifield/messages/es';
 * countryName('FR', es); // 'Francia'
 * countryName('EL', es); // 'Grecia'
 * countryName('XI', es); // 'Irlanda del Norte'
 * ```
 */
export function countryName(code: string, catalog: MessageCatalog): string {
  if (code === 'XI') return catalog.northernIreland;
  // Only two capital letters can be a region; anything else is shown as it is and never cached.
  if (!REGION_CODE.test(code)) return code;
  const names = regionNamesOf(catalog.language);
  let name = names.byCode.get(code);
  if (name === undefined) {
    const region = VAT_PREFIX_REGION[code] ?? code;
    try {
      name = names.display?.of(region) ?? code;
    } catch {
      // DisplayNames throws a RangeError for anything that is not a region code ('1A').
      name = code;
    }
    names.byCode.set(code, name);
  }
  return name;
}
