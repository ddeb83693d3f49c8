/**
 * `verifield jobs submit|status|results|cancel` (docs/service.md#jobs): batch jobs of the service
 * through verifield/client. `submit` sends a file of values as one job (POST /api/v1/jobs) and,
 * unless --no-wait, follows it with a progress line on stderr and writes its results on stdout as
 * NDJSON (`{"line":N,"result":{…}}`, in input order), so that output line N answers input line N.
 * The job runs in the service: stopping this command does not stop it; `--no-wait` prints its id,
 * and `status`, `results` and `cancel` take it up later.
 */
import type { Readable } from 'node:stream';
import { createClient, isVerifieldApiError, type Job, type JobFile, type VerifieldClient } from '../client/index.js';
import { FIELD_NAMES, isFieldName } from '../fields/catalog.js';
import { runSubcommand } from './admin-errors.js';
import { expectPositionals, parseArgs, UsageError, type ParsedArgs } from './args.js';
import { EXIT_FAILED, EXIT_OK, processIo, type CliIo } from './io.js';
import { lineBatches, openInput } from './lines.js';
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

export const jobsUsage = `usage: verifield jobs submit [--field FIELD] FILE [--url URL] [--key KEY] [--webhook-url URL] [--no-wait]
       verifield jobs status JOB_ID [--url URL] [--key KEY]
       verifield jobs results JOB_ID [--csv] [--url URL] [--key KEY]
       verifield jobs cancel JOB_ID [--url URL] [--key KEY]
submit sends the values of FILE (one per line; - reads stdin) to the service as a batch job, waits
for it with a progress line on stderr, then writes one JSON line per input line on stdout, in order:
{"line":N,"result":{…}} with the value's validation result. Each value counts one validation.
FIELD is one of: ${FIELD_NAMES.join(', ')}. Without --field, FILE is a mixed file whose every line
names its field: a CSV whose header is field,value, or NDJSON lines {"field":"vat","value":"…"}.
status prints the job as JSON on stdout (status, total, done, valid, invalid, times, error) and a
line about it on stderr. results writes the lines answered so far, in input order, as submit does
(--csv: CSV with the columns line,valid,reason,message,normalizedValue,originalValue,field and one
per member of the field's details, such as vatDetails.registered). cancel stops
a queued or running job; a job that had ended exits 1.
--url       the service (default $${URL_VARIABLE}, else ${DEFAULT_URL})
--key       the API key (default $${KEY_VARIABLE}); prefer the variable: a flag shows in ps
--webhook-url  also sends the job's job.completed event there, signed with the account's secret
--no-wait   prints the job's id on stdout and exits; the job runs on in the service
Exit status: 0 done; 1 the job failed or was cancelled (submit), the service refused the call or
cannot be reached; 2 a wrong call or a FILE that cannot be read.
Environment: ${POLL_VARIABLE}, milliseconds between status requests (default ${DEFAULT_POLL_MS}).`;

/** The flags every jobs command takes: where the service is and the key. */
const SERVICE_FLAGS: readonly string[] = ['url', 'key'];

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function pollInterval(env: CliIo['env']): number {
  const text = env[POLL_VARIABLE];
  if (text === undefined || text === '') return DEFAULT_POLL_MS;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 1) throw new UsageError(`${POLL_VARIABLE} must be a whole number of milliseconds, at least 1`);
  return ms;
}

/**
 * A client of the service the flags (or the variables) name, with the key. A request that cannot
 * reach it (refused, no such host, reset) fails with one sentence that names the URL and the cause,
 * never fetch's bare "fetch failed".
 */
function serviceClient(args: ParsedArgs, io: CliIo): { client: VerifieldClient; baseUrl: string } {
  const apiKey = args.values.get('key') ?? io.env[KEY_VARIABLE];
  if (apiKey === undefined || apiKey === '') throw new UsageError(`an API key is needed: --key or $${KEY_VARIABLE}`);
  const baseUrl = (args.values.get('url') ?? io.env[URL_VARIABLE] ?? DEFAULT_URL).replace(/\/+$/, '');
  const reaching: typeof fetch = async (input, init) => {
    try {
      return await fetch(input, init);
    } catch (error) {
      if (init?.signal?.aborted) throw error;
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
      throw new Error(`cannot reach the service at ${baseUrl}: ${cause}`);
    }
  };
  return { client: createClient({ baseUrl, apiKey, fetch: reaching }), baseUrl };
}

/** The one JOB_ID a status, results or cancel call names. */
function jobId(args: ParsedArgs): string {
  expectPositionals(args, 1, 'JOB_ID');
  return (args.positionals[0] as string).trim();
}

/** What the service's 404 means here: no such job for the key's account. */
async function forJob<T>(id: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isVerifieldApiError(error) && error.status === 404) throw new Error(`no job with id ${id} for this key's account`);
    throw error;
  }
}

const count = (n: number): string => n.toLocaleString('en-US');

/** `Job ID: running, 400 of 1,000 values answered (380 valid, 20 invalid)`. */
function jobLine(job: Job): string {
  return `Job ${job.id}: ${job.status}, ${count(job.done)} of ${count(job.total)} values answered (${count(job.valid)} valid, ${count(job.invalid)} invalid)${job.error === null ? '' : `: ${job.error}`}`;
}

/** The file's lines, blank ones kept so that line N of the job is line N of the file. */
async function readValues(path: string): Promise<string[]> {
  const input: Readable = path === '-' ? process.stdin : (await openInput(path)).input;
  const values: string[] = [];
  for await (const batch of lineBatches(input)) {
    values.push(...batch.lines);
    if (values.length > MAX_VALUES) throw new Error(`${path} has more than ${count(MAX_VALUES)} lines: a job takes at most ${count(MAX_VALUES)} values`);
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

/**
 * A mixed file (every line names its field) read whole, as the service takes it: NDJSON when its
 * first character past a byte order mark and blank space is `{`, CSV otherwise.
 */
async function readMixedFile(path: string): Promise<JobFile> {
  const input: Readable = path === '-' ? process.stdin : (await openInput(path)).input;
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  const body = Buffer.concat(chunks).toString('utf8');
  if (body.trim() === '') throw new Error(`${path} has no values`);
  return { body, format: /^\uFEFF?\s*\{/.test(body) ? 'ndjson' : 'csv' };
}

async function submit(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: ['field', 'webhook-url', ...SERVICE_FLAGS], switches: ['no-wait'] });
  expectPositionals(args, 1, 'FILE (one value per line, or a mixed CSV or NDJSON file without --field; - reads stdin)');
  const fieldText = args.values.get('field')?.trim().toLowerCase();
  if (fieldText !== undefined && !isFieldName(fieldText)) throw new UsageError(`--field must be one of: ${FIELD_NAMES.join(', ')}`);
  const { client, baseUrl } = serviceClient(args, io);
  const intervalMs = pollInterval(io.env);
  const webhookUrl = args.values.get('webhook-url');
  const hook = webhookUrl === undefined ? {} : { webhookUrl };

  const path = args.positionals[0] as string;
  const submitted =
    fieldText === undefined
      ? await client.submitJobFile({ ...(await readMixedFile(path)), ...hook })
      : await client.submitJob({ field: fieldText, values: await readValues(path), ...hook });
  if (args.switches.has('no-wait')) {
    io.out(`${submitted.id}\n`);
    io.err(`Job ${submitted.id} queued: ${count(submitted.total)} values at ${baseUrl}. Follow it with \`verifield jobs status ${submitted.id}\`; its results: \`verifield jobs results ${submitted.id}\`.\n`);
    return EXIT_OK;
  }
  io.err(`Job ${submitted.id}: ${count(submitted.total)} values queued\n`);

  const progress = new Progress({ write: (text) => io.err(text), isTTY: io === processIo && process.stderr.isTTY }, { intervalMs, totalBytes: submitted.total });
  progress.start();
  let job: Job;
  try {
    job = await waitForEnd(client, submitted.id, intervalMs, progress);
  } finally {
    progress.stop();
  }
  if (job.status !== 'done') {
    io.err(`verifield: ${jobLine(job)}\n`);
    return EXIT_FAILED;
  }
  await writeResults(client, job.id, io);
  io.err(`${summaryText({ values: job.total, valid: job.valid, invalid: job.invalid, blank: 0 }, progress.elapsedMs())} (job ${job.id})\n`);
  return EXIT_OK;
}

/** The job's answered lines on stdout as NDJSON, a few hundred at a time: one write per line would cost more than the lines. */
async function writeResults(client: VerifieldClient, id: string, io: CliIo): Promise<void> {
  let pending = '';
  let lines = 0;
  for await (const line of client.jobResults(id)) {
    pending += `${JSON.stringify(line)}\n`;
    if (++lines % 500 === 0) {
      io.out(pending);
      pending = '';
    }
  }
  if (pending !== '') io.out(pending);
}

async function status(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: SERVICE_FLAGS });
  const id = jobId(args);
  const { client } = serviceClient(args, io);
  const job = await forJob(id, () => client.job(id));
  io.out(`${JSON.stringify(job, null, 2)}\n`);
  io.err(`${jobLine(job)}\n`);
  return EXIT_OK;
}

async function results(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: SERVICE_FLAGS, switches: ['csv'] });
  const id = jobId(args);
  const { client } = serviceClient(args, io);
  await forJob(id, async () => {
    if (!args.switches.has('csv')) return writeResults(client, id, io);
    for await (const piece of client.jobResultsCsv(id)) io.out(piece);
  });
  return EXIT_OK;
}

async function cancel(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: SERVICE_FLAGS });
  const id = jobId(args);
  const { client } = serviceClient(args, io);
  let job: Job;
  try {
    job = await forJob(id, () => client.cancelJob(id));
  } catch (error) {
    if (!isVerifieldApiError(error) || error.status !== 409) throw error;
    const ended = await forJob(id, () => client.job(id));
    io.err(`verifield: job ${id} had already ended (${ended.status}): nothing to cancel\n`);
    return EXIT_FAILED;
  }
  io.err(`Cancelled: ${jobLine(job)}\n`);
  return EXIT_OK;
}

/** `verifield jobs …`; resolves with the exit status. */
export function runJobs(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  return runSubcommand(io, jobsUsage, 'jobs', { submit, status, results, cancel }, argv);
}
