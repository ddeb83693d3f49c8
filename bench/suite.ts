/** One field's benchmark: our validator and its peers, run on the same inputs in one process. */
export interface BenchSuite {
  /** Field name shown in the table, e.g. "IBAN". */
  field: string;
  /** Inputs cycled through by every contender (a realistic mix of valid and invalid values). */
  inputs: readonly string[];
  /** Our function under test. */
  ours: { name: string; run: (value: string) => unknown };
  /** Peer functions doing the same job. */
  peers: readonly { name: string; run: (value: string) => unknown }[];
}
