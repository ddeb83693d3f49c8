/**
 * The values of `npm run bench:jobs`: distinct valid VAT numbers of four member states, from our
 * own generators (test/support/generators/vat.ts), interleaved (one of each state in turn) so that
 * the job keeps every state's pacing slots busy at once, as a real mixed list does.
 */
import { seededRng, VALID_VAT_BUILDERS } from '../../test/support/generators/vat.js';

/** The member states of the job, in the order their numbers alternate. */
export const JOB_STATES = ['DE', 'FR', 'IT', 'LU'] as const;

type Builder = (rng: () => number) => string;

/** `count` distinct compact numbers (prefix and body), the states in turn. */
export function jobValues(count: number): string[] {
  const rng = seededRng(20261129);
  const builders = JOB_STATES.map((state) => Object.values(VALID_VAT_BUILDERS[state] as Record<string, Builder>)[0] as Builder);
  const seen = new Set<string>();
  const values: string[] = [];
  while (values.length < count) {
    const build = builders[values.length % builders.length] as Builder;
    const vat = build(rng);
    if (seen.has(vat)) continue;
    seen.add(vat);
    values.push(vat);
  }
  return values;
}
