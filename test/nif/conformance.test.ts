/**
 * Conformance of validateNif with the collected Spanish NIF corpora (read in place from
 * ../shared/fixtures, never copied). The reference verdict is python-stdnum 2.2+ `es.nif`, the
 * column every file carries; where we deliberately differ the row is listed below with the reason.
 */
import { beforeAll, describe, it, expect } from 'vitest';
import { readFixtureRows, runConformance } from '../support/shared-fixtures.js';
import { validateNif } from '../../src/nif/index.js';
import type { NifType } from '../../src/result.js';

/** Inputs where our verdict differs from python-stdnum 2.2+ on purpose. */
const DELIBERATE_DIFFERENCES: ReadonlyMap<string, string> = new Map([
  [
    'A2812345C',
    'Strict AEAT control form (docs/fields/nif.md#control-form): an A company ends with a digit (A28123453); ' +
      'python-stdnum accepts either form for every letter. The source (validator.js) also calls it invalid.',
  ],
]);

/** Fixture type column -> our nifDetails.type (K/L/M are told apart by their first letter). */
function expectedType(fixtureType: string, compact: string): NifType {
  switch (fixtureType) {
    case 'DNI':
      return 'DNI';
    case 'NIE':
      return 'NIE';
    case 'KLM':
      return `NIF_${compact.charAt(0)}` as NifType;
    default:
      return 'ENTITY';
  }
}

const VERDICT = { valid: true, invalid: false } as const;

describe.runIf(runConformance)('NIF conformance with shared/fixtures/vectors', () => {
  // Read in beforeAll, not here: vitest runs this body while collecting even when the suite is
  // skipped, and without the fixtures (docs/architecture.md#tests) that read would fail the file.
  let valid: string[][] = [];
  let invalid: string[][] = [];
  let disagreements: string[][] = [];
  beforeAll(() => {
    valid = readFixtureRows('vectors/es-nif-valid.txt');
    invalid = readFixtureRows('vectors/es-nif-invalid.txt');
    disagreements = readFixtureRows('vectors/es-nif-disagreements.tsv');
  });

  it('the corpora hold the expected number of rows', () => {
    expect(valid.length).toBe(61);
    expect(invalid.length).toBe(27);
    expect(disagreements.length).toBe(3);
  });

  it('accepts every valid row, with its compact form and kind', () => {
    for (const [input = '', type = '', compact = ''] of valid) {
      const r = validateNif(input);
      if (DELIBERATE_DIFFERENCES.has(input)) continue;
      expect(r.valid, input).toBe(true);
      expect(r.normalizedValue, input).toBe(compact);
      expect(r.nifDetails?.type, input).toBe(expectedType(type, compact));
      expect(r.message, input).toBe(type === 'NIE' ? 'Valid NIE' : 'Valid NIF');
      if (type === 'CIF-digit-check') expect(compact.charAt(8), input).toMatch(/[0-9]/);
      if (type === 'CIF-letter-check') expect(compact.charAt(8), input).toMatch(/[A-J]/);
    }
  });

  it('rejects every invalid row, with details exactly when the shape is a NIF shape', () => {
    for (const [input = '', , errorClass = ''] of invalid) {
      if (DELIBERATE_DIFFERENCES.has(input)) continue;
      const r = validateNif(input);
      expect(r.valid, input).toBe(false);
      // A checksum error from python-stdnum is a recognised shape with a wrong control for us,
      // except a NIE ending in a digit, which has no NIF shape at all.
      if (errorClass === 'InvalidLength') expect(r.nifDetails, input).toBeUndefined();
      if (errorClass === 'InvalidChecksum' && r.nifDetails) expect(r.nifDetails.checksum_valid, input).toBe(false);
    }
  });

  it('follows python-stdnum 2.2+ on the disagreement rows, except the listed differences', () => {
    for (const [input = '', , reference = ''] of disagreements) {
      if (DELIBERATE_DIFFERENCES.has(input)) continue;
      expect(validateNif(input).valid, input).toBe(VERDICT[reference as keyof typeof VERDICT]);
    }
  });

  it('every listed difference still differs from python-stdnum (the list cannot go stale)', () => {
    const referenceByInput = new Map<string, boolean>();
    for (const [input = ''] of valid) referenceByInput.set(input, true);
    for (const [input = ''] of invalid) referenceByInput.set(input, false);
    for (const [input = '', , reference = ''] of disagreements) {
      referenceByInput.set(input, VERDICT[reference as keyof typeof VERDICT]);
    }
    for (const [input, reason] of DELIBERATE_DIFFERENCES) {
      expect(referenceByInput.has(input), `${input} is no longer in the corpora`).toBe(true);
      expect(validateNif(input).valid, `${input}: ${reason}`).not.toBe(referenceByInput.get(input));
    }
    const agreed = [...referenceByInput].filter(([input, ref]) => validateNif(input).valid === ref).length;
    expect(agreed).toBe(referenceByInput.size - DELIBERATE_DIFFERENCES.size);
  });

  it('A2812345C fails on the form rule, not on the arithmetic', () => {
    const r = validateNif('A2812345C');
    expect(r.message).toBe('A NIF starting with A ends with a digit');
    expect(r.nifDetails?.checksum_valid).toBe(true);
  });
});
