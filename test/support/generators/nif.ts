/**
 * Builds Spanish NIFs for the tests from the published rules (docs/fields/nif.md#kinds and
 * #entity-control-character), written independently of src/nif so that a mistake there is not
 * repeated here.
 */
import fc from 'fast-check';

export const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
export const ENTITY_CONTROL_LETTERS = 'JABCDEFGHI';

/**
 * The 17 entity letters with the legal form of docs/fields/nif.md#entity-letters and the enforced
 * control form (docs/fields/nif.md#control-form).
 */
export const ENTITY_LETTERS: readonly { letter: string; words: string; form: 'digit' | 'letter' | 'either' }[] = [
  { letter: 'A', words: 'public limited company', form: 'digit' },
  { letter: 'B', words: 'private limited company', form: 'digit' },
  { letter: 'C', words: 'general partnership', form: 'either' },
  { letter: 'D', words: 'limited partnership', form: 'either' },
  { letter: 'E', words: 'joint ownership, estate or other entity without legal personality', form: 'digit' },
  { letter: 'F', words: 'cooperative', form: 'either' },
  { letter: 'G', words: 'association', form: 'either' },
  { letter: 'H', words: 'community of property owners', form: 'digit' },
  { letter: 'J', words: 'civil partnership', form: 'either' },
  { letter: 'N', words: 'foreign entity', form: 'letter' },
  { letter: 'P', words: 'local authority', form: 'letter' },
  { letter: 'Q', words: 'public body', form: 'letter' },
  { letter: 'R', words: 'religious congregation or institution', form: 'letter' },
  { letter: 'S', words: 'state administration body', form: 'letter' },
  { letter: 'U', words: 'temporary business association', form: 'either' },
  { letter: 'V', words: 'other entity type', form: 'either' },
  { letter: 'W', words: 'permanent establishment of a non-resident entity', form: 'letter' },
];

/** DNI letter of a number (the DNI rule, also used by NIE and K/L/M). */
export function dniLetter(number: number): string {
  return DNI_LETTERS.charAt(number % 23);
}

/** A DNI: the eight digits and their control letter. */
export function dni(eightDigits: string): string {
  return eightDigits + dniLetter(Number(eightDigits));
}

/**
 * Entity control digit of 7 digits, as the AEAT describes it: the digits in even positions summed,
 * plus the digit sum of twice each digit in odd positions; the control is (10 - S mod 10) mod 10.
 */
export function entityControlDigit(sevenDigits: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(sevenDigits[i]);
    if (i % 2 === 1) {
      sum += d;
    } else {
      const doubled = 2 * d;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    }
  }
  return (10 - (sum % 10)) % 10;
}

export function makeDni(eightDigits: string): string {
  return eightDigits + dniLetter(Number(eightDigits));
}

export function makeNie(prefix: 'X' | 'Y' | 'Z', sevenDigits: string): string {
  return prefix + sevenDigits + dniLetter(Number('XYZ'.indexOf(prefix) + sevenDigits));
}

export function makeKlm(prefix: 'K' | 'L' | 'M', sevenDigits: string): string {
  return prefix + sevenDigits + dniLetter(Number(sevenDigits));
}

/** An entity NIF with its control in the given form. */
export function makeEntity(letter: string, sevenDigits: string, form: 'digit' | 'letter'): string {
  const c = entityControlDigit(sevenDigits);
  return letter + sevenDigits + (form === 'digit' ? String(c) : ENTITY_CONTROL_LETTERS.charAt(c));
}

/** The entity NIF in the form its letter prefers (digit unless the letter demands a letter). */
export function makePreferredEntity(letter: string, sevenDigits: string): string {
  const entry = ENTITY_LETTERS.find((e) => e.letter === letter);
  return makeEntity(letter, sevenDigits, entry?.form === 'letter' ? 'letter' : 'digit');
}

const digitString = (length: number): fc.Arbitrary<string> =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((ds) => ds.join(''));

export const arbDni: fc.Arbitrary<string> = digitString(8).map(makeDni);
export const arbNie: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('X' as const, 'Y' as const, 'Z' as const), digitString(7))
  .map(([p, d]) => makeNie(p, d));
export const arbKlm: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('K' as const, 'L' as const, 'M' as const), digitString(7))
  .map(([p, d]) => makeKlm(p, d));
/** Entity NIFs in every allowed form: both forms for the letters that accept either. */
export const arbEntity: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...ENTITY_LETTERS), digitString(7), fc.boolean())
  .map(([e, d, preferLetter]) =>
    makeEntity(e.letter, d, e.form === 'either' ? (preferLetter ? 'letter' : 'digit') : e.form),
  );
export const arbValidNif: fc.Arbitrary<string> = fc.oneof(arbDni, arbNie, arbKlm, arbEntity);

/** A valid NIF dressed the way people type it: separators, lower case, an `ES` prefix. */
export const arbTypedNif: fc.Arbitrary<{ typed: string; bare: string }> = fc
  .tuple(
    arbValidNif,
    fc.constantFrom('', 'ES', 'es', 'ES ', 'ES-', 'Es '),
    fc.constantFrom('', ' ', '-', '.', ' - '),
    fc.boolean(),
  )
  .map(([bare, prefix, sep, lower]) => {
    const body = `${bare.slice(0, 1)}${sep}${bare.slice(1, 5)}${sep}${bare.slice(5, 8)}${sep}${bare.slice(8)}`;
    return { typed: prefix + (lower ? body.toLowerCase() : body), bare };
  });
