/**
 * validateSsn against ../shared/fixtures/vectors/us-ssn.tsv and us-itin.tsv. The reference verdict
 * of a row is its source's own claim; rows without one (derived probes) take python-stdnum 2.2+'s.
 * For us-itin.tsv the verdict compared is `ssnDetails.itin` (an ITIN is never a valid SSN here).
 */
import { describe, expect, it } from 'vitest';
import { validateSsn } from '../../src/ssn/index.js';
import { claimOr, itAgreesSaveTheDifferences, unexpectedDisagreements } from '../support/fixture-verdicts.js';
import { readFixtureRows, runConformance } from '../support/shared-fixtures.js';

const SSN_FIXTURE = 'vectors/us-ssn.tsv';
const ITIN_FIXTURE = 'vectors/us-itin.tsv';

/** us-ssn.tsv rows where our `valid` deliberately differs from the reference, with the reason. */
const SSN_DIFFERENCES: ReadonlyMap<string, string> = new Map([
  ['1112-23333', 'docs/fields/ssn.md#normalisation: dashes are accepted, and we read them anywhere (python-stdnum wants AAA-GG-SSSS)'],
  ['123-456-789', 'docs/fields/ssn.md#normalisation: dashes are accepted anywhere; the nine digits are a possible SSN'],
  ['1234-56-789', 'docs/fields/ssn.md#normalisation: dashes are accepted anywhere; the nine digits are a possible SSN'],
  ['189092294', "on stdnum-js's list of unknown provenance; we reject only documented sample numbers (python-stdnum agrees)"],
]);

/** The ITIN groups the IRS names that python-stdnum 2.2+ leaves out. */
const IRS_ONLY_GROUPS = Array.from({ length: 16 }, (_, i) => 50 + i);

/** us-itin.tsv rows where our `ssnDetails.itin` deliberately differs from the reference. */
const ITIN_DIFFERENCES: ReadonlyMap<string, string> = new Map([
  ['9129-03456', 'docs/fields/ssn.md#normalisation: dashes are accepted anywhere; 912-90-3456 is an ITIN (python-stdnum wants 9XX-XX-XXXX)'],
  ...IRS_ONLY_GROUPS.map(
    (group) => [`912-${group}-3456`, 'IRS Pub 1915/4757 assign groups 50-65 to ITINs; python-stdnum 2.2+ omits them'] as const,
  ),
]);

/** us-ssn.tsv columns: input, source claim, python-stdnum 2.2+, python3-stdnum 1.18, stdnum npm, source. */
const ssnReference = claimOr(2);

/**
 * us-itin.tsv columns: input, source claim, IRS-range rule, python-stdnum 2.2+ itin, python3-stdnum
 * 1.18, stdnum npm US.ssn, source.
 */
const itinReference = claimOr(3);

const ssnValid = (input: string) => validateSsn(input).valid;
const isItin = (input: string) => validateSsn(input).ssnDetails?.itin === true;

describe.runIf(runConformance)(`validateSsn conformance: ${SSN_FIXTURE}`, () => {
  itAgreesSaveTheDifferences(SSN_FIXTURE, SSN_DIFFERENCES, ssnValid, ssnReference);

  it('flags no row of the SSN corpus as an ITIN unless it starts with 9', () => {
    for (const [input = ''] of readFixtureRows(SSN_FIXTURE)) {
      if (isItin(input)) expect(input.trimStart().startsWith('9')).toBe(true);
    }
  });
});

describe.runIf(runConformance)(`validateSsn conformance: ${ITIN_FIXTURE}`, () => {
  itAgreesSaveTheDifferences(ITIN_FIXTURE, ITIN_DIFFERENCES, isItin, itinReference, 'flags ITINs as the row reference says, except the deliberate differences');

  it('agrees on every row with the IRS-range column, with no exception', () => {
    const rows = readFixtureRows(ITIN_FIXTURE);
    expect(unexpectedDisagreements(rows, new Map(), isItin, (row) => row[2] === 'valid')).toEqual([]);
  });

  it('never calls a row a valid SSN where stdnum npm US.ssn does not, and the reverse', () => {
    const rows = readFixtureRows(ITIN_FIXTURE);
    expect(unexpectedDisagreements(rows, new Map(), ssnValid, (row) => row[5] === 'valid')).toEqual([]);
  });
});
