/**
 * validateNas against ../shared/fixtures/vectors/ca-sin.tsv. The reference verdict of a row is its
 * source's own claim; rows without one (derived probes) take python-stdnum 2.2+'s verdict.
 */
import { describe, expect, it } from 'vitest';
import { validateNas } from '../../src/nas/index.js';
import { claimOr, itAgreesSaveTheDifferences } from '../support/fixture-verdicts.js';
import { readFixtureRows, runConformance } from '../support/shared-fixtures.js';

const FIXTURE = 'vectors/ca-sin.tsv';

/** Rows where we deliberately differ from the reference, with the reason. */
const DELIBERATE_DIFFERENCES: ReadonlyMap<string, string> = new Map([
  ['823456785', 'docs/fields/nas.md#series: the 8 series is reported (individual_series false), not rejected; python-stdnum 2.2+ rejects it'],
  ['846454288', 'docs/fields/nas.md#series: the 8 series is reported, not rejected'],
  ['046 454 286', 'docs/fields/nas.md#series: the 0 series is reported, not rejected; the Government of Canada uses this fictitious example'],
  ['74 47 978 53', 'docs/fields/nas.md#normalisation: spaces are accepted (validator.js accepts no separators); we read them anywhere'],
  ['744 797 853', 'docs/fields/nas.md#normalisation: spaces are accepted (validator.js accepts no separators)'],
  ['744-797-853', 'docs/fields/nas.md#normalisation: dashes are accepted (validator.js accepts no separators)'],
]);

/** Columns: input, source claim, python-stdnum 2.2+, python3-stdnum 1.18, stdnum npm, validator.js, source. */
const referenceValid = claimOr(2);
const nasValid = (input: string) => validateNas(input).valid;

describe.runIf(runConformance)(`validateNas conformance: ${FIXTURE}`, () => {
  itAgreesSaveTheDifferences(FIXTURE, DELIBERATE_DIFFERENCES, nasValid, referenceValid);

  it('answers every row with a verdict whose message matches it', () => {
    for (const [input = ''] of readFixtureRows(FIXTURE)) {
      const result = validateNas(input);
      expect(result.originalValue).toBe(input);
      expect(result.nasDetails === undefined).toBe(result.message === 'A SIN is exactly 9 digits');
      expect(result.nasDetails?.checksum_valid ?? false).toBe(result.valid);
    }
  });
});
