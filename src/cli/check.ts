/**
 * `verifield check`: one value prints its envelope as JSON; a file (or stdin) is checked line by
 * line by check-batch.ts. Exit status 0 when every value is valid, 1 when one is not (0 with
 * `--no-fail`), 2 for a wrong call or when not every line could be answered.
 */
import { fstatSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { FIELD_CATALOG, FIELDS_IN_CHECK_ORDER, isFieldName, type FieldEntry, type FieldName } from '../fields/catalog.js';
import type { RequestOptions } from '../fields/manifest.js';
import { VALIDATORS, type FieldValidators } from '../fields/validators.js';
import { localize } from '../messages/localize.js';
import type { ValidationResult } from '../result.js';
import { parseArgs, UsageError, type ParsedArgs } from './args.js';
import { checkLines } from './check-batch.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, processIo, type CliIo } from './io.js';
import { catalogForTag, LANGUAGES_NOTE } from './language.js';
import { openInput, UnreadableInput } from './lines.js';

const PROGRESS_VARIABLE = 'VERIFIELD_PROGRESS_INTERVAL_MS';
const DEFAULT_PROGRESS_INTERVAL_MS = 1000;

/** `defaultCountry` → `default-country`: a request member as a flag. */
const flagOf = (member: string): string => member.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The request members the fields' offline validators read (src/<field>/field.ts), with their flags: `--iban` of bic. */
const MEMBER_FLAGS = FIELDS_IN_CHECK_ORDER.flatMap((field) => {
  const members: FieldEntry['requestMembers'] = FIELD_CATALOG[field].requestMembers;
  return Object.keys(members)
    .filter((member) => members[member] === 'offline')
    .map((member) => ({ field, member, flag: flagOf(member) }));
});

export const checkUsage = `usage: verifield check FIELD VALUE [--no-fail] [--lang LANG] [FIELD OPTIONS]
       verifield check FIELD --file PATH [--no-fail] [--lang LANG] [FIELD OPTIONS]     (one value per line; PATH - or no --file reads stdin)
FIELD is one of: ${FIELDS_IN_CHECK_ORDER.join(', ')}
FIELD OPTIONS (a request member of one field; with --file, for every line): ${MEMBER_FLAGS.map(({ field, flag }) => `--${flag} (${field})`).join(', ')}
--lang writes the messages in LANG (${LANGUAGES_NOTE}; es-MX reads as es); reason stays the same.
A language without a catalog is answered in English, with a note on stderr.
One value prints its envelope as JSON. A file prints one JSON line per input line, in order: a
blank line gets an invalid envelope, so output line N answers input line N (CRLF line ends too).
Progress every second and a summary (values, valid, invalid, values per second) go to stderr.
Exit status: 0 every value valid; 1 some value invalid (0 with --no-fail); 2 a wrong call, or the
input could not be read to its end. Put -- before a value that starts with -.
Environment: ${PROGRESS_VARIABLE}, milliseconds between progress lines (default ${DEFAULT_PROGRESS_INTERVAL_MS}).`;

function progressInterval(env: NodeJS.ProcessEnv): number {
  const text = env[PROGRESS_VARIABLE];
  if (text === undefined || text === '') return DEFAULT_PROGRESS_INTERVAL_MS;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 1) throw new UsageError(`${PROGRESS_VARIABLE} must be a whole number of milliseconds, at least 1`);
  return ms;
}

/** Where the lines come from: `--file PATH`, `-`, or nothing (stdin); null for a single value. */
function linesSource(args: ParsedArgs): string | null {
  const file = args.values.get('file');
  const [, value, extra] = args.positionals;
  if (extra !== undefined) throw new UsageError(`unexpected argument: ${extra} (quote a value that contains spaces)`);
  if (file !== undefined) {
    if (value !== undefined) throw new UsageError(`unexpected argument: ${value} (a value or --file, not both)`);
    return file;
  }
  return value === undefined || value === '-' ? '-' : null;
}

type Validator = (value: string) => ValidationResult;

/** `validate` answering in the language of `--lang` (English, with a note on stderr, when verifield has no catalog for it). */
function inLanguage(validate: Validator, tag: string | undefined): Validator {
  if (tag === undefined) return validate;
  const catalog = catalogForTag(tag);
  if (catalog === 'english') return validate;
  if (catalog === null) {
    process.stderr.write(`verifield: no messages in "${tag}" (there are ${LANGUAGES_NOTE}); answering in English\n`);
    return validate;
  }
  return (value) => localize(validate(value), catalog);
}

/** The lines of `source` (a path, or - for stdin) checked in a batch. */
async function checkSource(validate: Validator, source: string, options: { noFail: boolean; progressIntervalMs: number }): Promise<number> {
  const common = { ...options, validate, stdout: process.stdout, stderr: process.stderr };
  if (source === '-') {
    if (process.stdin.isTTY) {
      // Someone types the values: each answer follows its line, and progress would overwrite the typing.
      process.stderr.write('verifield: reading values from the terminal, one per line; Ctrl-D ends\n');
      return checkLines({ ...common, progressIntervalMs: null, input: process.stdin, inputName: 'stdin', totalBytes: null });
    }
    // Redirected from a file (`< values.txt`), stdin has a size, and the progress a percentage.
    let totalBytes: number | null = null;
    try {
      const stats = fstatSync(0);
      if (stats.isFile()) totalBytes = stats.size;
    } catch {
      // No descriptor 0 to inspect: read what comes, without a percentage.
    }
    return checkLines({ ...common, input: process.stdin, inputName: 'stdin', totalBytes });
  }
  let file: { input: Readable; totalBytes: number | null };
  try {
    file = await openInput(source);
  } catch (error) {
    if (!(error instanceof UnreadableInput)) throw error;
    process.stderr.write(`verifield: ${error.message}\n`);
    return EXIT_USAGE;
  }
  return checkLines({ ...common, ...file, inputName: source });
}

/** The request members given as flags for `field`, none when none was given; the usage mistake when a flag is another field's. */
function memberOptions(field: FieldName, args: ParsedArgs): RequestOptions | undefined | string {
  let options: Record<string, string> | undefined;
  for (const { field: owner, member, flag } of MEMBER_FLAGS) {
    const given = args.values.get(flag);
    if (given === undefined) continue;
    if (owner === field) (options ??= {})[member] = given;
    else if (!MEMBER_FLAGS.some((entry) => entry.field === field && entry.flag === flag)) return `--${flag} is an option of check ${owner}, not of check ${field}`;
  }
  return options;
}

/** `verifield check …`; resolves with the exit status. The help and the usage mistakes go through `io`; values to the process's streams. */
export async function runCheck(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  let args: ParsedArgs;
  let source: string | null;
  let progressIntervalMs: number;
  try {
    args = parseArgs(argv, { values: ['file', 'lang', ...MEMBER_FLAGS.map(({ flag }) => flag)], switches: ['no-fail', 'help'] });
    if (args.switches.has('help')) {
      io.out(`${checkUsage}\n`);
      return EXIT_OK;
    }
    source = linesSource(args);
    progressIntervalMs = source === null ? DEFAULT_PROGRESS_INTERVAL_MS : progressInterval(process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`verifield: ${error.message}\n${checkUsage}\n`);
    return EXIT_USAGE;
  }
  const [field, value] = args.positionals;
  const offline: FieldValidators<FieldName>['offline'] | undefined = field !== undefined && isFieldName(field) ? VALIDATORS[field].offline : undefined;
  if (offline === undefined) {
    io.err(`verifield: ${field === undefined ? 'missing FIELD' : `unknown field: ${field}`}\n${checkUsage}\n`);
    return EXIT_USAGE;
  }
  const options = memberOptions(field as FieldName, args);
  if (typeof options === 'string') {
    io.err(`verifield: ${options}\n${checkUsage}\n`);
    return EXIT_USAGE;
  }
  const validate = inLanguage(options === undefined ? offline : (text) => offline(text, options), args.values.get('lang'));
  const noFail = args.switches.has('no-fail');
  if (source !== null) return checkSource(validate, source, { noFail, progressIntervalMs });
  const result = validate(value as string);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return result.valid || noFail ? EXIT_OK : EXIT_FAILED;
}
