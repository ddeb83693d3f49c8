/**
 * Reduces a typed NIF to its compact form: separators removed, upper case, a leading `ES` dropped.
 * A char-code loop rather than a regex because most inputs are already compact and then nothing
 * needs to be allocated.
 */

/** A NIF has 9 characters; 11 with the `ES` prefix. Past that the input cannot be a NIF. */
const MAX_SIGNIFICANT = 11;

const LOWER_A = 97;
const LOWER_Z = 122;
const UPPER_E = 69;
const UPPER_S = 83;

/**
 * Whether `code` is a separator users type or paste inside a NIF: spaces (incl. tab and the
 * no-break spaces that office software inserts), dots and dashes (incl. the Unicode hyphens).
 */
function isSeparator(code: number): boolean {
  return (
    code === 32 || // space
    code === 46 || // .
    code === 45 || // -
    code === 9 || // tab
    code === 0xa0 || // no-break space
    code === 0x202f || // narrow no-break space
    (code >= 0x2010 && code <= 0x2015) // hyphen, non-breaking hyphen, figure dash, en/em dash, bar
  );
}

/**
 * The compact NIF of `value`: separators removed, ASCII letters in upper case, a leading `ES`
 * removed when 9 characters follow it. Returns '' when nothing but separators was typed, and at
 * most 12 characters otherwise (a longer input is cut there: it is not a NIF either way).
 * @example
 * ```ts
 * compactNif('es 12.345.678-z'); // '12345678Z'
 * compactNif(' - '); // ''
 * ```
 */
export function compactNif(value: string): string {
  const compact = isAlreadyCompact(value) ? value : rebuild(value);
  if (compact.length === MAX_SIGNIFICANT && compact.charCodeAt(0) === UPPER_E && compact.charCodeAt(1) === UPPER_S) {
    return compact.slice(2);
  }
  return compact;
}

/** True for the common case of a short input with no separator and no lower-case letter. */
function isAlreadyCompact(value: string): boolean {
  if (value.length > MAX_SIGNIFICANT) return false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if ((code >= LOWER_A && code <= LOWER_Z) || isSeparator(code)) return false;
  }
  return true;
}

function rebuild(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (isSeparator(code)) continue;
    out += String.fromCharCode(code >= LOWER_A && code <= LOWER_Z ? code - 32 : code);
    // One character past the longest NIF is enough to prove the shape wrong.
    if (out.length > MAX_SIGNIFICANT) break;
  }
  return out;
}
