/**
 * The legal-form letters of a Spanish entity NIF (Orden EHA/451/2008) and the control form each
 * one must use. Both tables are indexed by the letter's char code so the hot path reads them
 * without a map lookup.
 */

/**
 * How the control character of an entity NIF must be written: 0 not an entity letter, 1 either a
 * digit or the matching letter of JABCDEFGHI, 2 only the digit, 3 only the letter. Plain numbers
 * rather than an enum so that every bundler inlines them.
 */
export type ControlForm = 0 | 1 | 2 | 3;
export const FORM_NONE = 0;
export const FORM_EITHER = 1;
export const FORM_DIGIT = 2;
export const FORM_LETTER = 3;

/** Legal forms in words, exactly as the contract lists them (docs/fields/nif.md#entity-letters). */
export const ENTITY_TYPES: Readonly<Record<string, string>> = {
  A: 'public limited company',
  B: 'private limited company',
  C: 'general partnership',
  D: 'limited partnership',
  E: 'joint ownership, estate or other entity without legal personality',
  F: 'cooperative',
  G: 'association',
  H: 'community of property owners',
  J: 'civil partnership',
  N: 'foreign entity',
  P: 'local authority',
  Q: 'public body',
  R: 'religious congregation or institution',
  S: 'state administration body',
  U: 'temporary business association',
  V: 'other entity type',
  W: 'permanent establishment of a non-resident entity',
};

// The contract fixes A B E H (digit) and P Q S (letter); the AEAT rule adds that N, R and W
// (non-residents, religious bodies) also carry a letter (docs/fields/nif.md#control-form).
const DIGIT_FORM = 'ABEH';
const LETTER_FORM = 'NPQRSW';

/** Control form by char code ('A'..'Z'); `FORM_NONE` for every non-entity letter. */
export const CONTROL_FORM_BY_CODE: readonly ControlForm[] = buildFormTable();

/** Entity type in words by char code, for the details object. */
export const ENTITY_TYPE_BY_CODE: readonly (string | undefined)[] = buildTypeTable();

/** The form-violation message for each entity letter with an enforced form, by char code. */
export const FORM_MESSAGE_BY_CODE: readonly (string | undefined)[] = buildFormMessages();

function buildFormTable(): ControlForm[] {
  const table: ControlForm[] = new Array<ControlForm>(91).fill(FORM_NONE);
  for (const letter of Object.keys(ENTITY_TYPES)) {
    const code = letter.charCodeAt(0);
    table[code] = DIGIT_FORM.includes(letter)
      ? FORM_DIGIT
      : LETTER_FORM.includes(letter)
        ? FORM_LETTER
        : FORM_EITHER;
  }
  return table;
}

function buildTypeTable(): (string | undefined)[] {
  const table: (string | undefined)[] = new Array<string | undefined>(91).fill(undefined);
  for (const [letter, words] of Object.entries(ENTITY_TYPES)) table[letter.charCodeAt(0)] = words;
  return table;
}

function buildFormMessages(): (string | undefined)[] {
  const table: (string | undefined)[] = new Array<string | undefined>(91).fill(undefined);
  for (const letter of DIGIT_FORM) table[letter.charCodeAt(0)] = `A NIF starting with ${letter} ends with a digit`;
  for (const letter of LETTER_FORM) table[letter.charCodeAt(0)] = `A NIF starting with ${letter} ends with a letter`;
  return table;
}
