/**
 * The promises every answer of a validator keeps, whatever the input (docs/envelope.md, docs/fields/):
 * the envelope's fields and their types, a `reason` code of the field exactly when invalid, `originalValue` equal to the input, a `normalizedValue`
 * of a valid answer that validates again to itself, and each field's details object present
 * exactly where its docs/fields/ file says, with the messages it fixes. Checks return the first broken
 * promise as text (null when all hold): plain comparisons, so that a million runs stay cheap.
 */
import { validateEmail } from '../../../src/email/index.js';
import { validateIban } from '../../../src/iban/index.js';
import { validateNas } from '../../../src/nas/index.js';
import { validateNif } from '../../../src/nif/index.js';
import { validatePhone } from '../../../src/phone/index.js';
import { FIELD_NAMES, type FieldName } from '../../../src/fields/catalog.js';
import { VALIDATORS } from '../../../src/fields/validators.js';
import { REASONS } from '../../../src/reasons.js';
import type { ValidationLevel, ValidationResult } from '../../../src/result.js';
import { validateSsn } from '../../../src/ssn/index.js';
import { validateVat } from '../../../src/vat/index.js';
import {
  EMAIL_INPUTS,
  IBAN_INPUTS,
  NAS_INPUTS,
  NIF_INPUTS,
  PHONE_INPUTS,
  SSN_INPUTS,
  VAT_INPUTS,
  examplesInputs,
  type FieldInputs,
} from './inputs.js';

/** A field of the registry: the seven below with their own generators and checks, and any other from its folder's examples. */
export type FuzzField = FieldName;

/** One validator under fuzzing. */
export interface FuzzTarget {
  field: FuzzField;
  validate(value: string): ValidationResult;
  inputs: FieldInputs;
  /** The broken promise of `result` for `input`, or null. */
  check(result: ValidationResult, input: string): string | null;
}

/** Each field's details member (`ibanDetails` …), one per field folder. */
type DetailsKey = `${FieldName}Details`;
const DETAILS_KEYS: readonly DetailsKey[] = FIELD_NAMES.map((field) => `${field}Details` as const);
const ENVELOPE_KEYS = new Set<string>(['valid', 'message', 'reason', 'normalizedValue', 'originalValue', 'validationLevel', ...DETAILS_KEYS]);
/** The reason codes each field may give (src/reasons.ts, docs/envelope.md#reason-codes), by its details key. */
const REASONS_OF: Readonly<Record<string, ReadonlySet<string>>> = Object.fromEntries(FIELD_NAMES.map((field) => [`${field}Details`, new Set<string>(REASONS[field])]));

/** What every envelope promises, and that no other field's details object is present. */
function checkEnvelope(result: ValidationResult, input: string, level: ValidationLevel, own: DetailsKey): string | null {
  if (typeof result !== 'object' || result === null) return 'the answer is not an object';
  if (typeof result.valid !== 'boolean') return 'valid is not a boolean';
  if (typeof result.message !== 'string' || result.message.length === 0) return 'message is not a non-empty string';
  if (!('reason' in result)) return 'reason missing (null when valid, a code when not)';
  if (result.valid) {
    if (result.reason !== null) return `reason ${String(result.reason)} on a valid answer`;
  } else if (result.reason === null || REASONS_OF[own]?.has(result.reason) !== true) {
    return `reason ${String(result.reason)} is not a code of the field's list (src/reasons.ts)`;
  }
  if (result.originalValue !== input) return 'originalValue differs from the input';
  if (result.normalizedValue !== null && typeof result.normalizedValue !== 'string') return 'normalizedValue is neither a string nor null';
  if (result.valid && result.normalizedValue === null) return 'a valid answer has no normalizedValue';
  if (result.validationLevel !== level) return `validationLevel is ${String(result.validationLevel)}, expected ${level}`;
  for (const key of Object.keys(result)) {
    if (!ENVELOPE_KEYS.has(key)) return `unexpected key ${key}`;
    if (key !== own && DETAILS_KEYS.includes(key as DetailsKey)) return `${key} on a ${own} answer`;
  }
  return null;
}

/** A valid answer's normalizedValue validates again: valid, and normalised to itself. */
function checkAgain(result: ValidationResult, validate: (value: string) => ValidationResult): string | null {
  if (!result.valid) return null;
  const normalized = result.normalizedValue as string;
  const again = validate(normalized);
  if (!again.valid) return `normalizedValue ${JSON.stringify(normalized)} is not valid again: ${again.message}`;
  if (again.normalizedValue !== normalized) return `normalizedValue ${JSON.stringify(normalized)} normalises to ${JSON.stringify(again.normalizedValue)}`;
  return null;
}

const isBool = (value: unknown): value is boolean => typeof value === 'boolean';
const NINE_DIGITS = /^\d{9}$/;

// ---- IBAN: docs/fields/iban.md#structure and #details -----------------------------------------

const CHECKSUM_WITHOUT_STRUCTURE = /^A [A-Z]{2} IBAN is \d+ characters long$|^[A-Z]{2} is not an IBAN country$|^In [A-Z]{2} IBANs, |^Too short|^An IBAN/;

function checkIban(result: ValidationResult, input: string): string | null {
  const problem = checkEnvelope(result, input, 'STANDARD', 'ibanDetails');
  if (problem !== null) return problem;
  const details = result.ibanDetails;
  if (details === undefined) return 'ibanDetails missing (present on every IBAN answer)';
  if (typeof details.country_code !== 'string') return 'country_code is not a string';
  if (!isBool(details.sepa) || !isBool(details.structure_valid) || !isBool(details.checksum_valid)) return 'a flag is not a boolean';
  if (!['PASS', 'FAIL', 'NOT_APPLICABLE'].includes(details.nationalCheck)) return 'nationalCheck is not PASS, FAIL or NOT_APPLICABLE';
  if (details.nationalCheck !== 'NOT_APPLICABLE' && !details.structure_valid) return 'a national verdict without the structure (docs/fields/iban.md#details)';
  if (result.valid !== (details.structure_valid && details.checksum_valid && details.nationalCheck !== 'FAIL')) {
    return 'valid is not structure_valid && checksum_valid && a national check that did not fail (docs/fields/iban.md#details)';
  }
  if (!Array.isArray(details.suggestions) || details.suggestions.length > 3) return 'suggestions is not a list of at most three';
  if (result.valid && details.suggestions.length > 0) return 'suggestions on a valid IBAN (docs/fields/iban.md#suggestions)';
  if (details.suggestions.some((suggestion) => !validateIban(suggestion).valid)) return 'a suggestion that is not a valid IBAN';
  if (details.length !== (result.normalizedValue ?? '').length) return 'length is not the length of the normalised value';
  if (details.expected_length === null) {
    if (details.sepa) return 'sepa true for a country outside the registry';
    if (details.structure_valid) return 'structure_valid without a registry entry';
  } else if (details.structure_valid && details.expected_length !== details.length) return 'structure_valid with the wrong length';
  if (('formatted' in details) !== result.valid) return 'formatted present on an invalid IBAN, or missing on a valid one';
  if (result.valid && details.formatted?.replace(/ /g, '') !== result.normalizedValue) return 'formatted is not the normalised IBAN in groups';
  if (details.checksum_valid && !details.structure_valid && !CHECKSUM_WITHOUT_STRUCTURE.test(result.message)) {
    return `message ${JSON.stringify(result.message)} of a right checksum with a wrong structure does not say what is wrong`;
  }
  return checkAgain(result, validateIban);
}

// ---- VAT (offline): docs/fields/vat.md#details -----------------------------------------------

function checkVat(result: ValidationResult, input: string): string | null {
  const problem = checkEnvelope(result, input, 'BASIC', 'vatDetails');
  if (problem !== null) return problem;
  const details = result.vatDetails;
  if (details === undefined) return 'vatDetails missing (present on every VAT answer)';
  if (details.format_valid !== result.valid) return 'valid differs from format_valid';
  if (details.registered !== null) return 'registered is not null offline (never false without VIES)';
  if (details.vies_available !== false) return 'vies_available is not false offline';
  if (details.source !== 'UNVERIFIED' && details.source !== 'NOT_APPLICABLE') return `source ${details.source} offline`;
  if (details.country_code !== null && !/^[A-Z]{2}$/.test(details.country_code)) return 'country_code is not two capital letters';
  if (result.valid && !result.normalizedValue?.startsWith(details.country_code ?? '?')) return 'normalizedValue does not start with the prefix';
  if ('trader_name_match' in details || 'trader_name_match_source' in details) return 'a name comparison without a traderName';
  return checkAgain(result, validateVat);
}

// ---- Spanish NIF: docs/fields/nif.md#details and #messages -------------------------------------

const NIF_TYPES = new Set(['DNI', 'NIE', 'NIF_K', 'NIF_L', 'NIF_M', 'ENTITY']);

function checkNif(result: ValidationResult, input: string): string | null {
  const problem = checkEnvelope(result, input, 'STANDARD', 'nifDetails');
  if (problem !== null) return problem;
  const details = result.nifDetails;
  if ((details === undefined) !== (result.normalizedValue === null)) return 'nifDetails present without a recognised shape, or missing with one';
  if (details === undefined) return null;
  if (!/^[A-Z0-9]{9}$/.test(result.normalizedValue as string)) return 'normalizedValue is not the bare 9-character NIF in upper case';
  if (!NIF_TYPES.has(details.type)) return `type ${details.type}`;
  if (details.natural_person !== (details.type !== 'ENTITY')) return 'natural_person does not follow type';
  if (!isBool(details.checksum_valid)) return 'checksum_valid is not a boolean';
  if (result.valid && !details.checksum_valid) return 'valid with a wrong control character';
  if (('entity_letter' in details) !== (details.type === 'ENTITY') || ('entity_type' in details) !== (details.type === 'ENTITY')) {
    return 'entity fields on a person, or missing on an entity';
  }
  if (result.valid && result.message !== (details.type === 'NIE' ? 'Valid NIE' : 'Valid NIF')) return `message ${result.message} (docs/fields/nif.md#messages)`;
  if (!details.checksum_valid && details.type !== 'ENTITY' && result.message !== 'NIF control letter does not match, please check the number') {
    return `message ${result.message} for a wrong control letter (docs/fields/nif.md#messages)`;
  }
  return checkAgain(result, validateNif);
}

// ---- Canadian SIN: docs/fields/nas.md#details and #messages ------------------------------------

const SIN_VALID_MESSAGES = new Set([
  'Valid SIN',
  'Valid SIN format, but numbers starting with 0 are not issued to individuals',
  'Valid SIN format, but numbers starting with 8 are not issued to individuals',
  "Valid SIN, temporary resident: it expires with the holder's permit",
]);

function checkNas(result: ValidationResult, input: string): string | null {
  const problem = checkEnvelope(result, input, 'STANDARD', 'nasDetails');
  if (problem !== null) return problem;
  const details = result.nasDetails;
  if (details === undefined) {
    if (result.normalizedValue !== null) return 'a normalised SIN without nasDetails';
    return result.message === 'A SIN is exactly 9 digits' ? null : `message ${result.message} (docs/fields/nas.md#messages)`;
  }
  const digits = result.normalizedValue ?? '';
  if (!NINE_DIGITS.test(digits)) return 'normalizedValue is not nine digits';
  if (details.checksum_valid !== result.valid) return 'valid differs from checksum_valid (series are reported, never enforced)';
  if (details.temporary_resident !== (digits[0] === '9')) return 'temporary_resident does not follow the first digit';
  if (details.individual_series !== (digits[0] !== '0' && digits[0] !== '8')) return 'individual_series does not follow the first digit';
  if (details.formatted !== `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`) return 'formatted is not three groups of three';
  if (result.valid ? !SIN_VALID_MESSAGES.has(result.message) : result.message !== 'SIN check digit does not match, please check the number') {
    return `message ${result.message} (docs/fields/nas.md#messages)`;
  }
  return checkAgain(result, validateNas);
}

// ---- US SSN: docs/fields/ssn.md ---------------------------------------------------------------

function checkSsn(result: ValidationResult, input: string): string | null {
  const problem = checkEnvelope(result, input, 'STANDARD', 'ssnDetails');
  if (problem !== null) return problem;
  const details = result.ssnDetails;
  if ((details === undefined) !== (result.normalizedValue === null)) return 'ssnDetails present without nine digits, or missing with them';
  if (details === undefined) return null;
  const digits = result.normalizedValue as string;
  if (!NINE_DIGITS.test(digits)) return 'normalizedValue is not nine digits';
  if (!isBool(details.itin)) return 'itin is not a boolean';
  if (details.itin && result.valid) return 'an ITIN answered valid (docs/fields/ssn.md#itin)';
  if (result.valid) {
    const area = digits.slice(0, 3);
    if (area === '000' || area === '666' || area[0] === '9') return `area ${area} is never issued (docs/fields/ssn.md#never-issued-numbers)`;
    if (digits.slice(3, 5) === '00' || digits.slice(5) === '0000') return 'group 00 or serial 0000 is never issued';
  }
  return checkAgain(result, validateSsn);
}

// ---- Email (offline): docs/fields/email.md#details and #verdict --------------------------------

const EMAIL_INVALID_MESSAGES = new Set(['Email cannot be empty', 'Invalid email format']);
const ADVANCED_ONLY = ['free_provider', 'domain_age_days', 'mx_provider', 'mx_quality_score'] as const;

function checkEmailAt(result: ValidationResult, input: string, advanced: boolean): string | null {
  const problem = checkEnvelope(result, input, 'BASIC', 'emailDetails');
  if (problem !== null) return problem;
  const details = result.emailDetails;
  if (details === undefined) return 'emailDetails missing (present on every email answer)';
  const { signals } = details;
  if (signals.syntax_valid !== result.valid) return 'valid differs from syntax_valid (signals never make it false)';
  if (signals.mx_valid !== null) return 'mx_valid is not null offline';
  if (!Number.isInteger(details.risk_score) || details.risk_score < 0 || details.risk_score > 100) return `risk_score ${details.risk_score}`;
  if (details.deliverability !== (result.valid ? 'UNKNOWN' : 'UNDELIVERABLE')) return `deliverability ${details.deliverability}`;
  if (details.applied_level !== 'BASIC') return `applied_level ${details.applied_level}`;
  if (signals.typo_detected !== (signals.suggested_domain !== null)) return 'typo_detected does not follow suggested_domain';
  if (('risk_level' in details) !== advanced) return 'risk_level present below ADVANCED, or missing at ADVANCED';
  for (const key of ADVANCED_ONLY) if ((key in signals) !== advanced) return `${key} present below ADVANCED, or missing at ADVANCED`;
  if (!result.valid && !EMAIL_INVALID_MESSAGES.has(result.message)) return `message ${result.message} (docs/fields/email.md#verdict)`;
  if (!result.valid && (signals.disposable || signals.role_based)) return 'list signals on an invalid address';
  return checkAgain(result, (value) => validateEmail(value));
}

function checkEmail(result: ValidationResult, input: string): string | null {
  return checkEmailAt(result, input, false) ?? checkEmailAt(validateEmail(input, { level: 'ADVANCED' }), input, true);
}

// ---- Phone: docs/fields/phone.md#details and #messages -----------------------------------------

const LINE_TYPES = new Set([
  'MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE', 'TOLL_FREE', 'PREMIUM_RATE', 'SHARED_COST', 'VOIP', 'PERSONAL_NUMBER',
  'PAGER', 'UAN', 'VOICEMAIL', 'UNKNOWN',
]);
/**
 * `+` and the digits, as libphonenumber writes E.164. Its metadata admits a few national plans
 * (Germany's) with numbers one or two digits longer than ITU-T E.164's 15, so 17 is the bound here.
 */
const E164 = /^\+[1-9]\d{1,16}$/;

function checkPhone(result: ValidationResult, input: string): string | null {
  const problem = checkEnvelope(result, input, 'STANDARD', 'phoneDetails');
  if (problem !== null) return problem;
  const details = result.phoneDetails;
  if (!result.valid) {
    if (result.normalizedValue !== null) return 'an invalid number has a normalizedValue';
    if (details === undefined) return null;
    if ('line_type' in details || 'international_format' in details || 'national_format' in details) {
      return 'line_type or a format on an invalid number (docs/fields/phone.md#details)';
    }
    if (result.message.startsWith('Add the country code')) return 'phoneDetails without a country code (docs/fields/phone.md#messages)';
    if (result.message === 'Unknown country calling code') return 'phoneDetails for an unknown calling code';
  } else {
    if (details === undefined) return 'a valid number without phoneDetails';
    if (!E164.test(result.normalizedValue as string)) return 'normalizedValue is not E.164';
    if (details.line_type === undefined || !LINE_TYPES.has(details.line_type)) return `line_type ${String(details.line_type)}`;
    if (typeof details.international_format !== 'string' || typeof details.national_format !== 'string') return 'a format is missing';
    if (!(result.normalizedValue as string).startsWith(`+${details.calling_code}`)) return 'calling_code is not the start of the E.164 form';
  }
  if (!Number.isInteger(details.calling_code) || details.calling_code < 1 || details.calling_code > 999) return `calling_code ${details.calling_code}`;
  if (details.country_code !== undefined && !/^[A-Z]{2}$/.test(details.country_code)) return 'country_code is not ISO 3166-1 alpha-2';
  return checkAgain(result, validatePhone);
}

/**
 * A field without a generator and checks of its own here: its offline validator on its folder's
 * examples (src/<field>/examples.ts) and their near-valid mutations, checked against the envelope's
 * promises and that a valid answer's normalizedValue validates again.
 */
function fromExamples(field: FieldName): FuzzTarget {
  const validate = (value: string): ValidationResult => VALIDATORS[field].offline(value);
  return {
    field,
    validate,
    inputs: examplesInputs(field),
    check: (result, input) => checkEnvelope(result, input, result.validationLevel, `${field}Details`) ?? checkAgain(result, validate),
  };
}

/** The seven validators with their own checks, in the order of docs/service.md#endpoints. */
const CHECKED_TARGETS: readonly FuzzTarget[] = [
  { field: 'vat', validate: validateVat, inputs: VAT_INPUTS, check: checkVat },
  { field: 'iban', validate: validateIban, inputs: IBAN_INPUTS, check: checkIban },
  { field: 'email', validate: (value) => validateEmail(value), inputs: EMAIL_INPUTS, check: checkEmail },
  { field: 'phone', validate: validatePhone, inputs: PHONE_INPUTS, check: checkPhone },
  { field: 'nif', validate: validateNif, inputs: NIF_INPUTS, check: checkNif },
  { field: 'nas', validate: validateNas, inputs: NAS_INPUTS, check: checkNas },
  { field: 'ssn', validate: validateSsn, inputs: SSN_INPUTS, check: checkSsn },
];

/** Every field of the registry: the checked seven, then any other from its examples. */
export const FUZZ_TARGETS: readonly FuzzTarget[] = [
  ...CHECKED_TARGETS,
  ...FIELD_NAMES.filter((field) => !CHECKED_TARGETS.some((target) => target.field === field)).map(fromExamples),
];

/** The target of `field`. */
export function fuzzTarget(field: FuzzField): FuzzTarget {
  const target = FUZZ_TARGETS.find((candidate) => candidate.field === field);
  if (target === undefined) throw new Error(`no fuzz target ${field}`);
  return target;
}

/**
 * Validates `input` and checks the answer; throws an Error naming the broken promise (fast-check
 * then reports the input that broke it, shrunk). A validator that throws fails the same way.
 */
export function assertHolds(target: FuzzTarget, input: string): void {
  const problem = target.check(target.validate(input), input);
  if (problem !== null) throw new Error(`${target.field}: ${problem}`);
}
