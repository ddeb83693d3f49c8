/**
 * `npm run soak -- --seconds 60`: sustained mixed load on the HTTP service for a set time, then a
 * report of errors, memory growth and counter exactness. Not part of `npm test`.
 *
 * The service runs in this process on loopback (127.0.0.1, a free port) with an embedded store in a
 * temporary directory and the loopback fakes of VIES, TEDB, the status feed, DNS and RDAP; the jobs
 * run too. Workers send the seven validations for four accounts (FREE with a small quota, STARTER,
 * GROWTH, PRO) with valid values as people type them and near-valid ones, a share of hostile
 * requests (broken JSON, wrong key, wrong content type), while VIES misbehaves now and then
 * (faults, resets, slow answers). At the end:
 *
 * - errors: any 5xx, any answer that is not the envelope, any network failure, any
 *   `registered: false` for a number VIES holds, any error line in the service's log;
 * - counters: per account, the 200 answers the workers saw equal the store's counter and the rows
 *   of its usage log; the FREE account got exactly its quota (when it asked for more);
 * - memory: heap after a forced GC at the end against the same after warm-up.
 *
 * Exit code 0 when there were no errors, the counters are exact and the heap grew less than
 * --max-heap-growth-mb; 1 otherwise. Options: --seconds (60), --concurrency (16),
 * --max-heap-growth-mb (64), --json (print the report as JSON too).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import type { ValidationResult } from '../src/result.js';
import { billingPeriod } from '../src/server/policy/plans.js';
import { startServer } from '../src/server/http/start.js';
import { openEmbeddedStore } from '../src/server/storage/index.js';
import type { Account, Field, Plan } from '../src/server/storage/types.js';
import { EU_MEMBER_STATES } from '../src/vat/reference/member-states.js';
import type { FakeBehaviour } from '../test/support/fakes/vies.js';
import { tedbRowsFor } from '../test/support/fakes/tedb.js';
import { EMAIL_INPUTS, examplesInputs, IBAN_INPUTS, NAS_INPUTS, NIF_INPUTS, nearValid, PHONE_INPUTS, SSN_INPUTS, type FieldInputs } from '../test/support/fuzz/inputs.js';
import { FIELD_NAMES } from '../src/fields/catalog.js';
import { ALL_FIELDS, createAccount, createKey, fakeConfig, MAIL_DOMAINS, startFakes } from '../test/support/server.js';
import { luxembourgVat } from '../test/support/generators/vat.js';

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '16' },
    'max-heap-growth-mb': { type: 'string', default: '64' },
    json: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(options.seconds);
const CONCURRENCY = Number(options.concurrency);
const MAX_HEAP_GROWTH_MB = Number(options['max-heap-growth-mb']);
for (const [name, value] of [['--seconds', SECONDS], ['--concurrency', CONCURRENCY], ['--max-heap-growth-mb', MAX_HEAP_GROWTH_MB]] as const) {
  if (!(value > 0) || !Number.isFinite(value)) {
    process.stderr.write(`${name} must be a positive number\nusage: npm run soak -- [--seconds 60] [--concurrency 16] [--max-heap-growth-mb 64] [--json]\n`);
    process.exit(2);
  }
}
/** The FREE account's quota here: small enough that the load runs into it. */
const FREE_QUOTA = 200;

const gc = (globalThis as { gc?: () => void }).gc;
function heapAfterGc(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

// ---------------------------------------------------------------------------------------------
// Inputs: valid values as typed, near-valid mutations; VAT numbers VIES holds or not

function pool(inputs: FieldInputs, seed: number): string[] {
  return [...fc.sample(inputs.typed, { numRuns: 1_500, seed }), ...fc.sample(nearValid(inputs), { numRuns: 1_500, seed: seed + 1 })];
}

const GENERATED_POOLS: Partial<Record<Field, string[]>> = {
  iban: pool(IBAN_INPUTS, 1),
  nif: pool(NIF_INPUTS, 2),
  nas: pool(NAS_INPUTS, 3),
  ssn: pool(SSN_INPUTS, 4),
  phone: pool(PHONE_INPUTS, 5),
};
// Every other field but VAT and email (below): its folder's examples and their near-valid mutations.
const POOLS: Record<Exclude<Field, 'vat' | 'email'>, string[]> = Object.fromEntries(
  FIELD_NAMES.filter((field) => field !== 'vat' && field !== 'email').map((field, index) => [field, GENERATED_POOLS[field] ?? pool(examplesInputs(field), 100 + index)]),
) as Record<Exclude<Field, 'vat' | 'email'>, string[]>;
const EMAILS = [
  ...fc.sample(EMAIL_INPUTS.typed, { numRuns: 300, seed: 6 }),
  ...Array.from({ length: 300 }, (_, i) => `user${i}@${MAIL_DOMAINS.good}`),
  ...Array.from({ length: 100 }, (_, i) => `user${i}@${MAIL_DOMAINS.dead}`),
];
const REGISTERED_VAT = Array.from({ length: 400 }, (_, i) => luxembourgVat(String(200_000 + i)));
const UNREGISTERED_VAT = Array.from({ length: 100 }, (_, i) => luxembourgVat(String(300_000 + i)));
const REGISTERED = new Set(REGISTERED_VAT);

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

function valueFor(field: Field): string {
  if (field === 'vat') return Math.random() < 0.8 ? pick(REGISTERED_VAT) : pick(UNREGISTERED_VAT);
  if (field === 'email') return pick(EMAILS);
  return pick(POOLS[field]);
}

// ---------------------------------------------------------------------------------------------
// Bookkeeping

interface AccountLoad {
  plan: Plan;
  account: Account;
  key: string;
  /** Answers the workers saw, by status. */
  statuses: Map<number, number>;
  /** 429 answers for a used-up quota (the other 429s are the concurrency limit). */
  quotaRefusals: number;
}

const problems: string[] = [];
let problemCount = 0;
function problem(text: string): void {
  problemCount++;
  if (problems.length < 20) problems.push(text);
}

const latencies: number[] = [];
let hostileSent = 0;
let hostileRefused = 0;

async function call(base: string, field: Field, body: string, headers: Record<string, string>): Promise<{ status: number; body: ValidationResult } | null> {
  try {
    const response = await fetch(`${base}/api/v1/validate/${field}`, { method: 'POST', headers, body });
    const text = await response.text();
    let parsed: ValidationResult;
    try {
      parsed = JSON.parse(text) as ValidationResult;
    } catch {
      problem(`${field}: ${response.status} with a body that is not JSON: ${text.slice(0, 80)}`);
      return null;
    }
    return { status: response.status, body: parsed };
  } catch (error) {
    problem(`${field}: network failure ${String(error)}`);
    return null;
  }
}

/** One request of a worker: mostly validations, some hostile. */
async function oneRequest(base: string, load: AccountLoad): Promise<void> {
  const field = pick(ALL_FIELDS);
  const roll = Math.random();
  if (roll < 0.04) {
    hostileSent++;
    const hostile = pick([
      { body: '{"value":', headers: { 'Content-Type': 'application/json', 'X-API-KEY': load.key } },
      { body: '{"value":"x"}', headers: { 'Content-Type': 'text/plain', 'X-API-KEY': load.key } },
      { body: '{"value":"x"}', headers: { 'Content-Type': 'application/json', 'X-API-KEY': `vf_${'0'.repeat(43)}` } },
      { body: '{"__proto__":{"value":"x"}}', headers: { 'Content-Type': 'application/json', 'X-API-KEY': load.key } },
    ]);
    const answer = await call(base, field, hostile.body, hostile.headers);
    if (answer === null) return;
    if (answer.status === 400 || answer.status === 401) hostileRefused++;
    else problem(`hostile request to ${field} answered ${answer.status}`);
    return;
  }
  const value = valueFor(field);
  const started = performance.now();
  const answer = await call(base, field, JSON.stringify({ value }), { 'Content-Type': 'application/json', 'X-API-KEY': load.key });
  latencies.push(performance.now() - started);
  if (answer === null) return;
  load.statuses.set(answer.status, (load.statuses.get(answer.status) ?? 0) + 1);
  if (answer.body.errorCode === 'QUOTA_EXCEEDED') load.quotaRefusals++;
  if (answer.status >= 500) problem(`${field} ${JSON.stringify(value)}: ${answer.status} ${answer.body.message}`);
  else if (answer.status !== 200 && answer.status !== 429) problem(`${field} ${JSON.stringify(value)}: unexpected ${answer.status} ${answer.body.message}`);
  if (answer.body.originalValue === undefined || typeof answer.body.valid !== 'boolean') problem(`${field}: not the envelope`);
  if (answer.status === 200 && field === 'vat' && REGISTERED.has(value) && answer.body.vatDetails?.registered === false) {
    problem(`vat ${value}: registered false for a number VIES holds (source ${answer.body.vatDetails.source})`);
  }
}

// ---------------------------------------------------------------------------------------------

const VIES_MOODS: readonly (FakeBehaviour | null)[] = [
  null,
  { kind: 'fault', code: 'MS_UNAVAILABLE' },
  null,
  { kind: 'reset' },
  { kind: 'delay', ms: 300 },
  null,
  { kind: 'fault', code: 'SERVER_BUSY', status: 200 },
  { kind: 'html', status: 503 },
];

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'verifield-soak-'));
  const fakes = await startFakes();
  fakes.tedb.rows = EU_MEMBER_STATES.flatMap((code) => tedbRowsFor({ memberState: code, situationOn: '2025-07-01+02:00', standard: '20.0', reduced: ['5.0'] }));
  for (const vat of REGISTERED_VAT) fakes.vies.register(vat, { valid: true, name: 'SOAK SARL', address: '1 rue du Soak' });
  const store = await openEmbeddedStore(dataDir);
  const logs: string[] = [];
  const server = await startServer({
    ...fakeConfig(fakes),
    jobs: true,
    store,
    planOverrides: { FREE: { quota: FREE_QUOTA } },
    log: (line) => {
      if (logs.length < 10_000) logs.push(line);
    },
  });
  const loads: AccountLoad[] = [];
  for (const plan of ['FREE', 'STARTER', 'GROWTH', 'PRO'] as const) {
    const account = await createAccount(store, plan);
    loads.push({ plan, account, key: (await createKey(store, account)).key, statuses: new Map(), quotaRefusals: 0 });
  }
  // PRO carries most of the load; the others run into their limits.
  const weighted = [...loads, ...Array.from({ length: 3 }, () => loads[3] as AccountLoad)];

  process.stdout.write(`soak: ${SECONDS} s, ${CONCURRENCY} workers, ${server.url}${gc === undefined ? ' (no --expose-gc: memory figures are rough)' : ''}\n`);
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  const warmUpEnd = started + Math.min(10_000, SECONDS * 100);
  let heapAtWarmUp: number | null = null;
  let moodIndex = 0;
  const moods = setInterval(() => {
    fakes.vies.reset();
    const mood = VIES_MOODS[moodIndex++ % VIES_MOODS.length];
    if (mood !== null && mood !== undefined) fakes.vies.behave(mood, { times: 5 });
  }, 2_000);
  const progress = setInterval(() => {
    const done = loads.reduce((sum, load) => sum + [...load.statuses.values()].reduce((a, b) => a + b, 0), 0);
    process.stdout.write(`  ${Math.round((Date.now() - started) / 1000)} s: ${done} validations, ${problemCount} problems, heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB\n`);
  }, 10_000);

  let requests = 0;
  const worker = async (): Promise<void> => {
    while (Date.now() < deadline) {
      if (heapAtWarmUp === null && Date.now() >= warmUpEnd) heapAtWarmUp = heapAfterGc();
      await oneRequest(server.url, pick(weighted));
      requests++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  clearInterval(moods);
  clearInterval(progress);
  fakes.vies.reset();
  const elapsed = (Date.now() - started) / 1000;

  await server.close();
  const heapAtEnd = heapAfterGc();
  const counters = [];
  for (const load of loads) {
    const period = billingPeriod(load.account.subscriptionStart, new Date()).start;
    const used = await store.usage.used(load.account.id, period);
    const logged = (await store.usage.log(load.account.id, 10_000_000)).length;
    const answered = load.statuses.get(200) ?? 0;
    const refused = load.statuses.get(429) ?? 0;
    // Once a quota refusal was seen, exactly the quota was answered: not one more, not one less.
    const quotaExact = load.quotaRefusals === 0 ? answered <= FREE_QUOTA || load.plan !== 'FREE' : answered === FREE_QUOTA;
    const exact = used === answered && logged === answered && quotaExact;
    if (!exact) problem(`${load.plan}: ${answered} answered 200 (${load.quotaRefusals} quota refusals), counter ${used}, log ${logged}`);
    counters.push({ plan: load.plan, answered200: answered, answered429: refused, quotaRefusals: load.quotaRefusals, counter: used, logRows: logged, exact });
  }
  const errorLines = logs.filter((line) => line.includes('"level":"error"'));
  for (const line of errorLines) problem(`service log: ${line.slice(0, 200)}`);
  await store.close();
  await fakes.close();
  rmSync(dataDir, { recursive: true, force: true });

  latencies.sort((a, b) => a - b);
  const percentile = (p: number): number => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0);
  const growthMb = heapAtWarmUp === null ? null : (heapAtEnd - heapAtWarmUp) / 1e6;
  const report = {
    seconds: Math.round(elapsed),
    requests,
    perSecond: Math.round(requests / elapsed),
    latencyMs: { p50: percentile(50), p95: percentile(95), p99: percentile(99), max: Math.round(latencies.at(-1) ?? 0) },
    hostile: { sent: hostileSent, refused: hostileRefused },
    counters,
    memory: {
      heapAfterWarmUpMb: heapAtWarmUp === null ? null : Math.round(heapAtWarmUp / 1e6),
      heapAtEndMb: Math.round(heapAtEnd / 1e6),
      growthMb: growthMb === null ? null : Math.round(growthMb * 10) / 10,
      gcForced: gc !== undefined,
    },
    serviceErrorLogLines: errorLines.length,
    problems: problemCount,
    firstProblems: problems,
  };

  const memoryOk = growthMb === null || growthMb < MAX_HEAP_GROWTH_MB;
  const ok = problemCount === 0 && counters.every((row) => row.exact) && memoryOk;
  process.stdout.write(
    [
      `soak: ${report.requests} requests in ${report.seconds} s (${report.perSecond}/s); latency p50 ${report.latencyMs.p50} ms, p95 ${report.latencyMs.p95} ms, p99 ${report.latencyMs.p99} ms, max ${report.latencyMs.max} ms`,
      `hostile: ${hostileSent} sent, ${hostileRefused} refused with 400/401`,
      ...counters.map(
        (row) =>
          `${row.plan.padEnd(8)} 200: ${row.answered200}, 429: ${row.answered429} (quota ${row.quotaRefusals}), counter ${row.counter}, log rows ${row.logRows}: ${row.exact ? 'exact' : 'NOT EXACT'}`,
      ),
      `memory: heap ${report.memory.heapAfterWarmUpMb ?? '?'} MB after warm-up, ${report.memory.heapAtEndMb} MB at the end (${report.memory.growthMb ?? '?'} MB growth, limit ${MAX_HEAP_GROWTH_MB} MB)${memoryOk ? '' : ': TOO MUCH'}`,
      `errors: ${problemCount}${problems.length > 0 ? `\n  ${problems.join('\n  ')}` : ''}`,
      ok ? 'soak: PASSED' : 'soak: FAILED',
    ].join('\n') + '\n',
  );
  if (options.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  process.exitCode = ok ? 0 : 1;
}

void main().catch((error: unknown) => {
  process.stderr.write(`soak: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
