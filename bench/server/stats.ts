/** Figures as the bench:server table prints them. */

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
export const fixed = (value: number, digits = 1): string => value.toFixed(digits);
export const whole = (value: number): string => Math.round(value).toLocaleString('en-US');
/** "met" or "not met", for the targets column. */
export const verdict = (met: boolean): string => (met ? 'met' : '**not met**');

/** One line of a measures table: what was measured, its value, the target, and whether it was met (null: only reported). */
export interface TargetRow {
  measure: string;
  value: string;
  target: string;
  met: boolean | null;
}

/** A {@link TargetRow} as a line of the Markdown measures table. */
export function targetRowText(row: TargetRow): string {
  return `| ${row.measure} | ${row.value} | ${row.target} | ${row.met === null ? '' : verdict(row.met)} |`;
}
