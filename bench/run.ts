/**
 * `npm run bench`: every suite in bench/suites, our validator and its peers measured side by side in
 * one process, printed as ops/s and ratios. `--write` also records the table in bench/RESULTS.md
 * (its library section; bench/server/run.ts writes the service section).
 * Each timed task validates the whole input list once, so the timer's own overhead is spread over
 * hundreds of calls instead of dominating a single nanosecond-scale call.
 */
import { readdirSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { Bench } from 'tinybench';
import { recordSection } from './results-file.js';
import type { BenchSuite } from './suite.js';

const suitesDir = new URL('./suites/', import.meta.url);
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const write = process.argv.includes('--write');
const timeMs = Number(process.env.BENCH_TIME_MS ?? 1000);
/** Rounds per suite, each contender timed for `timeMs` in each; the order alternates. */
const ROUNDS = 4;

interface Row {
  field: string;
  contender: string;
  opsPerSecond: number;
  ratio: number | null;
}

async function loadSuites(): Promise<BenchSuite[]> {
  const files = readdirSync(suitesDir).filter((f) => f.endsWith('.ts')).sort();
  const suites: BenchSuite[] = [];
  for (const file of files) {
    const mod = (await import(new URL(file, suitesDir).href)) as { suite: BenchSuite };
    if (only.length === 0 || only.includes(file.replace(/\.ts$/, ''))) suites.push(mod.suite);
  }
  return suites;
}

/**
 * Runs the contenders in rounds, reversing their order each round, and keeps each one's mean over
 * the rounds: a contender timed first pays for garbage and deoptimisations left by what ran
 * before (the previous suite, or the previous contender), which alone moved the phone ratio from
 * 1.2x to 0.8x between runs.
 */
async function measure(suite: BenchSuite): Promise<Row[]> {
  const inputs = suite.inputs;
  const contenders = [suite.ours, ...suite.peers];
  const totals = new Map<string, number>(contenders.map((c) => [c.name, 0]));
  let sink = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const bench = new Bench({ time: timeMs, warmupTime: 200 });
    const order = round % 2 === 0 ? contenders : [...contenders].reverse();
    for (const contender of order) {
      const run = contender.run;
      bench.add(contender.name, () => {
        for (let i = 0; i < inputs.length; i++) if (run(inputs[i] as string)) sink++;
      });
    }
    await bench.run();
    for (const contender of contenders) {
      const result = bench.getTask(contender.name)?.result;
      if (!result || !('throughput' in result)) throw new Error(`${suite.field}: ${contender.name} did not run`);
      totals.set(contender.name, (totals.get(contender.name) as number) + result.throughput.mean * inputs.length);
    }
  }
  if (sink < 0) console.log(sink);
  const opsOf = (name: string): number => (totals.get(name) as number) / ROUNDS;
  const ours = opsOf(suite.ours.name);
  return contenders.map((c, i) => ({
    field: suite.field,
    contender: c.name,
    opsPerSecond: opsOf(c.name),
    ratio: i === 0 ? null : ours / opsOf(c.name),
  }));
}

function formatOps(ops: number): string {
  return Math.round(ops).toLocaleString('en-US');
}

function table(rows: Row[]): string {
  const lines = [
    '| field | contender | ops/s | verifield ÷ peer |',
    '|---|---|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.field} | ${r.contender} | ${formatOps(r.opsPerSecond)} | ${r.ratio === null ? '(verifield)' : `${r.ratio.toFixed(2)}x`} |`,
    ),
  ];
  return lines.join('\n');
}

const suites = await loadSuites();
const rows: Row[] = [];
for (const suite of suites) rows.push(...(await measure(suite)));
const machine = `${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const load = loadavg().map((value) => value.toFixed(2)).join(' ');
const output = `${table(rows)}\n\nMachine: ${machine}, load average ${load} at the end. Each figure is the mean of ${ROUNDS} runs of ${timeMs} ms over the suite's input mix, the contenders' order reversed every run.\n`;
console.log(output);
if (write) {
  // Only the library section: the service table (npm run bench:server -- --write) stays.
  recordSection(
    'library',
    `## Library (\`npm run bench\`)\n\nRecorded by \`npm run bench -- --write\` on ${new Date().toISOString().slice(0, 10)}. ` +
      `A ratio above 1 means verifield is faster than that peer; all contenders ran in one process on the same inputs.\n\n${output}`,
  );
}
