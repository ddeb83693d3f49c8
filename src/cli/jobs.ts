/**
 * `verifield jobs submit`: a file of values sent to the service as one batch job (POST /api/v1/jobs)
 * through verifield/client, then, unless --no-wait, the job followed with a progress line on stderr
 * and its results written on stdout as NDJSON (`{"line":N,"result":{…}}`, in input order), so that
 * output line N answers input line N. The job runs in the service: stopping this command does not
 * stop it, and `--no-wait` prints its id for later.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { createClient, isVerifieldApiError, type Job, type VerifieldClient } from '../client/index.js';
import { FIELD_NAMES, isFieldName } from '../fields/catalog.js';
import { runCommand } from './admin-errors.js';
import { expectPositionals, parseArgs, requireValue, UsageError } from './args.js';
import { EXIT_FAILED, EXIT_OK, processIo, type CliIo } from './io.js';
import { lineBatches } from './lines.js';
import { Progress, summaryText } from './progress.js';

const URL_VARIABLE = 'VERIFIELD_URL';
const KEY_VARIABLE = 'VERIFIELD_API_KEY';
const POLL_VARIABLE = 'VERIFIELD_POLL_INTERVAL_MS';
const DEFAULT_URL = 'http://127.0.0.1:8080';
const DEFAULT_POLL_MS = 1000;
/** The service's limit (docs/service.md#jobs): refused here before a large upload. */
const MAX_VALUES = 100_000;
/** Polls in a row that may fail (the service restarting, a 503) before the command gives up. */
const POLL_FAILURES_ALLOWED = 10;

export const jobsUsage = `usage: verifield jobs submit --field FIELD FILE [--url URL] [--key KEY] [--webhook-url URL] [--no-wait]
Sends the values of FILE (one per line; - reads stdin) to the service as a batch job, waits for it
with a progress line on stderr, then writes one JSON line per input line on stdout, in order:
{"line":N,"result":{…}} with the value's validation result. Each value counts one validation.
FIELD is one of: ${FIELD_NAMES.join(', ')}
--url       the service (default $${URL_VARIABLE}, else ${DEFAULT_URL})
--key       the API key (default $${KEY_VARIABLE}); prefer the variable: a flag shows in ps
--webhook-url  also sends the job's job.completed event there, signed with the account's secret
--no-wait   prints the job's id on stdout and exits; the job runs on in the service
Exit status: 0 the job is done; 1 it failed or was cancelled, or the service refused it; 2 a wrong call.
Environment: ${POLL_VARIABLE}, milliseconds between status requests (default ${DEFAULT_POLL_MS}).`;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function pollInterval(env: CliIo['env']): number {
  const text = env[POLL_VARIABLE];
  if (text === undefined || text === '') return DEFAULT_POLL_MS;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 1) throw new UsageError(`${POLL_VARIABLE} must be a whole number of milliseconds, at least 1`);
  return ms;
}

/** The file's lines, blank ones kept so that line N of the job is line N of the file. */
async function readValues(path: string): Promise<string[]> {
  const input: Readable = path === '-' ? process.stdin : createReadStream(path);
  const values: string[] = [];
  for await (const batch of lineBatches(input)) {
    values.push(...batch.lines);
    if (values.length > MAX_VALUES) throw new Error(`${path} has more than ${MAX_VALUES.toLocaleString('en-US')} lines: a job takes at most ${MAX_VALUES.toLocaleString('en-US')} values`);
  }
  if (values.length === 0) throw new Error(`${path} has no values`);
  return values;
}

/** The job once it ended, polled every `intervalMs` with the progress updated; a few failed polls in a row are waited out. */
async function waitForEnd(client: VerifieldClient, id: string, intervalMs: number, progress: Progress): Promise<Job> {
  let failures = 0;
  for (;;) {
    try {
      const job = await client.job(id);
      failures = 0;
      progress.update(job.done, job.done);
      if (job.status !== 'queued' && job.status !== 'running') return job;
    } catch (error) {
      const passing = !isVerifieldApiError(error) || error.status === 503 || error.status === 429;
      if (!passing || ++failures > POLL_FAILURES_ALLOWED) throw error;
    }
    await sleep(intervalMs);
  }
}

async function submit(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: ['field', 'url', 'key', 'webhook-url'], switches: ['no-wait', 'help'] });
  if (args.switches.has('help')) {
    io.out(`${jobsUsage}\n`);
    return EXIT_OK;
  }
  expectPositionals(args, 1, 'FILE (one value per line; - reads stdin)');
  const field = requireValue(args, 'field').trim().toLowerCase();
  if (!isFieldName(field)) throw new UsageError(`--field must be one of: ${FIELD_NAMES.join(', ')}`);
  const apiKey = args.values.get('key') ?? io.env[KEY_VARIABLE];
  if (apiKey === undefined || apiKey === '') throw new UsageError(`an API key is needed: --key or $${KEY_VARIABLE}`);
  const baseUrl = args.values.get('url') ?? io.env[URL_VARIABLE] ?? DEFAULT_URL;
  const intervalMs = pollInterval(io.env);
  const webhookUrl = args.values.get('webhook-url');

  const values = await readValues(args.positionals[0] as string);
  const client = createClient({ baseUrl, apiKey });
  const submitted = await client.submitJob({ field, values, ...(webhookUrl === undefined ? {} : { webhookUrl }) });
  if (args.switches.has('no-wait')) {
    io.out(`${submitted.id}\n`);
    io.err(`Job ${submitted.id} queued: ${submitted.total.toLocaleString('en-US')} values. Its results: GET ${baseUrl}/api/v1/jobs/${submitted.id}/results\n`);
    return EXIT_OK;
  }
  io.err(`Job ${submitted.id}: ${submitted.total.toLocaleString('en-US')} values queued\n`);

  const progress = new Progress({ write: (text) => io.err(text), isTTY: io === processIo && process.stderr.isTTY }, { intervalMs, totalBytes: submitted.total });
  progress.start();
  let job: Job;
  try {
    job = await waitForEnd(client, submitted.id, intervalMs, progress);
  } finally {
    progress.stop();
  }
  if (job.status !== 'done') {
    io.err(`verifield: job ${job.id} ${job.status}${job.error === null ? '' : `: ${job.error}`} (${job.done.toLocaleString('en-US')} of ${job.total.toLocaleString('en-US')} values answered)\n`);
    return EXIT_FAILED;
  }
  // Written a few hundred lines at a time: one write per line would cost more than the lines.
  let pending = '';
  let count = 0;
  for await (const line of client.jobResults(job.id)) {
    pending += `${JSON.stringify(line)}\n`;
    if (++count % 500 === 0) {
      io.out(pending);
      pending = '';
    }
  }
  if (pending !== '') io.out(pending);
  io.err(`${summaryText({ values: job.total, valid: job.valid, invalid: job.invalid, blank: 0 }, progress.elapsedMs())} (job ${job.id})\n`);
  return EXIT_OK;
}

/** `verifield jobs …`. */
export function runJobs(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  return runCommand(io, jobsUsage, async () => {
    const [command, ...rest] = argv;
    if (command === 'submit') return submit(rest, io);
    if (command === '--help' || command === '-h' || command === 'help') {
      io.out(`${jobsUsage}\n`);
      return EXIT_OK;
    }
    throw new UsageError(command === undefined || command.startsWith('-') ? 'missing command: submit' : `unknown command: jobs ${command}`);
  });
}
