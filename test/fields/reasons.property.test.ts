/**
 * Reason codes across the fields (docs/envelope.md#reason-codes): whatever the input, a valid
 * answer has `reason` null and an invalid one a code of its own field's list (src/reasons.ts), and
 * every code of every list is reached by some input, so no code is dead and none is missing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateEmail, validateEmailSyntax, verifyEmail } from '../../src/email/index.js';
import { validateIban } from '../../src/iban/index.js';
import { validateNas } from '../../src/nas/index.js';
import { validateNif } from '../../src/nif/index.js';
import { validatePhone } from '../../src/phone/index.js';
import type { DnsResolver, VatRegistry } from '../../src/ports.js';
import { REASONS } from '../../src/reasons.js';
import type { ValidationResult } from '../../src/result.js';
import { validateSsn } from '../../src/ssn/index.js';
import { validateVat, verifyVat } from '../../src/vat/index.js';
import { EMAIL_INPUTS, examplesInputs, IBAN_INPUTS, NAS_INPUTS, NIF_INPUTS, PHONE_INPUTS, SSN_INPUTS, VAT_INPUTS, nearValid, type FieldInputs } from '../support/fuzz/inputs.js';
import { FIELD_CATALOG, FIELD_NAMES } from '../../src/fields/catalog.js';
import { FIELD_EXAMPLES } from '../../src/fields/generated/examples.js';
import { VALIDATORS } from '../../src/fields/validators.js';

type Field = keyof typeof REASONS;

interface Target {
  name: string;
  field: Field;
  validate(value: string): ValidationResult;
  inputs: FieldInputs;
}

/** The fields with targets of their own below. */
const OWN_TARGETS: ReadonlySet<string> = new Set(['iban', 'nif', 'nas', 'ssn', 'phone', 'vat', 'email']);

const TARGETS: readonly Target[] = [
  { name: 'validateIban', field: 'iban', validate: validateIban, inputs: IBAN_INPUTS },
  { name: 'validateNif', field: 'nif', validate: validateNif, inputs: NIF_INPUTS },
  { name: 'validateNas', field: 'nas', validate: validateNas, inputs: NAS_INPUTS },
  { name: 'validateSsn', field: 'ssn', validate: validateSsn, inputs: SSN_INPUTS },
  { name: 'validatePhone', field: 'phone', validate: validatePhone, inputs: PHONE_INPUTS },
  { name: 'validateVat', field: 'vat', validate: validateVat, inputs: VAT_INPUTS },
  { name: 'validateEmail', field: 'email', validate: (value) => validateEmail(value), inputs: EMAIL_INPUTS },
  { name: 'validateEmailSyntax', field: 'email', validate: validateEmailSyntax, inputs: EMAIL_INPUTS },
  // A field without a target above: its registry's offline validator, on inputs made from its examples (src/<field>/examples.ts).
  ...FIELD_NAMES.filter((field) => !OWN_TARGETS.has(field)).map(
    (field): Target => ({ name: FIELD_CATALOG[field].operation, field, validate: (value) => VALIDATORS[field].offline(value), inputs: examplesInputs(field) }),
  ),
];

/** The promise of docs/envelope.md#reason-codes, as text when broken (null when it holds). */
function reasonProblem(field: Field, result: ValidationResult): string | null {
  if (result.valid) return result.reason === null ? null : `valid, yet reason ${String(result.reason)}`;
  const codes: readonly string[] = REASONS[field];
  return result.reason !== null && codes.includes(result.reason)
    ? null
    : `invalid ("${result.message}"), yet reason ${String(result.reason)} is not a ${field} code`;
}

function expectReasonHolds(field: Field, result: ValidationResult): void {
  const problem = reasonProblem(field, result);
  if (problem !== null) throw new Error(problem);
}

/** Strings of any kind: Unicode, raw UTF-16, and the field's own characters in any order. */
function anyString(inputs: FieldInputs): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: fc.constantFrom(...inputs.alphabet), maxLength: 40 }),
  );
}

describe.each(TARGETS)('$name: reason follows valid', ({ field, validate, inputs }) => {
  it('for arbitrary strings', () => {
    fc.assert(fc.property(anyString(inputs), (input) => expectReasonHolds(field, validate(input))), { numRuns: 3_000 });
  });

  it('for mutations of valid values', () => {
    fc.assert(fc.property(nearValid(inputs), (input) => expectReasonHolds(field, validate(input))), { numRuns: 3_000 });
  });

  it('for valid values as typed: reason null', () => {
    fc.assert(
      fc.property(inputs.typed, (input) => {
        const result = validate(input);
        expect(result.valid, input).toBe(true);
        expect(result.reason, input).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});

// ---- Doubles of the outside world, answering from the value alone ---------------------------

/** A registry that has every number registered except those ending in an odd digit. */
const oddNotRegistered: VatRegistry = {
  async check(query) {
    const last = query.vatNumber.charCodeAt(query.vatNumber.length - 1);
    return { valid: last % 2 === 0, requestDate: '2026-11-22' };
  },
};

/** DNS where `no-mail.*` does not exist, `down.*` fails, and every other domain has one MX host. */
const fixedDns: DnsResolver = {
  async mx(domain) {
    if (domain.startsWith('no-mail.')) return { kind: 'nxdomain' };
    if (domain.startsWith('down.')) return { kind: 'error', reason: 'timeout' };
    return { kind: 'records', records: [{ priority: 10, exchange: `mx.${domain}` }], ttl: 300 };
  },
  async a(domain) {
    if (domain.startsWith('no-mail.')) return { kind: 'nxdomain' };
    if (domain.startsWith('down.')) return { kind: 'error', reason: 'timeout' };
    return { kind: 'records', records: ['81.2.69.142'], ttl: 300 };
  },
};

const BLOCKLIST = ['blocked-shop.com'];
const NOW = (): Date => new Date('2026-11-22T12:00:00Z');

const verifyVatHere = (value: string) => verifyVat(value, { registry: oddNotRegistered, now: NOW, liveBudgetMs: 200 });
const verifyEmailHere = (value: string) => verifyEmail(value, { dns: fixedDns, blocklist: BLOCKLIST, now: NOW });

describe('verifyVat and verifyEmail: reason follows valid', () => {
  it('verifyVat, for mutations of valid values and a registry that says yes or no', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(VAT_INPUTS.typed, nearValid(VAT_INPUTS)), async (input) => {
        expectReasonHolds('vat', await verifyVatHere(input));
      }),
      { numRuns: 300 },
    );
  });

  it('verifyEmail, for mutations of valid values on domains with and without mail', async () => {
    const domains = fc.constantFrom('example-shop.de', 'no-mail.example-shop.de', 'down.example-shop.de', 'blocked-shop.com');
    const address = fc.tuple(fc.constantFrom('jane', 'info', 'o_brien'), domains).map(([local, domain]) => `${local}@${domain}`);
    await fc.assert(
      fc.asyncProperty(fc.oneof(address, nearValid({ typed: address, alphabet: EMAIL_INPUTS.alphabet })), async (input) => {
        expectReasonHolds('email', await verifyEmailHere(input));
      }),
      { numRuns: 300 },
    );
  });
});

// ---- Every code is reached ----------------------------------------------------------------------

/** Inputs that between them reach every code of a field, with the answers that a valid one gives. */
const OWN_CORPUS: Partial<Record<Field, readonly string[]>> = {
  iban: [
    'DE89 3704 0044 0532 0130 00',
    '',
    '1A3',
    'DE89.3704.0044.0532.0130.00',
    '0001 2345 6789',
    'GB2L ABBY 0901 2857 2017 07',
    'XX89 3704 0044 0532 0130 00',
    'DE89 3704 0044 0532 0130 0',
    'GB31 WE5T 1234 5698 7654 32',
    'DE00 3704 0044 0532 0000 52',
    'DE89 3704 0044 0532 0130 12',
    'BE41 5390 0754 7035',
  ],
  nif: ['12345678Z', '', 'not a nif', '12345678A', 'B64717839', 'A2812345C'],
  nas: ['046 454 286', '', '12345678', '123 456 789'],
  ssn: ['536-90-4399', '', '123-45-678', '078-05-1120', '912-70-1234', '000-12-3456', '536-00-4399', '536-90-0000'],
  phone: [
    '+44 20 7946 0958',
    '',
    `+44 20 7946 0123${' '.repeat(300)}`,
    'abc',
    '020 7946 0123',
    '+999 123 4567',
    '+33 1 99 00 12 3',
    '+33 1 99 00 12 345',
    '+421 2 1234 567',
    '+33 4 00 00 00 00',
    '+44 20 7946 0123 ext. 12',
  ],
  vat: ['DE136695976', '', '123456789', 'GR123456789', 'US123456789', 'BE 12345', 'DE136695975', 'BE0000000000'],
  email: [
    'jane@example-shop.de',
    '',
    'jane.example.com',
    '.jane@example.com',
    '"jane"@example.com',
    `${'a'.repeat(65)}@example.com`,
    'jane\u200b@example.com',
    'jane@exam_ple.com',
    'jane@[192.0.2.1]',
    'jane@example',
    `jane@${'a'.repeat(64)}.com`,
    'jane@example.123',
    'jane@example.test',
    `${'a'.repeat(60)}@${`${'b'.repeat(60)}.`.repeat(4)}com`,
  ],
};
/** A field's corpus: its own above, or its folder's examples (src/<field>/examples.ts), which then reach every code. */
const corpusOf = (field: Field): readonly string[] =>
  OWN_CORPUS[field] ?? [...FIELD_EXAMPLES[field].valid, ...FIELD_EXAMPLES[field].invalid.map(({ value }) => value)];

/** What only the outside world can say: unregistered (odd last digit), no mail, blocklisted. */
const VAT_VERIFIED_CORPUS = ['DE136695976', 'ATU13585627', 'BE 12345'];
const EMAIL_VERIFIED_CORPUS = ['jane@example-shop.de', 'jane@no-mail.example-shop.de', 'jane@blocked-shop.com', 'jane@down.example-shop.de', ''];

async function reached(field: Field): Promise<Set<string>> {
  const results: ValidationResult[] = [];
  for (const target of TARGETS) {
    if (target.field === field) for (const input of corpusOf(field)) results.push(target.validate(input));
  }
  if (field === 'vat') for (const input of VAT_VERIFIED_CORPUS) results.push(await verifyVatHere(input));
  if (field === 'email') for (const input of EMAIL_VERIFIED_CORPUS) results.push(await verifyEmailHere(input));
  const codes = new Set<string>();
  for (const result of results) {
    const problem = reasonProblem(field, result);
    if (problem !== null) throw new Error(`${field} ${JSON.stringify(result.originalValue)}: ${problem}`);
    if (result.reason !== null) codes.add(result.reason);
  }
  return codes;
}

describe('every code of every field is reached', () => {
  it.each(Object.keys(REASONS) as Field[])('%s: the corpus reaches exactly the list', async (field) => {
    expect([...(await reached(field))].sort()).toEqual([...REASONS[field]].sort());
  });

  it('the corpus gives the not-registered answer only when the registry says no', async () => {
    expect((await verifyVatHere('DE136695976')).reason).toBeNull();
    expect((await verifyVatHere('ATU13585627')).reason).toBe('VAT_NOT_REGISTERED');
  });

  it('a DNS that cannot be asked, like a valid address, gives reason null', async () => {
    expect((await verifyEmailHere('jane@down.example-shop.de')).reason).toBeNull();
    expect((await verifyEmailHere('jane@example-shop.de')).reason).toBeNull();
  });
});
