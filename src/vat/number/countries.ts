/**
 * The VAT rule of every prefix verifield knows: the 27 member states (Greece as EL), XI for
 * Northern Ireland, and GB, CH, NO, which are outside VIES but whose numbers can still be checked.
 * A row is data (how messages name the number, its shape in words) plus the check of that
 * prefix's file in checks/ (`checks/at.ts` …; XI shares `checks/gb.ts`); adding a country is
 * adding its file and a row. Rows are tuples rather than objects because this
 * table is most of what `validateVat` weighs in a browser bundle.
 */
import type { OutsideViesPrefix } from '../outside-vies.js';
import { checkAustria } from './checks/at.js';
import { canonicalBelgium, checkBelgium } from './checks/be.js';
import { checkBulgaria } from './checks/bg.js';
import { canonicalSwitzerland, checkSwitzerland } from './checks/ch.js';
import { checkCyprus } from './checks/cy.js';
import { checkCzechia } from './checks/cz.js';
import { checkGermany } from './checks/de.js';
import { checkDenmark } from './checks/dk.js';
import { checkEstonia } from './checks/ee.js';
import { canonicalGreece, checkGreece } from './checks/el.js';
import { checkSpain } from './checks/es.js';
import { checkFinland } from './checks/fi.js';
import { checkFrance } from './checks/fr.js';
import { checkUnitedKingdom } from './checks/gb.js';
import { checkCroatia } from './checks/hr.js';
import { checkHungary } from './checks/hu.js';
import { checkIreland } from './checks/ie.js';
import { checkItaly } from './checks/it.js';
import { checkLithuania } from './checks/lt.js';
import { checkLuxembourg } from './checks/lu.js';
import { checkLatvia } from './checks/lv.js';
import { checkMalta } from './checks/mt.js';
import { canonicalNetherlands, checkNetherlands } from './checks/nl.js';
import { checkNorway } from './checks/no.js';
import { checkPoland } from './checks/pl.js';
import { checkPortugal } from './checks/pt.js';
import { checkRomania } from './checks/ro.js';
import { checkSweden } from './checks/se.js';
import { checkSlovenia } from './checks/si.js';
import { checkSlovakia } from './checks/sk.js';
import type { BodyCheck } from './checks/verdict.js';

/**
 * How one prefix's numbers are checked and described: the adjective that names the number in
 * messages ("Belgian" gives "This Belgian VAT number …"), the rest of the number after its prefix
 * in words, for the message of a malformed number (`' followed by 10 digits'`, and Austria's
 * `'U followed by 8 digits'` for ATU…), what the check part is called ("check digits", "check
 * letter", …), the check of the canonical body, and where old or shortened forms exist, the
 * rewrite of a body to the form stored (e.g. the padding of old 9-digit Belgian numbers).
 */
export type VatCountryRule = readonly [
  adjective: string,
  shape: string,
  checkPart: string,
  check: BodyCheck,
  canonical?: (body: string) => string,
];

/** The prefixes VIES answers for: the 27 member states and XI. */
export const VIES_RULES: Readonly<Record<string, VatCountryRule>> = {
  AT: ['Austrian', 'U followed by 8 digits', 'check digit', checkAustria],
  BE: ['Belgian', ' followed by 10 digits starting with 0 or 1', 'check digits', checkBelgium, canonicalBelgium],
  BG: ['Bulgarian', ' followed by 9 or 10 digits', 'check digit', checkBulgaria],
  CY: ['Cypriot', ' followed by 8 digits and a letter', 'check letter', checkCyprus],
  CZ: ['Czech', ' followed by 8, 9 or 10 digits (for a person, the birth number)', 'check digit', checkCzechia],
  DE: ['German', ' followed by 9 digits, the first not 0', 'check digit', checkGermany],
  DK: ['Danish', ' followed by 8 digits, the first not 0', 'check digit', checkDenmark],
  EE: ['Estonian', ' followed by 9 digits', 'check digit', checkEstonia],
  EL: ['Greek', ' followed by 9 digits', 'check digit', checkGreece, canonicalGreece],
  ES: ['Spanish', ' followed by the 9-character NIF (digits with a letter first, last or both)', 'control character', checkSpain],
  FI: ['Finnish', ' followed by 8 digits', 'check digit', checkFinland],
  FR: ['French', ' followed by a 2-character key and the 9-digit SIREN', 'key', checkFrance],
  HR: ['Croatian', ' followed by 11 digits', 'check digit', checkCroatia],
  HU: ['Hungarian', ' followed by 8 digits', 'check digit', checkHungary],
  IE: ['Irish', ' followed by 7 digits and 1 or 2 letters (old numbers: a digit, a letter, 5 digits and a letter)', 'check letter', checkIreland],
  IT: ['Italian', ' followed by 11 digits (digits 8 to 10 are the tax office code)', 'check digit', checkItaly],
  LT: ['Lithuanian', ' followed by 9 digits with 1 as the 8th, or 12 digits with 1 as the 11th', 'check digit', checkLithuania],
  LU: ['Luxembourg', ' followed by 8 digits', 'check digits', checkLuxembourg],
  LV: ['Latvian', ' followed by 11 digits (for a person born before 2017, the date of birth comes first)', 'check digit', checkLatvia],
  MT: ['Maltese', ' followed by 8 digits, the first not 0', 'check digits', checkMalta],
  NL: ['Dutch', ' followed by 9 digits, the letter B and 2 digits', 'check digits', checkNetherlands, canonicalNetherlands],
  PL: ['Polish', ' followed by 10 digits', 'check digit', checkPoland],
  PT: ['Portuguese', ' followed by 9 digits, the first not 0', 'check digit', checkPortugal],
  RO: ['Romanian', ' followed by 2 to 10 digits, the first not 0', 'check digit', checkRomania],
  SE: ['Swedish', ' followed by 12 digits ending in 01', 'check digit', checkSweden],
  SI: ['Slovenian', ' followed by 8 digits, the first not 0', 'check digit', checkSlovenia],
  SK: ['Slovak', ' followed by 10 digits', 'check digit', checkSlovakia],
  XI: ['Northern Ireland', ' followed by 9 or 12 digits, or GD or HA and 3 digits', 'check digits', checkUnitedKingdom],
};

/** The prefixes outside VIES (../outside-vies.ts): their numbers can be checked, but VIES cannot confirm their registration. */
export const OTHER_RULES: { readonly [Prefix in OutsideViesPrefix]: VatCountryRule } = {
  GB: ['UK', ' followed by 9 or 12 digits, or GD or HA and 3 digits', 'check digits', checkUnitedKingdom],
  CH: ['Swiss', 'E followed by 9 digits, optionally then MWST, TVA, IVA or TPV', 'check digit', checkSwitzerland, canonicalSwitzerland],
  NO: ['Norwegian', ' followed by 9 digits and MVA', 'check digit', checkNorway],
};
