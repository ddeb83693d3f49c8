/** The progress line of `verifield check` on a batch, as the function that writes it says it. */
import { describe, expect, it } from 'vitest';
import { progressText } from '../../src/cli/progress.js';

describe('progressText', () => {
  it('says 0% before the first chunk of a file of known size arrives, with no time left to guess', () => {
    expect(progressText(0, 0, 4_096, 100)).toBe('checked 0 values (0%)');
  });

  it('gives the share read and the time left from the rate so far', () => {
    expect(progressText(12_000, 1_000, 4_000, 3_000)).toBe('checked 12,000 values (25%, about 9 s left)');
    expect(progressText(1, 3_900, 4_000, 100)).toBe('checked 1 value (97%, under 1 s left)');
    expect(progressText(40_000, 4_000, 4_000, 3_000)).toBe('checked 40,000 values (100%)');
  });

  it('gives the count alone when the size is unknown (a pipe)', () => {
    expect(progressText(519_606, 10_000, null, 2_000)).toBe('checked 519,606 values');
  });
});
