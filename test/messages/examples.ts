/**
 * One real answer per message key: the input that reaches it through the real validators, with
 * verifyVat on a registry double and a clock the test moves, and verifyEmail on a DNS double.
 * Shared by the message-key, catalog and localize tests.
 */
import { memoryBreakerStore, memoryVatCache } from '../../src/adapters/memory.js';
import { validateEmail } from '../../src/email/index.js';
import { verifyEmail } from '../../src/email/verify.js';
import { validateIban } from '../../src/iban/index.js';
import { FIELD_NAMES } from '../../src/fields/catalog.js';
import { FIELD_EXAMPLES } from '../../src/fields/generated/examples.js';
import { VALIDATORS } from '../../src/fields/validators.js';
import type { MessageKey } from '../../src/messages/catalog.js';
import { validateNas } from '../../src/nas/index.js';
import { validateNif } from '../../src/nif/index.js';
import { validatePhone } from '../../src/phone/index.js';
import { VatRegistryError, type DnsResolver, type VatEntityStatus, type VatRegistry, type VatRegistryAnswer } from '../../src/ports.js';
import type { ValidationResult } from '../../src/result.js';
import { validateSsn } from '../../src/ssn/index.js';
import { validateVat } from '../../src/vat/index.js';
import { verifyVat } from '../../src/vat/registry/verify.js';

/** An answer, and how it was reached (for failure messages). */
export interface Example {
  readonly key: MessageKey;
  readonly call: string;
  readonly result: ValidationResult;
}

/** Offline inputs: key, validator and value. */
const OFFLINE: ReadonlyArray<readonly [MessageKey, (value: string) => ValidationResult, string]> = [
  ['IBAN_EMPTY', validateIban, ''],
  ['IBAN_TOO_SHORT', validateIban, 'D'],
  ['IBAN_BAD_CHARACTERS', validateIban, 'DE89 3704 0044 0532 0130 0$'],
  ['IBAN_MISSING_COUNTRY_CODE', validateIban, '1289370400440532013000'],
  ['IBAN_CHECK_DIGITS_NOT_DIGITS', validateIban, 'DEXX370400440532013000'],
  ['IBAN_UNKNOWN_COUNTRY', validateIban, 'QQ89370400440532013000'],
  ['IBAN_WRONG_LENGTH', validateIban, 'FR76 3000 6000 0112 3456 7890'],
  ['IBAN_WRONG_LAYOUT', validateIban, 'GB82 1234 1234 5698 7654 32'],
  ['IBAN_RESERVED_CHECK_DIGITS', validateIban, 'DE01370400440532013000'],
  ['IBAN_BAD_CHECKSUM', validateIban, 'DE88370400440532013000'],
  ['IBAN_NATIONAL_CHECK_FAILED', validateIban, 'BE41 5390 0754 7035'],
  ['IBAN_VALID', validateIban, 'DE89 3704 0044 0532 0130 00'],

  ['NIF_EMPTY', validateNif, ' - '],
  ['NIF_BAD_FORMAT', validateNif, 'hello'],
  ['NIF_WRONG_CONTROL_LETTER', validateNif, '12345678A'],
  ['NIF_WRONG_CONTROL_CHARACTER', validateNif, 'B64717839'],
  ['NIF_CONTROL_MUST_BE_DIGIT', validateNif, 'A5881850A'],
  ['NIF_CONTROL_MUST_BE_LETTER', validateNif, 'Q28260008'],
  ['NIF_VALID', validateNif, '12345678-z'],
  ['NIE_VALID', validateNif, 'X1234567L'],

  ['NAS_EMPTY', validateNas, ''],
  ['NAS_NOT_NINE_DIGITS', validateNas, '12345'],
  ['NAS_BAD_CHECK_DIGIT', validateNas, '123 456 789'],
  ['NAS_VALID', validateNas, '123-456-782'],
  ['NAS_VALID_NOT_INDIVIDUAL', validateNas, '046 454 286'],
  ['NAS_VALID_TEMPORARY', validateNas, '900 000 001'],

  ['SSN_EMPTY', validateSsn, ''],
  ['SSN_NOT_NINE_DIGITS', validateSsn, '123'],
  ['SSN_SAMPLE_NUMBER', validateSsn, '078051120'],
  ['SSN_ITIN', validateSsn, '912-70-1234'],
  ['SSN_AREA_NOT_ISSUED', validateSsn, '666-12-3456'],
  ['SSN_GROUP_NOT_ISSUED', validateSsn, '123-00-4567'],
  ['SSN_SERIAL_NOT_ISSUED', validateSsn, '123-45-0000'],
  ['SSN_VALID', validateSsn, '536-90-4399'],

  ['PHONE_EMPTY', validatePhone, ''],
  ['PHONE_INPUT_TOO_LONG', validatePhone, '1'.repeat(300)],
  ['PHONE_NOT_A_NUMBER', validatePhone, 'hello'],
  ['PHONE_MISSING_COUNTRY_CODE', validatePhone, '020 7946 0958'],
  ['PHONE_UNKNOWN_CALLING_CODE', validatePhone, '+999 123456'],
  ['PHONE_TOO_SHORT', validatePhone, '+33 1'],
  ['PHONE_TOO_SHORT_UNNAMED', validatePhone, '+4'],
  ['PHONE_TOO_LONG', validatePhone, '+33 1 99 00 12 345'],
  ['PHONE_WRONG_LENGTH', validatePhone, '+421 2 1234 567'],
  ['PHONE_NOT_VALID', validatePhone, '+33 4 00 00 00 00'],
  ['PHONE_HAS_EXTENSION', validatePhone, '+44 20 7946 0958 ext. 123'],
  ['PHONE_VALID', validatePhone, '+44 20 7946 0958'],

  ['VAT_EMPTY', validateVat, ''],
  ['VAT_MISSING_PREFIX', validateVat, '136695976'],
  ['VAT_GREEK_PREFIX', validateVat, 'GR123456789'],
  ['VAT_UNKNOWN_PREFIX', validateVat, 'US123456789'],
  ['VAT_WRONG_FORMAT', validateVat, 'DE12345'],
  ['VAT_BAD_CHECKSUM', validateVat, 'DE136695977'],
  ['VAT_ALL_ZEROS', validateVat, 'BE0000000000'],
  ['VAT_WELL_FORMED', validateVat, 'EL 094259216'],
  ['VAT_OUTSIDE_VIES', validateVat, 'GB980780684'],

  ['EMAIL_EMPTY', validateEmail, ''],
  ['EMAIL_MISSING_AT_SIGN', validateEmail, 'jane.example.com'],
  ['EMAIL_INVALID_LOCAL_PART', validateEmail, '.jane@example.com'],
  ['EMAIL_QUOTED_LOCAL_PART', validateEmail, '"jane"@example.com'],
  ['EMAIL_LOCAL_PART_TOO_LONG', validateEmail, `${'a'.repeat(65)}@example.com`],
  ['EMAIL_UNSAFE_CHARACTER', validateEmail, 'ja\u200bne@example.com'],
  ['EMAIL_INVALID_DOMAIN', validateEmail, 'jane@exa_mple.com'],
  ['EMAIL_DOMAIN_LITERAL', validateEmail, 'jane@[127.0.0.1]'],
  ['EMAIL_DOMAIN_NEEDS_DOT', validateEmail, 'jane@localhost'],
  ['EMAIL_LABEL_TOO_LONG', validateEmail, `jane@${'a'.repeat(64)}.com`],
  ['EMAIL_INVALID_TLD', validateEmail, 'jane@example.c0m'],
  ['EMAIL_RESERVED_DOMAIN', validateEmail, 'jane@example.test'],
  ['EMAIL_TOO_LONG', validateEmail, `${'a'.repeat(64)}@${['b', 'c', 'd'].map((c) => c.repeat(63)).join('.')}.com`],
  ['EMAIL_VALID', validateEmail, 'jane@example.com'],
  ['EMAIL_TYPO', validateEmail, 'Jane.Doe@gmial.com'],
  ['EMAIL_DISPOSABLE', validateEmail, 'jane@mailinator.com'],
];

/**
 * A registry that answers from `registered` (number without prefix -> registered, or the answer's
 * entity statuses when it exists unregistered) until `down` is set.
 */
function registryDouble(registered: ReadonlyMap<string, boolean | VatEntityStatus[]>): VatRegistry & { down: boolean } {
  const registry = {
    down: false,
    async check(query: { vatNumber: string }): Promise<VatRegistryAnswer> {
      if (registry.down) throw new VatRegistryError('fault', 'MS_UNAVAILABLE', 'outage', true, 'MS_UNAVAILABLE');
      const known = registered.get(query.vatNumber) ?? false;
      return Array.isArray(known) ? { valid: false, requestDate: '2026-11-20', entityStatus: known } : { valid: known, requestDate: '2026-11-20' };
    },
  };
  return registry;
}

const CHECKED_AT = new Date('2026-11-20T09:30:00.000Z');

/** The VIES answers: live, then stale from the cache after two days of outage, and unverified with nothing cached. */
async function vatExamples(): Promise<Example[]> {
  let time = CHECKED_AT;
  const registry = registryDouble(new Map([['136695976', true], ['811569869', false]]));
  const options = { registry, cache: memoryVatCache(), breaker: memoryBreakerStore(), now: () => time, liveBudgetMs: 1000 };
  const registered = await verifyVat('DE 136 695 976', options);
  const notRegistered = await verifyVat('DE811569869', options);
  registry.down = true;
  time = new Date(CHECKED_AT.getTime() + 2 * 86_400_000);
  return [
    { key: 'VAT_REGISTERED', call: 'verifyVat(DE136695976) live', result: registered },
    { key: 'VAT_NOT_REGISTERED', call: 'verifyVat(DE811569869) live', result: notRegistered },
    { key: 'VAT_REGISTERED_STALE', call: 'verifyVat(DE136695976) stale', result: await verifyVat('DE136695976', options) },
    { key: 'VAT_NOT_REGISTERED_STALE', call: 'verifyVat(DE811569869) stale', result: await verifyVat('DE811569869', options) },
    { key: 'VAT_UNVERIFIED', call: 'verifyVat(FR40303265045) outage', result: await verifyVat('FR40303265045', options) },
    ...(await nationalRegistryExamples()),
  ];
}

/** The national registries' answers (HMRC, UID, BRREG): live, stale after two days of outage, and unverified. */
async function nationalRegistryExamples(): Promise<Example[]> {
  let time = CHECKED_AT;
  const hmrc = registryDouble(new Map([['980780684', true]]));
  const uid = registryDouble(new Map<string, boolean | VatEntityStatus[]>([['E116281710', ['NOT_VAT_REGISTERED']]]));
  const brreg = registryDouble(new Map([['974760673MVA', false]]));
  const options = { registry: registryDouble(new Map()), hmrc, uid, brreg, cache: memoryVatCache(), breaker: memoryBreakerStore(), now: () => time, liveBudgetMs: 1000 };
  const registered = await verifyVat('GB980780684', options);
  const notRegistered = await verifyVat('NO 974760673 MVA', options);
  const notForVat = await verifyVat('CHE-116.281.710 MWST', options);
  for (const registry of [hmrc, uid, brreg]) registry.down = true;
  time = new Date(CHECKED_AT.getTime() + 2 * 86_400_000);
  return [
    { key: 'VAT_REGISTRY_REGISTERED', call: 'verifyVat(GB980780684) live from HMRC', result: registered },
    { key: 'VAT_REGISTRY_NOT_REGISTERED', call: 'verifyVat(NO974760673MVA) live from BRREG', result: notRegistered },
    { key: 'VAT_REGISTRY_NOT_VAT_REGISTERED', call: 'verifyVat(CHE116281710) live from UID', result: notForVat },
    { key: 'VAT_REGISTRY_REGISTERED_STALE', call: 'verifyVat(GB980780684) stale', result: await verifyVat('GB980780684', options) },
    { key: 'VAT_REGISTRY_NOT_REGISTERED_STALE', call: 'verifyVat(NO974760673MVA) stale', result: await verifyVat('NO974760673MVA', options) },
    { key: 'VAT_REGISTRY_UNVERIFIED', call: 'verifyVat(CHE109322551) outage', result: await verifyVat('CHE-109.322.551 MWST', options) },
  ];
}

/** DNS: mail for example.com, nothing at all for no-such-shop.com, and a resolver failing for down-corp.com. */
const dns: DnsResolver = {
  async mx(domain) {
    if (domain === 'no-such-shop.com') return { kind: 'nxdomain' };
    if (domain === 'down-corp.com') return { kind: 'error', reason: 'servfail' };
    return { kind: 'records', records: [{ exchange: `mx.${domain}`, priority: 10 }], ttl: 300 };
  },
  async a(domain) {
    if (domain === 'no-such-shop.com') return { kind: 'nxdomain' };
    if (domain === 'down-corp.com') return { kind: 'error', reason: 'servfail' };
    return { kind: 'records', records: ['81.2.69.142'], ttl: 300 };
  },
};

async function emailExamples(): Promise<Example[]> {
  return [
    { key: 'EMAIL_NO_MX', call: 'verifyEmail(jane@no-such-shop.com)', result: await verifyEmail('jane@no-such-shop.com', { dns }) },
    { key: 'EMAIL_BLOCKED', call: 'verifyEmail(jane@spam-shop.com)', result: await verifyEmail('jane@spam-shop.com', { dns, blocklist: ['spam-shop.com'] }) },
    { key: 'EMAIL_UNCHECKED', call: 'verifyEmail(jane@down-corp.com)', result: await verifyEmail('jane@down-corp.com', { dns }) },
    { key: 'EMAIL_VALID', call: 'verifyEmail(jane@example.com)', result: await verifyEmail('jane@example.com', { dns }) },
  ];
}

/**
 * A field that has no inputs written above (one added as a folder) is reached through its folder's
 * examples (src/<field>/examples.ts): each rejection's key is its reason, each valid value's the
 * field's one valid key (`<FIELD>_VALID`), as a field whose keys are its reasons has them.
 */
function folderExamples(written: readonly Example[]): Example[] {
  const writtenFields = new Set(written.map((example) => example.key.split('_')[0]?.toLowerCase()));
  return FIELD_NAMES.filter((field) => !writtenFields.has(field)).flatMap((field) => {
    const validate = VALIDATORS[field].offline as (value: string) => ValidationResult;
    const call = (value: string): string => `${field} ${JSON.stringify(value)}`;
    return [
      ...FIELD_EXAMPLES[field].valid.map((value) => ({ key: `${field.toUpperCase()}_VALID` as MessageKey, call: call(value), result: validate(value) })),
      ...FIELD_EXAMPLES[field].invalid.map(({ value, reason }) => ({ key: reason as MessageKey, call: call(value), result: validate(value) })),
    ];
  });
}

/** Every example: at least one per message key. */
export async function examples(): Promise<Example[]> {
  const offline = OFFLINE.map(([key, validate, value]) => ({ key, call: `${validate.name}(${JSON.stringify(value.slice(0, 40))})`, result: validate(value) }));
  const written = [...offline, ...(await vatExamples()), ...(await emailExamples())];
  return [...written, ...folderExamples(written)];
}
