/**
 * Email benchmark: validateEmail (the whole offline check: syntax, typo, lists, risk) against
 * validator.js `isEmail` with its defaults, on a mix built by our own seeded generator: about
 * three quarters well-formed addresses as people type them (mixed case, subaddress tags, stray
 * surrounding spaces, national and business domains, subdomains, a few IDN domains, typo domains
 * and disposable services), the rest the mistakes forms see (missing `@` or TLD, comma for dot,
 * double dots, inner spaces, trailing dot, quotes, display names).
 */
import validator from 'validator';
import { validateEmail } from '../../src/email/index.js';
// mulberry32, seeded, so every run measures the same inputs.
import { seededPicker } from '../../test/support/generators/iban.js';
import type { BenchSuite } from '../suite.js';

const FIRST = ['jane', 'john', 'marie', 'lukas', 'sofia', 'li', 'ahmed', 'olga', 'pierre', 'ana', 'kenji', 'emma'];
const LAST = ['doe', 'smith', 'muller', 'rossi', 'garcia', 'novak', 'dupont', 'kowalski', 'silva', 'tanaka'];
const MAILBOX_DOMAINS = ['gmail.com', 'outlook.com', 'hotmail.fr', 'yahoo.co.uk', 'icloud.com', 'gmx.de', 'web.de', 'libero.it', 'proton.me'];
const WORDS = ['acme', 'nordic', 'blue', 'river', 'atlas', 'pixel', 'solar', 'alpine', 'metro', 'green', 'bright'];
const SUFFIXES = ['com', 'de', 'fr', 'co.uk', 'io', 'es', 'it', 'nl', 'ch', 'com.br'];
const TYPO_DOMAINS = ['gmial.com', 'gmail.con', 'hotmial.com', 'yahoo.co', 'outlok.com', 'icloud.cmo'];
const UNUSUAL_DOMAINS = ['müller-bau.de', 'mailinator.com', 'duck.com', 'mail.example-shop.co.uk', 'sub.dept.university.edu'];

function buildInputs(count: number): string[] {
  const pick = seededPicker(2026);
  const from = <T>(list: readonly T[]): T => list[pick(list.length)] as T;
  const chance = (percent: number): boolean => pick(100) < percent;
  const inputs: string[] = [];
  for (let i = 0; i < count; i++) {
    const first = from(FIRST);
    const last = from(LAST);
    let local = chance(50) ? `${first}.${last}` : chance(50) ? `${first}${pick(100)}` : `${first[0]}${last}`;
    if (chance(8)) local += `+${from(['news', 'shop', 'billing'])}`;
    const kind = pick(100);
    const domain =
      kind < 45
        ? from(MAILBOX_DOMAINS)
        : kind < 80
          ? `${from(WORDS)}${chance(30) ? `-${from(WORDS)}` : ''}.${from(SUFFIXES)}`
          : kind < 90
            ? from(TYPO_DOMAINS)
            : from(UNUSUAL_DOMAINS);
    let typed = `${local}@${domain}`;
    if (chance(10)) typed = typed.charAt(0).toUpperCase() + typed.slice(1);
    if (chance(3)) typed = typed.toUpperCase();
    const mistake = pick(100);
    if (mistake < 4) typed = typed.replace('@', '');
    else if (mistake < 8) typed = typed.slice(0, typed.lastIndexOf('.'));
    else if (mistake < 11) typed = typed.replace(/\.([a-z]+)$/i, ',$1');
    else if (mistake < 14) typed = typed.replace('@', '..@').replace('...', '.');
    else if (mistake < 17) typed = typed.replace('.', ' ');
    else if (mistake < 19) typed = `${typed}.`;
    else if (mistake < 21) typed = `"${local}"@${domain}`;
    else if (mistake < 23) typed = `${first} ${last} <${typed}>`;
    else if (mistake < 28) typed = chance(50) ? `${typed} ` : ` ${typed}`;
    inputs.push(typed);
  }
  return inputs;
}

export const suite: BenchSuite = {
  field: 'Email',
  inputs: buildInputs(1000),
  ours: { name: 'verifield validateEmail', run: (value) => validateEmail(value).valid },
  // isEmail checks syntax only; validateEmail also runs the typo check, the list lookups and the
  // risk model (checkEmailSyntax alone, the like-for-like stage, is several times faster again).
  peers: [{ name: 'validator.js isEmail (defaults)', run: (value) => validator.isEmail(value) }],
};
