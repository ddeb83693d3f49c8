/**
 * Periodic jobs across instances (issue 9): three processes run the service's jobs against one
 * PostgreSQL over two days of virtual time, their clocks moved in step a minute at a time (see
 * test/support/scale/jobs-instance.ts). Every slot runs exactly once: one VIES status sample per five
 * minutes, one rates refresh per day, one pruning per hour, whichever instance wins each claim.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotOf, STATUS_INTERVAL_MS } from '../../../src/server/jobs/calendar.js';
import { openPostgres } from '../../../src/server/storage/postgres/client.js';
import type { SqlClient } from '../../../src/server/storage/sql/client.js';
import { startStatusFake, type StatusFake } from '../../support/fakes/vies-status.js';
import { startTedbFake, tedbRowsFor, type TedbFake } from '../../support/fakes/tedb.js';
import { cliEnv } from '../../support/cli.js';
import { repoRoot } from '../../support/repo-root.js';
import { dropDatabase, freshDatabase } from '../../support/scale/cluster.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.parse('2026-03-10T22:00:00Z');
const END = START + 48 * HOUR;
const INSTANCES = 3;

let tedb: TedbFake;
let status: StatusFake;
let databaseUrl: string;
let sql: SqlClient;

beforeAll(async () => {
  [tedb, status] = await Promise.all([
    startTedbFake([
      ...tedbRowsFor({ memberState: 'BE', situationOn: '2020-01-01+01:00', standard: '21.0', reduced: ['6.0', '12.0'] }),
      ...tedbRowsFor({ memberState: 'LU', situationOn: '2020-01-01+01:00', standard: '17.0', superReduced: ['3.0'] }),
    ]),
    startStatusFake(),
  ]);
  databaseUrl = await freshDatabase('jobs');
});

afterAll(async () => {
  await sql?.close();
  await Promise.all([tedb?.close(), status?.close()]);
  if (databaseUrl) await dropDatabase(databaseUrl);
});

/** One jobs process, driven line by line. */
interface JobsProcess {
  child: ChildProcess;
  /** Resolves with the next stdout line. */
  nextLine(): Promise<string>;
  stderr(): string;
}

function startJobsProcess(name: string): JobsProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/scale/jobs-instance.ts'], {
    cwd: repoRoot,
    env: cliEnv({
      VF_DATABASE_URL: databaseUrl,
      VF_TEDB_URL: tedb.url,
      VF_STATUS_URL: status.url,
      VF_START: new Date(START).toISOString(),
      VF_INSTANCE: name,
    }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const lines: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const waiter = waiting.shift();
    if (waiter) waiter(line);
    else lines.push(line);
  });
  child.on('exit', (code) => {
    for (const waiter of waiting.splice(0)) waiter(`exited ${String(code)}`);
  });
  return {
    child,
    nextLine: () => {
      const line = lines.shift();
      if (line !== undefined) return Promise.resolve(line);
      if (child.exitCode !== null) return Promise.resolve(`exited ${child.exitCode}`);
      return new Promise((resolve) => waiting.push(resolve));
    },
    stderr: () => stderr,
  };
}

describe('jobs of three instances on one PostgreSQL', () => {
  it('over two days in one-minute steps, each slot of each job ran exactly once', async () => {
    const processes = Array.from({ length: INSTANCES }, (_, index) => startJobsProcess(`jobs-${index + 1}`));
    const expectLine = async (process: JobsProcess, expected: string): Promise<void> => {
      const line = await process.nextLine();
      if (line !== expected) throw new Error(`expected "${expected}", got "${line}":\n${process.stderr()}`);
    };
    try {
      await Promise.all(processes.map((process) => expectLine(process, 'ready')));
      // The first runs are due at the start: everyone fires them together, then a minute at a time.
      for (let at = START; at <= END; at += MINUTE) {
        for (const process of processes) process.child.stdin?.write(`${at}\n`);
        await Promise.all(processes.map((process) => expectLine(process, `at ${at}`)));
      }
      for (const process of processes) process.child.stdin?.end('end\n');
      await Promise.all(processes.map((process) => expectLine(process, 'stopped')));
    } finally {
      for (const process of processes) if (process.child.exitCode === null) process.child.kill('SIGKILL');
    }

    sql = await openPostgres(databaseUrl);
    const runs = async (job: string) =>
      (await sql.query<{ slot: string; instance: string }>('SELECT slot, instance FROM job_runs WHERE job = $1 ORDER BY slot', [job])).rows;
    const [statusRuns, pruneRuns, ratesRuns] = [await runs('vies-status'), await runs('prune'), await runs('rates')];

    const expectedStatusSlots: string[] = [];
    for (let at = START; at <= END; at += STATUS_INTERVAL_MS) expectedStatusSlots.push(slotOf('vies-status', new Date(at)));
    const expectedPruneSlots: string[] = [];
    for (let at = START; at <= END; at += HOUR) expectedPruneSlots.push(slotOf('prune', new Date(at)));
    const expectedRatesSlots = [...new Set(Array.from({ length: 49 }, (_, hour) => slotOf('rates', new Date(START + hour * HOUR))))];

    const samples = (await sql.query<{ n: number; distinct_at: number }>('SELECT count(*)::int AS n, count(DISTINCT at)::int AS distinct_at FROM vies_status_samples')).rows[0];
    const winners = (rows: Array<{ instance: string }>) => {
      const counts: Record<string, number> = {};
      for (const row of rows) counts[row.instance] = (counts[row.instance] ?? 0) + 1;
      return JSON.stringify(counts);
    };
    console.info(
      `jobs, ${INSTANCES} instances over 48 h: ${statusRuns.length} status slots (won ${winners(statusRuns)}), status feed read ${status.calls} times, ` +
        `${samples?.n} samples; ${pruneRuns.length} prune slots (won ${winners(pruneRuns)}); rates slots ${ratesRuns.map((r) => r.slot).join(', ')} ` +
        `(won ${winners(ratesRuns)}), TEDB asked ${tedb.calls} times`,
    );
    // The primary key allows one claim per slot; these say that every slot was claimed and run once.
    expect(statusRuns.map((run) => run.slot)).toEqual(expectedStatusSlots);
    expect(status.calls).toBe(expectedStatusSlots.length);
    expect(samples).toEqual({ n: expectedStatusSlots.length, distinct_at: expectedStatusSlots.length });
    expect(pruneRuns.map((run) => run.slot)).toEqual(expectedPruneSlots);
    expect(ratesRuns.map((run) => run.slot)).toEqual(expectedRatesSlots);
    expect(tedb.calls).toBe(expectedRatesSlots.length);
  });
});
