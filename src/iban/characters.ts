/**
 * Character classes of IBAN input and the compact (electronic) form: separators removed, ASCII
 * letters upper-cased. Only ASCII is upper-cased on purpose: `'ß'.toUpperCase()` is `'SS'`, and
 * such a rewrite would turn junk into letters that then pass as an IBAN.
 */

/** Class bits of an ASCII character; a BBAN layout position is a mask of the bits it accepts. */
export const DIGIT = 1;
export const LETTER = 2;
const LOWER = 4;
const SEPARATOR = 8;

const ZERO = 48;
const UPPER_A = 65;
const LOWER_A = 97;
const CASE_OFFSET = LOWER_A - UPPER_A;

/** Class bits of each ASCII code; 0 for a character an IBAN never holds. */
export const ASCII_CLASS: Uint8Array = (() => {
  const table = new Uint8Array(128);
  for (let i = 0; i < 10; i++) table[ZERO + i] = DIGIT;
  for (let i = 0; i < 26; i++) {
    table[UPPER_A + i] = LETTER;
    table[LOWER_A + i] = LOWER;
  }
  // The ASCII members of JavaScript's \s, and the hyphen-minus.
  for (const code of [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x2d]) table[code] = SEPARATOR;
  return table;
})();

/**
 * Non-ASCII spaces and dashes that copy-paste brings in: no-break and narrow no-break spaces
 * (French print format groups with U+202F), the other Unicode spaces of JavaScript's \s, the BOM,
 * the Unicode hyphens and dashes U+2010 to U+2015 and the minus sign.
 */
function isWideSeparator(code: number): boolean {
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    (code >= 0x2010 && code <= 0x2015) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x2212 ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function isSeparator(code: number): boolean {
  return code < 128 ? ASCII_CLASS[code] === SEPARATOR : isWideSeparator(code);
}

/**
 * Whether every character of `value` is an ASCII digit or upper-case letter.
 * @example
 * ```ts
 * isCompactAlphabet('DE89370400440532013000'); // true
 * isCompactAlphabet('de89 3704'); // false
 * ```
 */
export function isCompactAlphabet(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 128 || ((ASCII_CLASS[code] as number) & (DIGIT | LETTER)) === 0) return false;
  }
  return true;
}

/**
 * The compact form of an IBAN as typed: spaces and dashes removed, ASCII letters upper-cased,
 * everything else (dots, slashes, emoji) kept so that the structure check rejects it. Returns
 * `value` itself, without allocating, when it is already compact.
 * @example
 * ```ts
 * compactIban('de89 3704-0044 0532 0130 00'); // 'DE89370400440532013000'
 * compactIban('DE89.3704'); // 'DE89.3704'
 * ```
 */
export function compactIban(value: string): string {
  if (isCompactAlphabet(value)) return value;
  let out = '';
  let runStart = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= LOWER_A && code <= LOWER_A + 25) {
      out += value.slice(runStart, i) + String.fromCharCode(code - CASE_OFFSET);
      runStart = i + 1;
    } else if (code < ZERO || code > UPPER_A + 25) {
      if (isSeparator(code)) {
        out += value.slice(runStart, i);
        runStart = i + 1;
      }
    }
  }
  return runStart === 0 ? value : out + value.slice(runStart);
}
