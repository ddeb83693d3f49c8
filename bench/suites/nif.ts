/**
 * Spanish NIF benchmark: validateNif against stdnum's ES.nif on a mix built by our own generator:
 * valid numbers of every kind (some typed with separators, lower case or `ES`), wrong controls,
 * wrong entity control forms and shapes that are no NIF at all.
 */
import { stdnum } from 'stdnum';
import type { BenchSuite } from '../suite.js';
import { validateNif } from '../../src/nif/index.js';

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const ENTITY_CONTROL_LETTERS = 'JABCDEFGHI';
const LETTER_CONTROL_ENTITIES = 'NPQRSW';
const ENTITY_LETTERS = 'ABCDEFGHJNPQRSUVW';

/** Deterministic pseudo-random numbers (mulberry32) so every run sees the same inputs. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function entityControl(digits: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digits[i]);
    sum += i % 2 === 0 ? Math.floor((2 * d) / 10) + ((2 * d) % 10) : d;
  }
  return (10 - (sum % 10)) % 10;
}

function buildInputs(count: number): string[] {
  const next = random(2024);
  const pick = (s: string): string => s.charAt(Math.floor(next() * s.length));
  const digits = (n: number): string => Array.from({ length: n }, () => pick('0123456789')).join('');
  const inputs: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 10;
    let nif: string;
    if (kind < 3) {
      const n = digits(8);
      nif = n + DNI_LETTERS.charAt(Number(n) % 23);
    } else if (kind < 5) {
      const p = pick('XYZ');
      const n = digits(7);
      nif = p + n + DNI_LETTERS.charAt(Number('XYZ'.indexOf(p) + n) % 23);
    } else if (kind === 5) {
      const n = digits(7);
      nif = pick('KLM') + n + DNI_LETTERS.charAt(Number(n) % 23);
    } else {
      const letter = pick(ENTITY_LETTERS);
      const n = digits(7);
      const c = entityControl(n);
      nif = letter + n + (LETTER_CONTROL_ENTITIES.includes(letter) ? ENTITY_CONTROL_LETTERS.charAt(c) : String(c));
    }
    const variant = next();
    if (variant < 0.15) nif = nif.slice(0, 8) + pick('ABCDEFGHJKLMNPQRSTVWXYZ0123456789'); // wrong control (mostly)
    else if (variant < 0.2) nif = `${nif.slice(0, 3)}${digits(1)}${nif.slice(4)}`; // mistyped digit (mostly)
    else if (variant < 0.25) nif = nif.slice(0, 7) + nif.slice(8); // a character missing
    if (next() < 0.3) nif = `${nif.slice(0, 8)}-${nif.slice(8)}`;
    if (next() < 0.15) nif = nif.toLowerCase();
    if (next() < 0.15) nif = `ES ${nif}`;
    inputs.push(nif);
  }
  return inputs;
}

// stdnum types its country table as a record, so the entry is looked up once and checked.
const stdnumNif = stdnum.ES?.nif;
if (!stdnumNif) throw new Error('stdnum no longer exports ES.nif');
const peerNif = stdnumNif;

export const suite: BenchSuite = {
  field: 'NIF',
  inputs: buildInputs(1000),
  ours: { name: 'verifield validateNif', run: (value) => validateNif(value).valid },
  peers: [{ name: 'stdnum ES.nif', run: (value) => peerNif.validate(value).isValid }],
};
