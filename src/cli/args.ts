/**
 * The small argument reader the admin commands share: `--name value`, `--name=value`, boolean
 * flags, and positional words. Anything it does not know is a {@link UsageError}, which the
 * commands turn into exit status 2 with their usage text, so a typo never runs a command.
 */

/** A mistake in how a command was called: the caller prints the message and the usage, exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * `--help` or `-h` among a command's arguments: the caller prints its usage on stdout and exits 0,
 * whatever else the line holds (a command asked for help runs nothing).
 */
export class HelpRequest extends Error {
  override readonly name = 'HelpRequest';
  constructor() {
    super('help requested');
  }
}

/** What a command accepts: flags that take a value, and flags that are switches. */
export interface ArgSpec {
  /** Flag names without the leading dashes, e.g. `data-dir`. */
  values: readonly string[];
  /** Switches, e.g. `no-jobs`. `--help` and `-h` are read as the switch `help` when it is listed; else they throw a {@link HelpRequest}. */
  switches?: readonly string[];
}

export interface ParsedArgs {
  /** The last value given for each flag (so a later flag overrides an earlier one, as in most CLIs). */
  values: Map<string, string>;
  switches: Set<string>;
  positionals: string[];
}

/**
 * Reads `argv` against `spec`; throws a HelpRequest for `--help` or `-h` (before `--`) unless `help`
 * is one of the spec's switches, and a UsageError for an unknown flag or a flag without its value.
 */
export function parseArgs(argv: readonly string[], spec: ArgSpec): ParsedArgs {
  const known = new Set(spec.values);
  const switches = new Set(spec.switches ?? []);
  const options = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  if (!switches.has('help') && options.some((arg) => arg === '--help' || arg === '-h')) throw new HelpRequest();
  const parsed: ParsedArgs = { values: new Map(), switches: new Set(), positionals: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      parsed.positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-h' && switches.has('help')) {
      parsed.switches.add('help');
      continue;
    }
    if (!arg.startsWith('--')) {
      if (arg.startsWith('-') && arg.length > 1) throw new UsageError(`unknown option: ${arg}`);
      parsed.positionals.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const name = arg.slice(2, equals === -1 ? undefined : equals);
    if (switches.has(name)) {
      if (equals !== -1) throw new UsageError(`--${name} takes no value`);
      parsed.switches.add(name);
      continue;
    }
    if (!known.has(name)) throw new UsageError(`unknown option: --${name}`);
    let value: string | undefined;
    if (equals !== -1) value = arg.slice(equals + 1);
    else {
      value = argv[i + 1];
      // A flag followed by another flag lost its value; `--name -x` is a mistake, not the value "-x".
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      i++;
    }
    parsed.values.set(name, value);
  }
  return parsed;
}

/** A value that must be there. */
export function requireValue(args: ParsedArgs, name: string): string {
  const value = args.values.get(name);
  if (value === undefined || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

/** Refuses positional words where a command takes none (or more than it takes). */
export function expectPositionals(args: ParsedArgs, count: number, what: string): void {
  if (args.positionals.length !== count) {
    const extra = args.positionals.slice(count);
    throw new UsageError(
      extra.length > 0 ? `unexpected argument: ${extra[0] as string}` : `missing ${what}`,
    );
  }
}
