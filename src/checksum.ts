/**
 * Check-digit arithmetic shared by the fields. Every function takes a string that the caller has
 * already checked to hold only the characters it expects (ASCII digits, or digits and upper-case
 * letters for mod 97), so the loops read char codes directly instead of allocating arrays.
 */
// Declared here rather than imported from char-codes.ts: an imported binding is a load and a check
// on every read when the sources run unbundled (tsx, the benchmarks), in the innermost loops.
const ZERO = 48;
const UPPER_A = 65;

/**
 * The numeric value of the ASCII digit at `index`.
 *
 * @example
 * ```ts
 * digitAt('4096', 1); // 0
 * digitAt('4096', 3); // 6
 * ```
 */
export function digitAt(digits: string, index: number): number {
  return digits.charCodeAt(index) - ZERO;
}

/**
 * True when every character of `value` is an ASCII digit (and there is at least one).
 *
 * @example
 * ```ts
 * isDigits('0123'); // true
 * isDigits('12a'); // false
 * isDigits(''); // false
 * ```
 */
export function isDigits(value: string): boolean {
  if (value.length === 0) return false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < ZERO || code > ZERO + 9) return false;
  }
  return true;
}

/**
 * Luhn sum of `digits` modulo 10, doubling every second digit counted from the right-most one
 * when `doubleRightmost` is false (the usual case of a number that carries its check digit).
 */
function luhnSum(digits: string, doubleRightmost: boolean): number {
  let sum = 0;
  let double = doubleRightmost;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - ZERO;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10;
}

/**
 * Luhn (ISO/IEC 7812-1): true when the last digit of `digits` is the right check digit.
 *
 * @example
 * ```ts
 * isLuhnValid('79927398713'); // true
 * isLuhnValid('79927398710'); // false
 * ```
 */
export function isLuhnValid(digits: string): boolean {
  return luhnSum(digits, false) === 0;
}

/**
 * The Luhn check digit to append to `payload`.
 *
 * @example
 * ```ts
 * luhnCheckDigit('7992739871'); // 3
 * ```
 */
export function luhnCheckDigit(payload: string): number {
  return (10 - luhnSum(payload, true)) % 10;
}

/**
 * ISO 7064 MOD 97-10 remainder of `value`, letters standing for 10 (A) to 35 (Z). An IBAN (with its
 * first four characters moved to the end) or a Dutch btw-id is valid when this is 1.
 *
 * @example
 * ```ts
 * // GB82 WEST 1234 5698 7654 32 with its first four characters moved to the end:
 * mod97('WEST12345698765432GB82'); // 1
 * ```
 */
export function mod97(value: string): number {
  return mod97Range(value, 0, value.length);
}

/**
 * ISO 7064 MOD 11,10 check digit of `payload` (Germany's USt-IdNr, Croatia's OIB).
 *
 * @example
 * ```ts
 * // DE136695976 ends with the check digit of its first eight digits:
 * mod11_10CheckDigit('13669597'); // 6
 * ```
 */
export function mod11_10CheckDigit(payload: string): number {
  let product = 10;
  for (let i = 0; i < payload.length; i++) {
    let sum = (payload.charCodeAt(i) - ZERO + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  return (11 - product) % 10;
}

/**
 * Σ weights[i] · digit(start + i) over the weights given.
 *
 * @example
 * ```ts
 * weightedSum('1234', [4, 3, 2, 1]); // 20
 * weightedSum('X1234', [4, 3, 2, 1], 1); // 20
 * ```
 */
export function weightedSum(digits: string, weights: readonly number[], start = 0): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    sum += (weights[i] as number) * (digits.charCodeAt(start + i) - ZERO);
  }
  return sum;
}

/**
 * ISO 7064 MOD 97-10 remainder of `value` from `start` to `end` (exclusive), continuing from
 * `remainder`. Chaining two calls checks an IBAN in place (its BBAN, then its first four
 * characters) without building the rearranged string. Same alphabet as `mod97`. The division is
 * taken only when the running value nears the small-integer range (below 2^30 it stays a V8 Smi),
 * not once per character: several times faster on a 30-character IBAN.
 *
 * @example
 * ```ts
 * const iban = 'DE89370400440532013000';
 * // The BBAN, then the country code and check digits: the IBAN checked in place.
 * mod97Range(iban, 0, 4, mod97Range(iban, 4, 22)); // 1
 * ```
 */
export function mod97Range(value: string, start: number, end: number, remainder = 0): number {
  let running = remainder % 97;
  for (let i = start; i < end; i++) {
    const code = value.charCodeAt(i);
    // A letter stands for two digits (A = 10 ... Z = 35).
    running = code >= UPPER_A ? running * 100 + code - UPPER_A + 10 : running * 10 + code - ZERO;
    if (running >= 10_000_000) running %= 97;
  }
  return running % 97;
}
