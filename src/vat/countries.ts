/**
 * The VAT rule of every prefix verifield knows: the 27 member states (Greece as EL), XI for
 * Northern Ireland, and GB, CH, NO, which are outside VIES but whose numbers can still be checked.
 * A row is data (how messages name the number, its shape in words) plus one check function from
 * checks/; adding a country is adding a row.
 */
import { checkCzechia, checkSlovakia } from './checks/birth-number.js';
import { checkBulgaria } from './checks/bulgaria.js';
import { checkFrance } from './checks/france.js';
import { checkIreland } from './checks/ireland.js';
import { checkLatvia } from './checks/latvia.js';
import { canonicalNetherlands, checkNetherlands } from './checks/netherlands.js';
import { checkSpain } from './checks/spain.js';
import { checkUnitedKingdom } from './checks/united-kingdom.js';
import type { BodyCheck } from './checks/verdict.js';
import {
  canonicalBelgium,
  canonicalGreece,
  canonicalSwitzerland,
  checkAustria,
  checkBelgium,
  checkCroatia,
  checkCyprus,
  checkDenmark,
  checkEstonia,
  checkFinland,
  checkGermany,
  checkGreece,
  checkHungary,
  checkItaly,
  checkLithuania,
  checkLuxembourg,
  checkMalta,
  checkNorway,
  checkPoland,
  checkPortugal,
  checkRomania,
  checkSlovenia,
  checkSweden,
  checkSwitzerland,
} from './checks/weighted.js';

/** How one prefix's numbers are checked and described. */
export interface VatCountryRule {
  /** Names the number in messages: "Belgian" gives "This Belgian VAT number …". */
  readonly adjective: string;
  /** The whole number in words, prefix included, for the message of a malformed number. */
  readonly shape: string;
  /** What the check part is called in messages ("check digits", "check letter", …). */
  readonly checkPart: string;
  /** In VIES (the 27 member states and XI); false for GB, CH and NO, whose registration VIES cannot confirm. */
  readonly inVies: boolean;
  /** Rewrites an old or shortened body to the form stored (e.g. pads old 9-digit Belgian numbers). */
  readonly canonical?: (body: string) => string;
  /** Structure and check of the canonical body. */
  readonly check: BodyCheck;
}

const UK_SHAPE = '9 or 12 digits, or GD or HA and 3 digits';

/** One rule per prefix. */
export const VAT_RULES: Readonly<Record<string, VatCountryRule>> = {
  AT: {
    adjective: 'Austrian',
    shape: 'ATU followed by 8 digits',
    checkPart: 'check digit',
    inVies: true,
    check: checkAustria,
  },
  BE: {
    adjective: 'Belgian',
    shape: 'BE followed by 10 digits starting with 0 or 1',
    checkPart: 'check digits',
    inVies: true,
    canonical: canonicalBelgium,
    check: checkBelgium,
  },
  BG: {
    adjective: 'Bulgarian',
    shape: 'BG followed by 9 or 10 digits',
    checkPart: 'check digit',
    inVies: true,
    check: checkBulgaria,
  },
  CY: {
    adjective: 'Cypriot',
    shape: 'CY followed by 8 digits and a letter',
    checkPart: 'check letter',
    inVies: true,
    check: checkCyprus,
  },
  CZ: {
    adjective: 'Czech',
    shape: 'CZ followed by 8, 9 or 10 digits (for a person, the birth number)',
    checkPart: 'check digit',
    inVies: true,
    check: checkCzechia,
  },
  DE: {
    adjective: 'German',
    shape: 'DE followed by 9 digits, the first not 0',
    checkPart: 'check digit',
    inVies: true,
    check: checkGermany,
  },
  DK: {
    adjective: 'Danish',
    shape: 'DK followed by 8 digits, the first not 0',
    checkPart: 'check digit',
    inVies: true,
    check: checkDenmark,
  },
  EE: {
    adjective: 'Estonian',
    shape: 'EE followed by 9 digits',
    checkPart: 'check digit',
    inVies: true,
    check: checkEstonia,
  },
  EL: {
    adjective: 'Greek',
    shape: 'EL followed by 9 digits',
    checkPart: 'check digit',
    inVies: true,
    canonical: canonicalGreece,
    check: checkGreece,
  },
  ES: {
    adjective: 'Spanish',
    shape: 'ES followed by the 9-character NIF (digits with a letter first, last or both)',
    checkPart: 'control character',
    inVies: true,
    check: checkSpain,
  },
  FI: {
    adjective: 'Finnish',
    shape: 'FI followed by 8 digits',
    checkPart: 'check digit',
    inVies: true,
    check: checkFinland,
  },
  FR: {
    adjective: 'French',
    shape: 'FR followed by a 2-character key and the 9-digit SIREN',
    checkPart: 'key',
    inVies: true,
    check: checkFrance,
  },
  HR: {
    adjective: 'Croatian',
    shape: 'HR followed by 11 digits',
    checkPart: 'check digit',
    inVies: true,
    check: checkCroatia,
  },
  HU: {
    adjective: 'Hungarian',
    shape: 'HU followed by 8 digits',
    checkPart: 'check digit',
    inVies: true,
    check: checkHungary,
  },
  IE: {
    adjective: 'Irish',
    shape: 'IE followed by 7 digits and 1 or 2 letters (old numbers: a digit, a letter, 5 digits and a letter)',
    checkPart: 'check letter',
    inVies: true,
    check: checkIreland,
  },
  IT: {
    adjective: 'Italian',
    shape: 'IT followed by 11 digits (digits 8 to 10 are the tax office code)',
    checkPart: 'check digit',
    inVies: true,
    check: checkItaly,
  },
  LT: {
    adjective: 'Lithuanian',
    shape: 'LT followed by 9 digits with 1 as the 8th, or 12 digits with 1 as the 11th',
    checkPart: 'check digit',
    inVies: true,
    check: checkLithuania,
  },
  LU: {
    adjective: 'Luxembourg',
    shape: 'LU followed by 8 digits',
    checkPart: 'check digits',
    inVies: true,
    check: checkLuxembourg,
  },
  LV: {
    adjective: 'Latvian',
    shape: 'LV followed by 11 digits (for a person born before 2017, the date of birth comes first)',
    checkPart: 'check digit',
    inVies: true,
    check: checkLatvia,
  },
  MT: {
    adjective: 'Maltese',
    shape: 'MT followed by 8 digits, the first not 0',
    checkPart: 'check digits',
    inVies: true,
    check: checkMalta,
  },
  NL: {
    adjective: 'Dutch',
    shape: 'NL followed by 9 digits, the letter B and 2 digits',
    checkPart: 'check digits',
    inVies: true,
    canonical: canonicalNetherlands,
    check: checkNetherlands,
  },
  PL: {
    adjective: 'Polish',
    shape: 'PL followed by 10 digits',
    checkPart: 'check digit',
    inVies: true,
    check: checkPoland,
  },
  PT: {
    adjective: 'Portuguese',
    shape: 'PT followed by 9 digits, the first not 0',
    checkPart: 'check digit',
    inVies: true,
    check: checkPortugal,
  },
  RO: {
    adjective: 'Romanian',
    shape: 'RO followed by 2 to 10 digits, the first not 0',
    checkPart: 'check digit',
    inVies: true,
    check: checkRomania,
  },
  SE: {
    adjective: 'Swedish',
    shape: 'SE followed by 12 digits ending in 01',
    checkPart: 'check digit',
    inVies: true,
    check: checkSweden,
  },
  SI: {
    adjective: 'Slovenian',
    shape: 'SI followed by 8 digits, the first not 0',
    checkPart: 'check digit',
    inVies: true,
    check: checkSlovenia,
  },
  SK: {
    adjective: 'Slovak',
    shape: 'SK followed by 10 digits',
    checkPart: 'check digit',
    inVies: true,
    check: checkSlovakia,
  },
  XI: {
    adjective: 'Northern Ireland',
    shape: `XI followed by ${UK_SHAPE}`,
    checkPart: 'check digits',
    inVies: true,
    check: checkUnitedKingdom,
  },
  GB: {
    adjective: 'UK',
    shape: `GB followed by ${UK_SHAPE}`,
    checkPart: 'check digits',
    inVies: false,
    check: checkUnitedKingdom,
  },
  CH: {
    adjective: 'Swiss',
    shape: 'CHE followed by 9 digits, optionally then MWST, TVA, IVA or TPV',
    checkPart: 'check digit',
    inVies: false,
    canonical: canonicalSwitzerland,
    check: checkSwitzerland,
  },
  NO: {
    adjective: 'Norwegian',
    shape: 'NO followed by 9 digits and MVA',
    checkPart: 'check digit',
    inVies: false,
    check: checkNorway,
  },
};
