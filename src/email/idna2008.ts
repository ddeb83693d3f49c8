/**
 * IDNA2008's verdict on the characters of a domain typed in Unicode (RFC 5892 §2-3, with the
 * contextual rules of its Appendix A), read on each label as UTS-46 maps it (NFKC and lower case:
 * what the URL parser turns into punycode). UTS-46 lets through punctuation and some marks that
 * IDNA2008 makes DISALLOWED (¡ ¿ § « » ¶ 、 ‐ – — ’), and mail software that follows IDNA2008 cannot
 * encode a domain holding them (docs/fields/email.md#syntax). The categories are derived here from
 * the runtime's Unicode properties, as RFC 5892 §3 derives them, rather than from a copied table.
 */

/** RFC 5892 §2.6 (Exceptions, F): code points PVALID whatever their properties. */
const PVALID_EXCEPTION = /[\xdf\u03c2\u06fd\u06fe\u0f0b\u3007]/u;
/**
 * DISALLOWED whatever their category: the exceptions of RFC 5892 §2.6 so marked, the old Hangul
 * jamo (§2.9, Hangul_Syllable_Type L, V or T), the ignorable blocks (§2.4: Combining Diacritical
 * Marks for Symbols, Musical Symbols, Ancient Greek Musical Notation) and properties (§2.3).
 */
const DISALLOWED = /[\u0640\u07fa\u302e\u302f\u3031-\u3035\u303b\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\u20d0-\u20ff\u{1d100}-\u{1d24f}\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Noncharacter_Code_Point}]/u;
/** RFC 5892 §2.1 (LetterDigits, A): the general categories that may stand in a label. */
const LETTER_DIGIT = /[\p{Ll}\p{Lu}\p{Lo}\p{Nd}\p{Lm}\p{Mn}\p{Mc}]/u;
const ARABIC_INDIC = /[\u0660-\u0669]/u;
const EXTENDED_ARABIC_INDIC = /[\u06f0-\u06f9]/u;
/** The full stops UTS-46 maps to `.`, between labels. */
const LABEL_SEPARATOR = /[.\u3002\uFF0E\uFF61]/u;

/**
 * Whether `character`, at `index` of `label` (its code points; `whole` as one string), may stand
 * there: PVALID by RFC 5892 §3, or CONTEXTO where its rule of Appendix A holds.
 */
function allowed(character: string, label: readonly string[], index: number, whole: string): boolean {
  const before = label[index - 1] ?? '';
  const after = label[index + 1] ?? '';
  switch (character) {
    case '\u00b7': // A.3 MIDDLE DOT: between two l (Catalan "l·l").
      return before === 'l' && after === 'l';
    case '\u0375': // A.4 GREEK LOWER NUMERAL SIGN: followed by Greek.
      return /\p{Script=Greek}/u.test(after);
    case '\u05f3': // A.5 and A.6 HEBREW GERESH and GERSHAYIM: preceded by Hebrew.
    case '\u05f4':
      return /\p{Script=Hebrew}/u.test(before);
    case '\u30fb': // A.7 KATAKANA MIDDLE DOT: in a label with Hiragana, Katakana or Han.
      return /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(whole.replaceAll('\u30fb', ''));
  }
  // A.8 and A.9: Arabic-Indic digits of one kind only in a label.
  if (ARABIC_INDIC.test(character)) return !EXTENDED_ARABIC_INDIC.test(whole);
  if (EXTENDED_ARABIC_INDIC.test(character)) return !ARABIC_INDIC.test(whole);
  if (PVALID_EXCEPTION.test(character)) return true;
  // Unstable (B): what NFKC and case folding would change is not a label's own form.
  return !DISALLOWED.test(character) && character.normalize('NFKC').toLowerCase() === character && LETTER_DIGIT.test(character);
}

/**
 * Whether every label of `domain` (typed, holding Unicode) may be encoded under IDNA2008. ASCII
 * characters are left to the LDH rules of the ASCII form.
 */
export function meetsIdna2008(domain: string): boolean {
  for (const typed of domain.split(LABEL_SEPARATOR)) {
    const whole = typed.normalize('NFKC').toLowerCase();
    const label = Array.from(whole);
    for (let index = 0; index < label.length; index++) {
      const character = label[index] as string;
      if (character > '\x7f' && !allowed(character, label, index, whole)) return false;
    }
  }
  return true;
}
