/**
 * Reads what a user typed into a phone field before libphonenumber sees it. A number carries its
 * country code after `+` or the `00` international prefix, or is national (read only for the
 * caller's `defaultCountry`), and spaces, dashes and parentheses are accepted. libphonenumber's
 * strict mode (`extract: false`) rejects a leading bracket such as `(+44)` and surrounding
 * whitespace, and without a default country it does not read `00` as `+`, so the separators are
 * dropped and the prefix rewritten here, in one pass.
 */

/**
 * libphonenumber-js refuses longer input (250 characters, its README says); checking the length first
 * keeps a huge string away from normalisation and from its regular expressions.
 */
export const MAX_INPUT_LENGTH = 250;

/** What the typed value turned out to be. */
export type PhoneInput =
  /** Nothing but separators. */
  | { readonly kind: 'empty' }
  /** Longer than any phone number written by hand. */
  | { readonly kind: 'too-long' }
  /** No digits that could be a number (`+`, `abc`, `tel:…`). */
  | { readonly kind: 'not-a-number' }
  /**
   * An international number (`+` or `00` in front), or a national one (digits without either).
   * `text` is what libphonenumber parses: `+` (international only) and the digits, followed by
   * anything it alone can read (an extension, letters). `digits` are the digits after the
   * international prefix that were read here, from which a calling code can be named when
   * libphonenumber refuses the number.
   */
  | { readonly kind: 'international' | 'national'; readonly text: string; readonly digits: string };

// Shared answers: the failure outcomes carry no data, so they need no allocation per call.
const EMPTY: PhoneInput = { kind: 'empty' };
const TOO_LONG: PhoneInput = { kind: 'too-long' };
const NOT_A_NUMBER: PhoneInput = { kind: 'not-a-number' };

const OTHER = 0;
const SEPARATOR = 1;
const DIGIT = 2;
const PLUS = 3;

/** Class of every ASCII character: digits, `+`, and the separators people type inside a number. */
const ASCII_CLASS = buildAsciiClasses();

function buildAsciiClasses(): Uint8Array {
  const classes = new Uint8Array(128);
  for (let code = 48; code <= 57; code++) classes[code] = DIGIT;
  classes[43] = PLUS;
  // Whitespace, dashes, brackets, and the dots and slashes of national styles (06.12.34.56.78, 030/1234567).
  for (const separator of ' \t\n\r\v\f-.()[]/') classes[separator.charCodeAt(0)] = SEPARATOR;
  return classes;
}

/**
 * Value of a digit from the non-ASCII scripts libphonenumber reads (Arabic-Indic and Eastern
 * Arabic-Indic; full-width digits are ASCII after NFKC), or -1.
 */
function nonAsciiDigit(code: number): number {
  if (code >= 0x0660 && code <= 0x0669) return code - 0x0660;
  if (code >= 0x06f0 && code <= 0x06f9) return code - 0x06f0;
  return -1;
}

/** Unicode dashes that NFKC leaves alone (hyphen to horizontal bar, minus sign). */
function isNonAsciiSeparator(code: number): boolean {
  return (code >= 0x2010 && code <= 0x2015) || code === 0x2212;
}

/**
 * Classifies a typed phone value and, for an international number, builds the text to parse.
 * Full-width characters (`＋４４…`, as typed with an East Asian input method) are NFKC-normalised
 * first, but only when the value holds a non-ASCII character, so the usual input costs one scan.
 * @example
 * ```ts
 * readPhoneInput('(+44) 20-7946 0958'); // { kind: 'international', text: '+442079460958', digits: '442079460958' }
 * readPhoneInput('0033 6 12 34 56 78'); // { kind: 'international', text: '+33612345678', digits: '33612345678' }
 * readPhoneInput('+44 20 7946 0958 ext. 12'); // { kind: 'international', text: '+442079460958 ext. 12', digits: '442079460958' }
 * readPhoneInput('020 7946 0958'); // { kind: 'national', text: '02079460958', digits: '02079460958' }
 * ```
 */
export function readPhoneInput(value: string): PhoneInput {
  if (value.length > MAX_INPUT_LENGTH) return TOO_LONG;
  let text = value;
  let normalized = false;
  let plus = false;
  let digits = '';
  let unread = -1;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    let charClass: number;
    if (code < 128) {
      charClass = ASCII_CLASS[code] as number;
    } else if (!normalized) {
      // Start again on the normalised text: NFKC turns full-width digits, plus and spaces into ASCII.
      text = text.normalize('NFKC');
      normalized = true;
      plus = false;
      digits = '';
      index = -1;
      continue;
    } else {
      const digit = nonAsciiDigit(code);
      if (digit >= 0) {
        digits += String.fromCharCode(48 + digit);
        continue;
      }
      charClass = isNonAsciiSeparator(code) ? SEPARATOR : OTHER;
    }
    if (charClass === DIGIT) {
      digits += text[index];
    } else if (charClass === PLUS && !plus && digits === '') {
      plus = true;
    } else if (charClass !== SEPARATOR) {
      unread = index;
      break;
    }
  }

  const international = plus || (digits.charCodeAt(0) === 48 && digits.charCodeAt(1) === 48);
  if (!international) {
    if (digits === '') return unread === -1 ? EMPTY : NOT_A_NUMBER;
    return { kind: 'national', text: withUnread(digits, text, unread), digits };
  }
  const afterPrefix = plus ? digits : digits.slice(2);
  if (afterPrefix === '' && unread === -1) return NOT_A_NUMBER;
  return { kind: 'international', text: withUnread(`+${afterPrefix}`, text, unread), digits: afterPrefix };
}

/**
 * The number read so far, followed by what only libphonenumber can judge (an extension such as
 * "ext. 12", letters) from index `unread` of `text` on, when something was left unread: it
 * accepts or refuses the whole.
 */
function withUnread(read: string, text: string, unread: number): string {
  if (unread === -1) return read;
  const rest = text.slice(unread).trimEnd();
  return read === '+' ? `+${rest}` : `${read} ${rest}`;
}
