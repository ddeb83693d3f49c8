/**
 * How the admin commands end: a usage mistake (exit 2, with the usage), a refusal or failure the
 * operator can act on (exit 1, one line: an unknown account, the plan's key maximum, a store that
 * cannot be opened), or done (exit 0). Errors are reported by their message only, never a stack.
 */
import { UsageError } from './args.js';
import { EXIT_FAILED, EXIT_USAGE, type CliIo } from './io.js';

/** Reads an input with `parse`, turning its RangeError into a UsageError about `flag`. */
export function readFlag<T>(flag: string, text: string, parse: (text: string) => T): T {
  try {
    return parse(text);
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(`--${flag}: ${error.message}`);
    throw error;
  }
}

/** Runs a command body, mapping its errors to a message and an exit status. */
export async function runCommand(io: CliIo, usage: string, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`verifield: ${error.message}\n${usage}\n`);
      return EXIT_USAGE;
    }
    io.err(`verifield: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILED;
  }
}
