/**
 * Builders of valid VAT numbers, one or more per prefix and variant (BE 1-series, NL 2020 btw-id,
 * IE 9-character, …). Each computes its check digits from docs/fields/vat.md#country-rules, written
 * again here on purpose, without importing src/: the tests then compare two independent
 * implementations, and the bench gets a realistic mix of real-looking numbers.
 */

/** A source of random numbers in [0, 1). */
export type Rng = () => number;

/** Small seeded PRNG (mulberry32), so the bench and failing properties are reproducible. */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (rng: Rng, low: number, high: number): number => low + Math.floor(rng() * (high - low + 1));
const pick = <T>(rng: Rng, items: readonly T[]): T => items[int(rng, 0, items.length - 1)] as T;
const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** `count` random digits. */
function digits(rng: Rng, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(int(rng, 0, 9));
  return out;
}

/** `count` random digits, the first not 0. */
const digitsFrom1 = (rng: Rng, count: number): string => String(int(rng, 1, 9)) + digits(rng, count - 1);

const valueOf = (text: string, index: number): number => text.charCodeAt(index) - 48;

function weighted(text: string, weights: readonly number[], start = 0): number {
  let sum = 0;
  weights.forEach((w, i) => (sum += w * valueOf(text, start + i)));
  return sum;
}

const isZero = (text: string): boolean => /^0*$/.test(text);

/** Luhn check digit to append to `payload`. */
function luhnDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    let d = valueOf(payload, payload.length - 1 - i);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** ISO 7064 MOD 11,10 check digit. */
function mod11_10(payload: string): number {
  let product = 10;
  for (let i = 0; i < payload.length; i++) {
    const sum = (valueOf(payload, i) + product) % 10 || 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10;
}

/** Remainder of a decimal string of any length. */
function mod(text: string, divisor: number): number {
  let r = 0;
  for (const ch of text) r = (r * 10 + Number(ch)) % divisor;
  return r;
}

/** A random real date between 1900 and 2024. */
function randomDate(rng: Rng, fromYear = 1900, toYear = 2024): { year: number; month: number; day: number } {
  const year = int(rng, fromYear, toYear);
  const month = int(rng, 1, 12);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: int(rng, 1, days) };
}

/** Calls `build` until it yields a number (some random payloads admit no check digit). */
function retry(build: (rng: Rng) => string | null): (rng: Rng) => string {
  return (rng) => {
    for (;;) {
      const value = build(rng);
      if (value !== null) return value;
    }
  };
}

type Builder = (rng: Rng) => string;

// ---- the 28 prefixes and GB, CH, NO ----------------------------------------------------------

const austria = retry((rng) => {
  const p = digits(rng, 7);
  if (isZero(p)) return null;
  let s = 0;
  for (let i = 0; i < 7; i++) {
    const d = valueOf(p, i) * (i % 2 === 1 ? 2 : 1);
    s += d > 9 ? d - 9 : d;
  }
  return `ATU${p}${(10 - ((s + 4) % 10)) % 10}`;
});

function belgium(firstDigit: '0' | '1'): Builder {
  return retry((rng) => {
    const p = firstDigit + digits(rng, 7);
    if (isZero(p)) return null;
    return `BE${p}${pad(97 - (Number(p) % 97), 2)}`;
  });
}

const bulgariaLegal = retry((rng) => {
  const p = digits(rng, 8);
  if (isZero(p)) return null;
  let c = weighted(p, [1, 2, 3, 4, 5, 6, 7, 8]) % 11;
  if (c === 10) c = weighted(p, [3, 4, 5, 6, 7, 8, 9, 10]) % 11;
  return `BG${p}${c % 10}`;
});

const bulgariaEgn: Builder = (rng) => {
  const { year, month, day } = randomDate(rng, 1850, 2020);
  const m = year < 1900 ? month + 20 : year >= 2000 ? month + 40 : month;
  const p = pad(year % 100, 2) + pad(m, 2) + pad(day, 2) + digits(rng, 3);
  return `BG${p}${(weighted(p, [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11) % 10}`;
};

const bulgariaForeigner = retry((rng) => {
  const p = digits(rng, 9);
  return isZero(p) ? null : `BG${p}${weighted(p, [21, 19, 17, 13, 11, 9, 7, 3, 1]) % 10}`;
});

const bulgariaOther = retry((rng) => {
  const p = digits(rng, 9);
  const c = (11 - (weighted(p, [4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11)) % 11;
  return c === 10 || isZero(p) ? null : `BG${p}${c}`;
});

const CYPRUS_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];
const cyprus = retry((rng) => {
  const p = digits(rng, 8);
  if (p.startsWith('12') || isZero(p)) return null;
  let s = 0;
  for (let i = 0; i < 8; i++) s += i % 2 === 0 ? (CYPRUS_ODD[valueOf(p, i)] as number) : valueOf(p, i);
  return `CY${p}${String.fromCharCode(65 + (s % 26))}`;
});

const czechLegal = retry((rng) => {
  const p = String(int(rng, 0, 8)) + digits(rng, 6);
  if (isZero(p)) return null;
  const c = (11 - (weighted(p, [8, 7, 6, 5, 4, 3, 2]) % 11)) % 11;
  return `CZ${p}${c === 0 ? 1 : c % 10}`;
});

const czechSpecial: Builder = (rng) => {
  const p = digits(rng, 7);
  const s = weighted(p, [8, 7, 6, 5, 4, 3, 2]) % 11;
  return `CZ6${p}${(((8 - ((10 - s) % 11)) % 10) + 10) % 10}`;
};

/** A 10-digit Czech or Slovak birth number (from 1954 on). */
const birthNumber10 = retry((rng) => {
  const { year, month, day } = randomDate(rng, 1954, 2024);
  // Women add 50 to the month; from 2004 either sex may add 20.
  const monthOffset = pick(rng, year >= 2004 ? [0, 20, 50, 70] : [0, 50]);
  const p = pad(year % 100, 2) + pad(month + monthOffset, 2) + pad(day, 2) + digits(rng, 3);
  const r = mod(p, 11);
  if (r === 10 && year >= 1985) return null;
  return `${p}${r % 10}`;
});

/** A 9-digit birth number (before 1954, no check digit). */
const birthNumber9: Builder = (rng) => {
  const { year, month, day } = randomDate(rng, 1900, 1953);
  return pad(year % 100, 2) + pad(month + pick(rng, [0, 50]), 2) + pad(day, 2) + digits(rng, 3);
};

const germany: Builder = (rng) => {
  const p = digitsFrom1(rng, 8);
  return `DE${p}${mod11_10(p)}`;
};

const denmark = retry((rng) => {
  const p = digitsFrom1(rng, 7);
  const c = (11 - (weighted(p, [2, 7, 6, 5, 4, 3, 2]) % 11)) % 11;
  return c === 10 ? null : `DK${p}${c}`;
});

const estonia = retry((rng) => {
  const p = digits(rng, 8);
  return isZero(p) ? null : `EE${p}${(10 - (weighted(p, [3, 7, 1, 3, 7, 1, 3, 7]) % 10)) % 10}`;
});

const greece = retry((rng) => {
  const p = digits(rng, 8);
  return isZero(p) ? null : `EL${p}${(weighted(p, [256, 128, 64, 32, 16, 8, 4, 2]) % 11) % 10}`;
});

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const spainDni = retry((rng) => {
  const p = digits(rng, 8);
  return isZero(p) ? null : `ES${p}${DNI_LETTERS[Number(p) % 23]}`;
});
const spainNie: Builder = (rng) => {
  const lead = int(rng, 0, 2);
  const p = digits(rng, 7);
  return `ES${'XYZ'[lead]}${p}${DNI_LETTERS[Number(`${lead}${p}`) % 23]}`;
};
const spainKlm = retry((rng) => {
  const p = digits(rng, 7);
  return isZero(p) ? null : `ES${pick(rng, ['K', 'L', 'M'])}${p}${DNI_LETTERS[Number(p) % 23]}`;
});
/**
 * Entity NIFs: A, B, E, H take a digit control; P, Q, S a letter; N, R, W get the letter that the
 * tax agency prescribes for them, which the contract's "either form" also allows
 * (docs/fields/nif.md#control-form); the other letters get either form.
 */
const spainEntity = retry((rng) => {
  const letter = pick(rng, [...'ABCDEFGHJNPQRSUVW']);
  const p = digits(rng, 7);
  if (isZero(p)) return null;
  const c = luhnDigit(p);
  const asLetter = 'JABCDEFGHI'[c] as string;
  const control = 'ABEH'.includes(letter)
    ? String(c)
    : 'NPQRSW'.includes(letter)
    ? asLetter
    : pick(rng, [String(c), asLetter]);
  return `ES${letter}${p}${control}`;
});

const finland = retry((rng) => {
  const p = digits(rng, 7);
  const c = (11 - (weighted(p, [7, 9, 10, 5, 8, 4, 2]) % 11)) % 11;
  return c === 10 || isZero(p) ? null : `FI${p}${c}`;
});

const FR_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A SIREN: 8 digits + Luhn; Monaco's numbers start 000 and carry no Luhn digit. */
function siren(rng: Rng, monaco: boolean): string {
  if (monaco) return '000' + digitsFrom1(rng, 6);
  for (;;) {
    const p = digits(rng, 8);
    if (!p.startsWith('000')) return p + luhnDigit(p);
  }
}

function franceNumeric(monaco: boolean): Builder {
  return (rng) => {
    const s = siren(rng, monaco);
    return `FR${pad((Number(s) * 100 + 12) % 97, 2)}${s}`;
  };
}

/** A letter key: any pair of the alphabet, not both digits, that satisfies the key equation. */
const franceLetterKey: Builder = (rng) => {
  const s = siren(rng, false);
  const keys: string[] = [];
  for (const a of FR_ALPHABET) {
    for (const b of FR_ALPHABET) {
      const ia = FR_ALPHABET.indexOf(a);
      const ib = FR_ALPHABET.indexOf(b);
      if (ia < 10 && ib < 10) continue;
      const v = ia < 10 ? ia * 24 + ib - 10 : ia * 34 + ib - 100;
      if ((Number(s) + 1 + Math.floor(v / 11)) % 11 === v % 11) keys.push(a + b);
    }
  }
  return `FR${pick(rng, keys)}${s}`;
};

const croatia = retry((rng) => {
  const p = digits(rng, 10);
  return isZero(p) ? null : `HR${p}${mod11_10(p)}`;
});

const hungary = retry((rng) => {
  const p = digits(rng, 7);
  return isZero(p) ? null : `HU${p}${(10 - (weighted(p, [9, 7, 3, 1, 9, 7, 3]) % 10)) % 10}`;
});

const IE_ALPHABET = 'WABCDEFGHIJKLMNOPQRSTUV';

/** New form: 7 digits, check letter, optional 9th letter (A, H for companies since 2013). */
function ireland(ninth: '' | 'A' | 'H' | 'W'): Builder {
  return retry((rng) => {
    const p = digits(rng, 7);
    if (isZero(p)) return null;
    const s = weighted(p, [8, 7, 6, 5, 4, 3, 2]) + 9 * (ninth === '' ? 0 : IE_ALPHABET.indexOf(ninth));
    return `IE${p}${IE_ALPHABET[s % 23]}${ninth}`;
  });
}

/** Old form: digit, letter (or + or *), 5 digits, check letter; checked as 0 + digits 3–7 + digit 1. */
const irelandOld = retry((rng) => {
  const first = digits(rng, 1);
  const second = pick(rng, [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ+*']);
  const rest = digits(rng, 5);
  if (isZero(first + rest)) return null;
  const s = weighted(`0${rest}${first}`, [8, 7, 6, 5, 4, 3, 2]);
  return `IE${first}${second}${rest}${IE_ALPHABET[s % 23]}`;
});

const ITALY_OFFICES = [...Array.from({ length: 100 }, (_, i) => i + 1), 120, 121, 888, 999];
const italy = retry((rng) => {
  const serial = digits(rng, 7);
  if (isZero(serial)) return null;
  const p = serial + pad(pick(rng, ITALY_OFFICES), 3);
  return `IT${p}${luhnDigit(p)}`;
});

function lithuaniaCheck(p: string): number {
  let s = 0;
  for (let i = 0; i < p.length; i++) s += (1 + (i % 9)) * valueOf(p, i);
  if (s % 11 === 10) {
    s = 0;
    for (let i = 0; i < p.length; i++) s += (1 + ((i + 2) % 9)) * valueOf(p, i);
  }
  return (s % 11) % 10;
}
const lithuania9: Builder = (rng) => {
  const p = digits(rng, 7) + '1';
  return `LT${p}${lithuaniaCheck(p)}`;
};
const lithuania12: Builder = (rng) => {
  const p = digits(rng, 10) + '1';
  return `LT${p}${lithuaniaCheck(p)}`;
};

/** A Luxembourg VAT number: six digits, then their value modulo 89 in two digits. */
export function luxembourgVat(sixDigits: string): string {
  return `LU${sixDigits}${pad(Number(sixDigits) % 89, 2)}`;
}

const luxembourg = retry((rng) => {
  const p = digits(rng, 6);
  return isZero(p) ? null : luxembourgVat(p);
});

const latviaLegal = retry((rng) => {
  const p = String(int(rng, 4, 9)) + digits(rng, 9);
  const c = (((3 - weighted(p, [9, 1, 4, 8, 3, 10, 2, 5, 7, 6])) % 11) + 11) % 11;
  return c === 10 ? null : `LV${p}${c}`;
});
const latviaPersonalCheck = (p: string): number => ((1 + weighted(p, [10, 5, 8, 4, 2, 1, 6, 3, 7, 9])) % 11) % 10;
const latviaDated: Builder = (rng) => {
  const { year, month, day } = randomDate(rng, 1900, 2016);
  const p = pad(day, 2) + pad(month, 2) + pad(year % 100, 2) + String(Math.floor(year / 100) - 18) + digits(rng, 3);
  return `LV${p}${latviaPersonalCheck(p)}`;
};
const latvia32: Builder = (rng) => {
  const p = '32' + digits(rng, 8);
  return `LV${p}${latviaPersonalCheck(p)}`;
};

const malta = retry((rng) => {
  const p = digitsFrom1(rng, 6);
  const s = weighted(p, [3, 4, 6, 7, 8, 9]);
  const fits: string[] = [];
  for (let cc = 0; cc < 100; cc++) if ((s + 10 * Math.floor(cc / 10) + (cc % 10)) % 37 === 0) fits.push(pad(cc, 2));
  return fits.length === 0 ? null : `MT${p}${pick(rng, fits)}`;
});

const branch = (rng: Rng): string => pad(int(rng, 1, 99), 2);

/** Old numbers: the 9 digits pass the 11-proof (weights 9..2 and −1). */
const netherlandsElevenProof = retry((rng) => {
  const p = digits(rng, 8);
  const c = weighted(p, [9, 8, 7, 6, 5, 4, 3, 2]) % 11;
  return c === 10 || isZero(p) ? null : `NL${p}${c}B${branch(rng)}`;
});

/** 2020 btw-id: `NL` + 9 digits + B + 2 digits is ISO 7064 MOD 97-10 valid (N = 23, L = 21, B = 11). */
const netherlandsMod97 = retry((rng) => {
  const p = digits(rng, 9);
  if (isZero(p)) return null;
  // Value = X·100 + cc must be ≡ 1 (mod 97), where X is "2321" + p + "11" read as digits.
  const cc = (((1 - mod(`2321${p}11`, 97) * 100) % 97) + 97) % 97;
  return cc === 0 ? null : `NL${p}B${pad(cc, 2)}`;
});

const poland = retry((rng) => {
  const p = digits(rng, 9);
  const c = weighted(p, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11;
  return c === 10 || isZero(p) ? null : `PL${p}${c}`;
});

const portugal: Builder = (rng) => {
  const p = digitsFrom1(rng, 8);
  return `PT${p}${((11 - (weighted(p, [9, 8, 7, 6, 5, 4, 3, 2]) % 11)) % 11) % 10}`;
};

/** A CUI of `length` digits (2 to 10). */
function romania(length: number): Builder {
  return (rng) => {
    const p = digitsFrom1(rng, length - 1);
    const padded = p.padStart(9, '0');
    return `RO${p}${((10 * weighted(padded, [7, 5, 3, 2, 1, 7, 5, 3, 2])) % 11) % 10}`;
  };
}

const sweden = retry((rng) => {
  const p = digits(rng, 9);
  return isZero(p) ? null : `SE${p}${luhnDigit(p)}01`;
});

const slovenia = retry((rng) => {
  const p = digitsFrom1(rng, 7);
  const c = 11 - (weighted(p, [8, 7, 6, 5, 4, 3, 2]) % 11);
  return c === 11 ? null : `SI${p}${c % 10}`;
});

const slovakLegal = retry((rng) => {
  const p = String(int(rng, 1, 9)) + digits(rng, 1) + pick(rng, ['2', '3', '4', '7', '8', '9']) + digits(rng, 6);
  const c = (11 - ((Number(p) * 10) % 11)) % 11;
  return c === 10 ? null : `SK${p}${c}`;
});

/** UK numbers: 7 digits + 2 check digits, weights 8..2, 10, 1 mod 97 = 0 (or 42 / 55 from 100 0000 00). */
function ukStandard(prefix: 'XI' | 'GB', series: 0 | 42 | 55, branchDigits: boolean): Builder {
  return retry((rng) => {
    const p = series === 0 ? digits(rng, 7) : digitsFrom1(rng, 7);
    if (isZero(p) || (series !== 0 && Number(p.slice(0, 3)) < 100)) return null;
    const cc = (((series - weighted(p, [8, 7, 6, 5, 4, 3, 2])) % 97) + 97) % 97;
    return `${prefix}${p}${pad(cc, 2)}${branchDigits ? digits(rng, 3) : ''}`;
  });
}
const ukDepartment =
  (prefix: 'XI' | 'GB'): Builder =>
  (rng) =>
    rng() < 0.5 ? `${prefix}GD${pad(int(rng, 0, 499), 3)}` : `${prefix}HA${pad(int(rng, 500, 999), 3)}`;
const ukDepartmentEu =
  (prefix: 'XI' | 'GB'): Builder =>
  (rng) => {
    const gd = rng() < 0.5;
    const n = gd ? int(rng, 0, 499) : int(rng, 500, 999);
    return `${prefix}${gd ? 'GD' : 'HA'}8888${pad(n, 3)}${pad(n % 97, 2)}`;
  };

const switzerland = retry((rng) => {
  const p = digits(rng, 8);
  const c = (11 - (weighted(p, [5, 4, 3, 2, 7, 6, 5, 4]) % 11)) % 11;
  return c === 10 || isZero(p) ? null : `CHE${p}${c}`;
});

const norway = retry((rng) => {
  const p = digitsFrom1(rng, 8);
  const c = (11 - (weighted(p, [3, 2, 7, 6, 5, 4, 3, 2]) % 11)) % 11;
  return c === 10 ? null : `NO${p}${c}MVA`;
});

/** Every prefix and, for each, the variants of its numbers. */
export const VALID_VAT_BUILDERS: Readonly<Record<string, Readonly<Record<string, Builder>>>> = {
  AT: { standard: austria },
  BE: { '0-series': belgium('0'), '1-series': belgium('1') },
  BG: { legal: bulgariaLegal, egn: bulgariaEgn, foreigner: bulgariaForeigner, other: bulgariaOther },
  CY: { standard: cyprus },
  CZ: {
    legal: czechLegal,
    special: czechSpecial,
    'birth number (10)': (rng) => `CZ${birthNumber10(rng)}`,
    'birth number (9)': (rng) => `CZ${birthNumber9(rng)}`,
  },
  DE: { standard: germany },
  DK: { standard: denmark },
  EE: { standard: estonia },
  EL: { standard: greece },
  ES: { dni: spainDni, nie: spainNie, klm: spainKlm, entity: spainEntity },
  FI: { standard: finland },
  FR: { 'numeric key': franceNumeric(false), 'letter key': franceLetterKey, monaco: franceNumeric(true) },
  HR: { standard: croatia },
  HU: { standard: hungary },
  IE: {
    '8 characters': ireland(''),
    '9th letter A': ireland('A'),
    '9th letter H': ireland('H'),
    '9th letter W': ireland('W'),
    'old form': irelandOld,
  },
  IT: { standard: italy },
  LT: { '9 digits': lithuania9, '12 digits': lithuania12 },
  LU: { standard: luxembourg },
  LV: { legal: latviaLegal, 'personal dated': latviaDated, 'personal 32': latvia32 },
  MT: { standard: malta },
  NL: { '11-proof': netherlandsElevenProof, 'mod 97': netherlandsMod97 },
  PL: { standard: poland },
  PT: { standard: portugal },
  RO: Object.fromEntries([2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => [`${n} digits`, romania(n)])),
  SE: { standard: sweden },
  SI: { standard: slovenia },
  SK: { legal: slovakLegal, 'birth number': (rng) => `SK${birthNumber10(rng)}` },
  XI: {
    '9 digits': ukStandard('XI', 0, false),
    '12 digits': ukStandard('XI', 0, true),
    '97-55 (42)': ukStandard('XI', 42, false),
    '97-55 (55)': ukStandard('XI', 55, false),
    'GD/HA': ukDepartment('XI'),
    'GD/HA EU form': ukDepartmentEu('XI'),
  },
  GB: {
    '9 digits': ukStandard('GB', 0, false),
    '12 digits': ukStandard('GB', 0, true),
    'GD/HA': ukDepartment('GB'),
  },
  CH: { standard: switzerland },
  NO: { standard: norway },
};

/** `count` distinct valid VAT numbers of the member state `prefix` (its first variant), from `seed`. */
export function vatNumbers(prefix: string, count: number, seed: number): string[] {
  const rng = seededRng(seed);
  const build = firstBuilder(prefix);
  const seen = new Set<string>();
  while (seen.size < count) seen.add(build(rng));
  return [...seen];
}

/** The builder of the first variant of the member state `prefix`. */
export function firstBuilder(prefix: string): Builder {
  return Object.values(VALID_VAT_BUILDERS[prefix] as Record<string, Builder>)[0] as Builder;
}

/** A valid number of any prefix and variant. */
export function anyValidVat(rng: Rng): string {
  const variants = VALID_VAT_BUILDERS[pick(rng, Object.keys(VALID_VAT_BUILDERS))] as Record<string, Builder>;
  return (variants[pick(rng, Object.keys(variants))] as Builder)(rng);
}

/**
 * `compact` as a person might type it: the prefix in lower case now and then, and groups of
 * digits separated by spaces, dots or dashes.
 */
export function typedLikeAPerson(rng: Rng, compact: string): string {
  const prefix = rng() < 0.2 ? compact.slice(0, 2).toLowerCase() : compact.slice(0, 2);
  const body = compact.slice(2);
  const style = int(rng, 0, 3);
  if (style === 0) return prefix + body;
  const separator = [' ', ' ', '.', '-'][style] as string;
  const groups = body.match(/.{1,3}/g) ?? [];
  return `${prefix}${rng() < 0.5 ? ' ' : ''}${groups.join(separator)}`;
}

/** `compact` with the digit at `index` replaced by `digit`. */
export function withDigit(compact: string, index: number, digit: number): string {
  return compact.slice(0, index) + String(digit) + compact.slice(index + 1);
}

/** `compact` with one random digit of the body changed: a typo. */
export function withTypo(rng: Rng, compact: string): string {
  const positions: number[] = [];
  for (let i = 2; i < compact.length; i++) if (/\d/.test(compact[i] as string)) positions.push(i);
  const index = pick(rng, positions);
  const old = valueOf(compact, index);
  return withDigit(compact, index, (old + int(rng, 1, 9)) % 10);
}
