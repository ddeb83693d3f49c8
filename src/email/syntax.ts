/**
 * Email syntax by a practical rule set: a dot-atom local part
 * (Unicode allowed, unsafe characters refused), a domain of at least two LDH labels after UTS-46
 * mapping to punycode, the RFC 5321 lengths, no quoted local parts, comments, display names or
 * IP literals, and no special-use TLDs. Plain ASCII addresses, nearly all of them, are checked
 * by one pass over char codes; Unicode goes through the platform's URL parser only when present.
 */

import { meetsIdna2008 } from './idna2008.js';

/** Why an address failed the syntax check (all of them read "Invalid email format" to a user). */
export type EmailSyntaxFailure =
  | 'EMPTY'
  | 'MISSING_AT_SIGN'
  | 'INVALID_LOCAL_PART'
  | 'QUOTED_LOCAL_PART'
  | 'LOCAL_PART_TOO_LONG'
  | 'UNSAFE_CHARACTER'
  | 'INVALID_DOMAIN'
  | 'DOMAIN_LITERAL'
  | 'DOMAIN_NEEDS_DOT'
  | 'LABEL_TOO_LONG'
  | 'INVALID_TLD'
  | 'RESERVED_DOMAIN'
  | 'TOO_LONG';

/** Outcome of {@link checkEmailSyntax}. */
export interface EmailSyntax {
  /** The address passes every syntax rule. */
  valid: boolean;
  /** The first rule it broke; null when valid. */
  failure: EmailSyntaxFailure | null;
  /** The part before the last `@`, surrounding whitespace removed, NFC when it holds Unicode. */
  localPart: string;
  /**
   * The part after the last `@`: lower-case ASCII (punycode for an IDN) when valid, the text as
   * typed otherwise ('' when there is no `@`).
   */
  domain: string;
  /** `localPart@domain` when valid; null otherwise. */
  normalized: string | null;
  /** The local part holds non-ASCII characters, so delivery needs SMTPUTF8 (RFC 6531). */
  smtputf8: boolean;
}

const MAX_LOCAL_OCTETS = 64;
const MAX_ADDRESS_OCTETS = 254;
const MAX_DOMAIN_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
/**
 * Longer input is refused before any Unicode processing: no real address comes close, and it
 * keeps pathological input (megabytes of ignorable marks that UTS-46 would strip) away from the
 * URL parser.
 */
const MAX_INPUT_LENGTH = 1024;

const DOT = 46;
const HYPHEN = 45;
const QUOTE = 34;
const OPEN_BRACKET = 91;
const LOWER_X = 120;
const LOWER_N = 110;

/** 1 for the RFC 5322 `atext` characters (the dot is handled apart). */
const ATEXT = new Uint8Array(128);
/** 1 for a letter, 2 for a digit, 3 for the hyphen: the LDH characters of a domain label. */
const LDH = new Uint8Array(128);
const LETTER = 1;
const DIGIT = 2;
const LDH_HYPHEN = 3;
{
  for (let c = 48; c <= 57; c++) {
    ATEXT[c] = 1;
    LDH[c] = DIGIT;
  }
  for (let c = 65; c <= 90; c++) {
    ATEXT[c] = 1;
    ATEXT[c + 32] = 1;
    LDH[c] = LETTER;
    LDH[c + 32] = LETTER;
  }
  for (const c of "!#$%&'*+-/=?^_`{|}~") ATEXT[c.charCodeAt(0)] = 1;
  LDH[HYPHEN] = LDH_HYPHEN;
}

/**
 * Characters never accepted anywhere in an address: controls, format characters (zero-width
 * space, bidi overrides, soft hyphen), lone surrogates, private-use and unassigned code points,
 * and every kind of space (they allow header injection and display spoofing).
 */
const UNSAFE_CHARACTER = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Z}]/u;
const LEADING_COMBINING_MARK = /^\p{M}/u;
/**
 * Symbols (emoji, ©, ™, currency and maths signs) in a domain: UTS-46 lets most of them through
 * or maps them to letters (™ to "tm"), IDNA 2008 disallows them all, and mail software that
 * follows IDNA 2008 cannot encode such a domain. The Greek lower numeral sign, a symbol IDNA 2008
 * allows before a Greek letter, is left to ./idna2008.ts.
 */
const SYMBOL = /(?!\u0375)\p{S}/u;
/** The four full stops that UTS-46 maps to `.`. */
const UNICODE_DOTS = /[.\u3002\uFF0E\uFF61]/g;

/** Special-use names of RFC 6761, 6762, 7686 and RFC 6761's `.arpa` (docs/fields/email.md#syntax, rule 6). */
const RESERVED_TLDS: readonly string[] = ['test', 'localhost', 'invalid', 'local', 'onion', 'arpa'];

function isAsciiWhitespace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
}

const INVALID_LOCAL = 0;
const ASCII_LOCAL = 1;
const UNICODE_LOCAL = 2;

/**
 * Scans `text[0, end)` as a dot-atom: atext and single dots, neither first nor last. Code points
 * beyond ASCII pass here (they are checked by category afterwards).
 */
function scanLocalPart(text: string, end: number): number {
  if (end === 0) return INVALID_LOCAL;
  let afterDot = true;
  let ascii = true;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === DOT) {
      if (afterDot) return INVALID_LOCAL;
      afterDot = true;
    } else if (code < 128) {
      if (ATEXT[code] === 0) return INVALID_LOCAL;
      afterDot = false;
    } else {
      ascii = false;
      afterDot = false;
    }
  }
  if (afterDot) return INVALID_LOCAL;
  return ascii ? ASCII_LOCAL : UNICODE_LOCAL;
}

function failed(failure: EmailSyntaxFailure, localPart: string, domain: string): EmailSyntax {
  return { valid: false, failure, localPart, domain, normalized: null, smtputf8: false };
}

/** Octets of `text` in UTF-8 (lone surrogates never reach here: they are unsafe). */
function utf8Length(text: string): number {
  let octets = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) octets += 1;
    else if (code < 0x800) octets += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      octets += 4;
      i++;
    } else octets += 3;
  }
  return octets;
}

/**
 * Maps a domain holding Unicode to its ASCII form by UTS-46 (non-transitional, as the WHATWG URL
 * standard does in browsers and Node). Returns null when the platform refuses it.
 */
function unicodeDomainToAscii(domain: string): string | null {
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
}

/**
 * Checks the ASCII form of a domain: LDH labels of 1 to 63 octets without a hyphen at either
 * end, `--` in positions 3-4 only for an `xn--` A-label, at least two labels, a TLD of letters
 * (or an A-label) that is not special-use. 'A_LABEL': valid so far, with an `xn--` label to decode.
 */
function checkAsciiDomain(domain: string): EmailSyntaxFailure | 'A_LABEL' | null {
  if (domain.length > MAX_DOMAIN_LENGTH) return 'TOO_LONG';
  let labelStart = 0;
  let labels = 0;
  let labelIsLetters = true;
  let hasALabel = false;
  for (let i = 0; i <= domain.length; i++) {
    const code = i === domain.length ? DOT : domain.charCodeAt(i);
    if (code === DOT) {
      const length = i - labelStart;
      if (length === 0) return 'INVALID_DOMAIN';
      if (length > MAX_LABEL_LENGTH) return 'LABEL_TOO_LONG';
      if (domain.charCodeAt(labelStart) === HYPHEN || domain.charCodeAt(i - 1) === HYPHEN) {
        return 'INVALID_DOMAIN';
      }
      if (length >= 4 && domain.charCodeAt(labelStart + 2) === HYPHEN && domain.charCodeAt(labelStart + 3) === HYPHEN) {
        if (!domain.startsWith('xn', labelStart)) return 'INVALID_DOMAIN';
        hasALabel = true;
      }
      labels++;
      if (i < domain.length) {
        labelStart = i + 1;
        labelIsLetters = true;
      }
      continue;
    }
    const kind = code < 128 ? LDH[code]! : 0;
    if (kind === 0) return 'INVALID_DOMAIN';
    if (kind !== LETTER) labelIsLetters = false;
  }
  if (labels < 2) return 'DOMAIN_NEEDS_DOT';
  // The loop left labelStart on the TLD: letters only, or an A-label (no TLD has digits or
  // hyphens otherwise, and an all-digit one would make the domain an IP address).
  if (!labelIsLetters && !domain.startsWith('xn--', labelStart)) return 'INVALID_TLD';
  const tldLength = domain.length - labelStart;
  for (const reserved of RESERVED_TLDS) {
    if (reserved.length === tldLength && domain.endsWith(reserved)) return 'RESERVED_DOMAIN';
  }
  return hasALabel ? 'A_LABEL' : null;
}

/**
 * Checks the syntax of an email address as typed in a form. Surrounding ASCII whitespace is
 * ignored (as a browser's `<input type=email>` does); anything else that is not part of a plain
 * `local@domain` address fails. Never throws on a string.
 *
 * @example
 * ```ts
 * checkEmailSyntax(' Jane.Doe@Example.COM ').normalized; // 'Jane.Doe@example.com'
 * checkEmailSyntax('jeff@臺網中心.tw').domain; // 'xn--fiqq24b10vi0d.tw'
 * ```
 */
export function checkEmailSyntax(value: string): EmailSyntax {
  let start = 0;
  let end = value.length;
  while (start < end && isAsciiWhitespace(value.charCodeAt(start))) start++;
  while (end > start && isAsciiWhitespace(value.charCodeAt(end - 1))) end--;
  if (start === end) return failed('EMPTY', '', '');
  const text = start === 0 && end === value.length ? value : value.slice(start, end);
  if (text.length > MAX_INPUT_LENGTH) return failed('TOO_LONG', '', '');

  const at = text.lastIndexOf('@');
  if (at < 0) return failed('MISSING_AT_SIGN', text, '');
  const typedLocalPart = text.slice(0, at);
  let localPart = typedLocalPart;
  const typedDomain = text.slice(at + 1);

  // Local part: dot-atom. Non-ASCII code points are accepted by the scan and vetted below.
  if (text.charCodeAt(0) === QUOTE) return failed('QUOTED_LOCAL_PART', localPart, typedDomain);
  const localScan = scanLocalPart(text, at);
  if (localScan === INVALID_LOCAL) return failed('INVALID_LOCAL_PART', localPart, typedDomain);
  const localIsAscii = localScan === ASCII_LOCAL;
  let localOctets = at;
  if (!localIsAscii) {
    if (UNSAFE_CHARACTER.test(localPart)) return failed('UNSAFE_CHARACTER', localPart, typedDomain);
    localPart = localPart.normalize('NFC');
    // NFC can turn a character into ASCII punctuation (U+037E into ';'): scan again.
    if (localPart !== typedLocalPart && scanLocalPart(localPart, localPart.length) === INVALID_LOCAL) {
      return failed('INVALID_LOCAL_PART', localPart, typedDomain);
    }
    if (LEADING_COMBINING_MARK.test(localPart)) return failed('INVALID_LOCAL_PART', localPart, typedDomain);
    // Both forms must fit: the one typed and the one stored.
    localOctets = Math.max(utf8Length(typedLocalPart), utf8Length(localPart));
  }
  if (localOctets > MAX_LOCAL_OCTETS) return failed('LOCAL_PART_TOO_LONG', localPart, typedDomain);

  // Domain: screen the ASCII characters as typed, then map Unicode to punycode if present.
  if (typedDomain.length === 0) return failed('INVALID_DOMAIN', localPart, typedDomain);
  if (typedDomain.charCodeAt(0) === OPEN_BRACKET) return failed('DOMAIN_LITERAL', localPart, typedDomain);
  let domainIsAscii = true;
  let hasUpperCase = false;
  for (let i = 0; i < typedDomain.length; i++) {
    const code = typedDomain.charCodeAt(i);
    if (code >= 128) domainIsAscii = false;
    else if (code !== DOT && LDH[code] === 0) return failed('INVALID_DOMAIN', localPart, typedDomain);
    else if (code >= 65 && code <= 90) hasUpperCase = true;
  }
  let domain: string;
  if (domainIsAscii) {
    domain = hasUpperCase ? typedDomain.toLowerCase() : typedDomain;
  } else {
    const mapped = mapUnicodeDomain(typedDomain);
    if (mapped.failure !== null) return failed(mapped.failure, localPart, typedDomain);
    domain = mapped.ascii;
  }
  const domainCheck = checkAsciiDomain(domain);
  if (domainCheck === 'A_LABEL') {
    // An A-label must decode: the URL parser refuses a broken one and re-encodes a good one
    // to the same text (a non-canonical label would come back different).
    if (domainIsAscii && unicodeDomainToAscii(domain) !== domain) return failed('INVALID_DOMAIN', localPart, typedDomain);
  } else if (domainCheck !== null) {
    return failed(domainCheck, localPart, typedDomain);
  }
  if (localOctets + 1 + domain.length > MAX_ADDRESS_OCTETS) return failed('TOO_LONG', localPart, typedDomain);

  const normalized = localPart === typedLocalPart && domain === typedDomain ? text : `${localPart}@${domain}`;
  return { valid: true, failure: null, localPart, domain, normalized, smtputf8: !localIsAscii };
}

interface MappedDomain {
  ascii: string;
  failure: EmailSyntaxFailure | null;
}

const INVALID_MAPPING: MappedDomain = { ascii: '', failure: 'INVALID_DOMAIN' };

/**
 * The ASCII form of a domain typed with Unicode, or the reason it cannot have one. The checks
 * before and after the URL parser cover what UTS-46 lets through: hyphen rules on the typed
 * labels (CheckHyphens is off in the URL standard) and characters that decompose into a dot
 * (`⒈` -> `1.`), which some engines map silently.
 */
function mapUnicodeDomain(typedDomain: string): MappedDomain {
  if (UNSAFE_CHARACTER.test(typedDomain)) return { ascii: '', failure: 'UNSAFE_CHARACTER' };
  if (SYMBOL.test(typedDomain) || !meetsIdna2008(typedDomain)) return INVALID_MAPPING;
  let typedLabels = 1;
  let labelStart = 0;
  const labelsBreakHyphenRules = (labelEnd: number): boolean => {
    const length = labelEnd - labelStart;
    if (length === 0) return false;
    if (typedDomain.charCodeAt(labelStart) === HYPHEN || typedDomain.charCodeAt(labelEnd - 1) === HYPHEN) return true;
    // `--` in positions 3-4 is only for an A-label (`xn--`, in either case).
    return (
      length >= 4 &&
      typedDomain.charCodeAt(labelStart + 2) === HYPHEN &&
      typedDomain.charCodeAt(labelStart + 3) === HYPHEN &&
      ((typedDomain.charCodeAt(labelStart) | 0x20) !== LOWER_X || (typedDomain.charCodeAt(labelStart + 1) | 0x20) !== LOWER_N)
    );
  };
  for (const match of typedDomain.matchAll(UNICODE_DOTS)) {
    if (labelsBreakHyphenRules(match.index)) return INVALID_MAPPING;
    typedLabels++;
    labelStart = match.index + 1;
  }
  if (labelsBreakHyphenRules(typedDomain.length)) return INVALID_MAPPING;
  const ascii = unicodeDomainToAscii(typedDomain);
  if (ascii === null) return INVALID_MAPPING;
  let asciiLabels = 1;
  for (let i = 0; i < ascii.length; i++) if (ascii.charCodeAt(i) === DOT) asciiLabels++;
  return asciiLabels === typedLabels ? { ascii, failure: null } : INVALID_MAPPING;
}
