/**
 * How the commands end: `--help` (the usage on stdout, exit 0), a usage mistake (exit 2, with the
 * usage), an input file that cannot be read (exit 2, one line), a refusal or failure the operator
 * can act on (exit 1, one line: an unknown account, the plan's key maximum, a store that cannot be
 * opened, a service that cannot be reached), or done (exit 0). Errors are reported by their
 * message only, never a stack.
 */
import { HelpRequest, UsageError } from './args.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io.js';
import { UnreadableInput } from './lines.js';

/** Reads an input with `parse`, turning its RangeError into a UsageError about `flag`. */
export function readFlag<T>(flag: string, text: string, parse: (text: string) => T): T {
  try {
    return parse(text);
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(`--${flag}: ${error.message}`);
    throw error;
  }
}

/** Runs a command body, mapping its errors to a message and an exit status (and `--help` to the usage, exit 0). */
export async function runCommand(io: CliIo, usage: string, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof HelpRequest) {
      io.out(`${usage}\n`);
      return EXIT_OK;
    }
    if (error instanceof UsageError) {
      io.err(`verifield: ${error.message}\n${usage}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof UnreadableInput) {
      io.err(`verifield: ${error.message}\n`);
      return EXIT_USAGE;
    }
    io.err(`verifield: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILED;
  }
}

/** A subcommand of a command group: its arguments after its name. */
export type Subcommand = (argv: readonly string[], io: CliIo) => Promise<number>;

/**
 * `verifield GROUP SUBCOMMAND …` (accounts, keys, admin, webhooks, jobs): runs the subcommand
 * named first; `help`, `--help` or `-h` there prints the group's usage; anything else is a usage
 * mistake that names the subcommands.
 */
export function runSubcommand(io: CliIo, usage: string, group: string, subcommands: Readonly<Record<string, Subcommand>>, argv: readonly string[]): Promise<number> {
  return runCommand(io, usage, async () => {
    const [name, ...rest] = argv;
    const subcommand = name !== undefined && Object.hasOwn(subcommands, name) ? subcommands[name] : undefined;
    if (subcommand !== undefined) return subcommand(rest, io);
    if (name === 'help' || name === '--help' || name === '-h') throw new HelpRequest();
    const names = Object.keys(subcommands);
    const choices = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1) as string}`;
    throw new UsageError(name === undefined || name.startsWith('-') ? `missing command: ${choices as string}` : `unknown command: ${group} ${name}`);
  });
}
