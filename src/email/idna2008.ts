/**
 * IDNA2008's verdict on the characters of a domain typed in Unicode (RFC 5892 §2-3, with the
 * contextual rules of its Appendix A), read on each label as UTS-46 maps it (NFKC and lower case:
 * what the URL parser turns into punycode). UTS-46 lets through punctuation and some marks that
 * IDNA2008 makes DISALLOWED (¡ ¿ § « » ¶ 、 ‐ – — ’), and mail software that follows IDNA2008 cannot
 * encode a domain holding them (docs/fields/email.md#syntax). The categories are derived here from
 * the runtime's Unicode properties, as RFC 5892 §3 derives them, rather than from a copied table.
 */

type Category = 'PVALID' | 'CONTEXTO' | 'DISALLOWED';

/** RFC 5892 §2.6 (Exceptions, F), the values that override the derivation. */
const EXCEPTIONS: ReadonlyMap<number, Category> = new Map([
  ...([0x00df, 0x03c2, 0x06fd, 0x06fe, 0x0f0b, 0x3007] as const).map((cp) => [cp, 'PVALID'] as const),
  ...([0x00b7, 0x0375, 0x05f3, 0x05f4, 0x30fb] as const).map((cp) => [cp, 'CONTEXTO'] as const),
  ...([0x0640, 0x07fa, 0x302e, 0x302f, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303b] as const).map((cp) => [cp, 'DISALLOWED'] as const),
]);

/** RFC 5892 §2.1 (LetterDigits, A): the general categories that may stand in a label. */
const LETTER_DIGIT = /^[\p{Ll}\p{Lu}\p{Lo}\p{Nd}\p{Lm}\p{Mn}\p{Mc}]$/u;
/** RFC 5892 §2.3 (IgnorableProperties, C). */
const IGNORABLE = /^[\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Noncharacter_Code_Point}]$/u;
/**
 * RFC 5892 §2.4 (IgnorableBlocks, D: Combining Diacritical Marks for Symbols, Musical Symbols,
 * Ancient Greek Musical Notation) and §2.9 (OldHangulJamo, I: the conjoining jamo of the Hangul
 * Jamo blocks, Hangul_Syllable_Type L, V or T), as code point ranges.
 */
const DISALLOWED_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x20d0, 0x20ff],
  [0x1d100, 0x1d24f],
  [0x1100, 0x11ff],
  [0xa960, 0xa97f],
  [0xd7b0, 0xd7ff],
];
const ARABIC_INDIC = /[\u0660-\u0669]/u;
const EXTENDED_ARABIC_INDIC = /[\u06f0-\u06f9]/u;
const GREEK = /^\p{Script=Greek}$/u;
const HEBREW = /^\p{Script=Hebrew}$/u;
const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
/** The full stops UTS-46 maps to `.`, between labels. */
const LABEL_SEPARATOR = /[.\u3002\uFF0E\uFF61]/u;

/** The category of one code point by RFC 5892 §3, in the order it gives (LDH and the join controls are dealt with before: ASCII is screened, and controls are unsafe). */
function categoryOf(character: string, cp: number): Category {
  const exception = EXCEPTIONS.get(cp);
  if (exception !== undefined) return exception;
  if (cp < 0x80) return /^[a-z0-9-]$/.test(character) ? 'PVALID' : 'DISALLOWED';
  if (DISALLOWED_RANGES.some(([from, to]) => cp >= from && cp <= to)) return 'DISALLOWED';
  // Unstable (B): what NFKC and case folding would change is not a label's own form.
  if (character.normalize('NFKC').toLowerCase() !== character) return 'DISALLOWED';
  if (IGNORABLE.test(character)) return 'DISALLOWED';
  if (cp >= 0x0660 && cp <= 0x0669) return 'CONTEXTO';
  if (cp >= 0x06f0 && cp <= 0x06f9) return 'CONTEXTO';
  return LETTER_DIGIT.test(character) ? 'PVALID' : 'DISALLOWED';
}

/** Whether the CONTEXTO code point at `index` of `label` (its code points) meets its rule of RFC 5892 Appendix A. */
function contextAllows(label: readonly string[], index: number, whole: string): boolean {
  const cp = label[index]?.codePointAt(0) ?? 0;
  const before = label[index - 1];
  const after = label[index + 1];
  switch (cp) {
    case 0x00b7: // A.3 MIDDLE DOT: between two l (Catalan "l·l").
      return before === 'l' && after === 'l';
    case 0x0375: // A.4 GREEK LOWER NUMERAL SIGN: followed by Greek.
      return after !== undefined && GREEK.test(after);
    case 0x05f3: // A.5 and A.6 HEBREW GERESH and GERSHAYIM: preceded by Hebrew.
    case 0x05f4:
      return before !== undefined && HEBREW.test(before);
    case 0x30fb: // A.7 KATAKANA MIDDLE DOT: in a label with Hiragana, Katakana or Han.
      return JAPANESE.test(whole.replaceAll('\u30fb', ''));
    default:
      // A.8 and A.9: Arabic-Indic digits of one kind only in a label.
      return cp <= 0x0669 ? !EXTENDED_ARABIC_INDIC.test(whole) : !ARABIC_INDIC.test(whole);
  }
}

/**
 * Whether every label of `domain` (typed, holding Unicode) may be encoded under IDNA2008: each code
 * point PVALID, or CONTEXTO where Appendix A allows it. ASCII labels pass as they are (their rules
 * are checked on the ASCII form).
 */
export function meetsIdna2008(domain: string): boolean {
  for (const typed of domain.split(LABEL_SEPARATOR)) {
    const whole = typed.normalize('NFKC').toLowerCase();
    const label = Array.from(whole);
    for (let index = 0; index < label.length; index++) {
      const character = label[index] as string;
      const cp = character.codePointAt(0) as number;
      if (cp < 0x80) continue;
      const category = categoryOf(character, cp);
      if (category === 'DISALLOWED') return false;
      if (category === 'CONTEXTO' && !contextAllows(label, index, whole)) return false;
    }
  }
  return true;
}
