/** Types of scripts/build-freshness.mjs, for the tests that import it. */

/** What a finished build recorded in dist/.build-stamp.json. */
export interface BuildStamp {
  /** When the build started reading its inputs (ms since the epoch). */
  inputsReadAt: number;
  /** The full build with CommonJS and type declarations (`npm run build`), or the ESM files only (`npm start`). */
  full: boolean;
}

export declare const BUILD_INPUTS: readonly string[];
export declare const STAMP_FILE: string;
export declare function readStamp(root: string): BuildStamp | null;
export declare function writeStamp(root: string, stamp: BuildStamp): void;
export declare function changedInputSince(root: string, since: number, inputs?: readonly string[]): string | null;
export declare function staleReason(root: string, inputs?: readonly string[]): string | null;
export declare function packageTargets(root: string): string[];
export declare function unpackableReason(root: string, inputs?: readonly string[]): string | null;
