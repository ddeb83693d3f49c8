/**
 * `npm run bench`: every suite in bench/suites, our validator and its peers measured side by side in
 * one process, printed as CPU time per operation and ratios (bench/cpu-rounds.ts says how).
 *
 * Usage: `npm run bench -- [suite…] [--rounds N] [--warmup N] [--ms N] [--write]`
 * - suite…     file names in bench/suites without `.ts` (e.g. `iban phone`); all when none is given.
 * - --rounds   measured rounds per suite (default 21); each runs every contender once.
 * - --warmup   rounds run first and not counted (default 5, at least 1): each
 *              recalibrates the runs' length, the last one fixes it for the measured rounds.
 * - --ms       CPU milliseconds one contender-run is calibrated to take (default 75, or the
 *              BENCH_TIME_MS environment variable).
 * - --write    also records the table in bench/RESULTS.md (its library section; bench/server/run.ts
 *              writes the service section).
 */
import { readdirSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { measureSuite, type RoundOptions, type SuiteFigures } from './cpu-rounds.js';
import { recordSection } from './results-file.js';
import type { BenchSuite } from './suite.js';

const { values: args, positionals: only } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '21' },
    warmup: { type: 'string', default: '5' },
    ms: { type: 'string', default: process.env.BENCH_TIME_MS ?? '75' },
    write: { type: 'boolean', default: false },
  },
});

function count(name: string, text: string, least: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < least) throw new Error(`--${name} needs a whole number of at least ${least}`);
  return value;
}

const options: RoundOptions = {
  rounds: count('rounds', args.rounds, 1),
  warmupRounds: count('warmup', args.warmup, 1),
  targetMs: count('ms', args.ms, 1),
};
const suitesDir = new URL('./suites/', import.meta.url);

async function loadSuites(): Promise<BenchSuite[]> {
  const files = readdirSync(suitesDir).filter((f) => f.endsWith('.ts')).sort();
  const unknown = only.filter((name) => !files.includes(`${name}.ts`));
  if (unknown.length > 0) throw new Error(`no suite named ${unknown.join(', ')} in bench/suites`);
  const suites: BenchSuite[] = [];
  for (const file of files) {
    if (only.length > 0 && !only.includes(file.replace(/\.ts$/, ''))) continue;
    const mod = (await import(new URL(file, suitesDir).href)) as { suite: BenchSuite };
    suites.push(mod.suite);
  }
  return suites;
}

const nanos = (ns: number): string => (ns < 100 ? ns.toFixed(1) : Math.round(ns).toLocaleString('en-US'));
const times = (ratio: number): string => `${ratio.toFixed(2)}x`;

function table(results: readonly SuiteFigures[]): string {
  const lines = [
    '| field | contender | CPU ns per op (median) | min–max over rounds | ops per CPU second | verifield ÷ peer | ratio within one round, min–max |',
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const suite of results) {
    for (const c of suite.contenders) {
      const ratio = c.ratio === null ? '(verifield)' : times(c.ratio);
      const range = c.ratioRange === null ? '' : `${c.ratioRange[0].toFixed(2)}–${times(c.ratioRange[1])}`;
      lines.push(
        `| ${suite.field} | ${c.name} | ${nanos(c.medianNs)} | ${nanos(c.minNs)}–${nanos(c.maxNs)} | ` +
          `${Math.round(1e9 / c.medianNs).toLocaleString('en-US')} | ${ratio} | ${range} |`,
      );
    }
  }
  return lines.join('\n');
}

const load = (): string => loadavg().map((value) => value.toFixed(2)).join(' ');
const loadBefore = load();
const results: SuiteFigures[] = [];
for (const suite of await loadSuites()) {
  results.push(measureSuite(suite, options));
  process.stderr.write(`${suite.field} done\n`);
}
const cpuMs = results.reduce((sum, r) => sum + r.cpuMs, 0);
const wallMs = results.reduce((sum, r) => sum + r.wallMs, 0);
const machine = `${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const method =
  `Each figure is the median over ${options.rounds} interleaved rounds of the CPU time (user + system, process.cpuUsage) ` +
  `per operation, after ${options.warmupRounds} warm-up rounds. A round runs every contender of a field once, over the ` +
  `suite's whole input mix for a fixed number of operations (calibrated once per contender to about ${options.targetMs} ms ` +
  `of CPU), the order rotated every round and reversed every other cycle. Ratio: the peer's median CPU per operation ÷ ` +
  `verifield's, in the same run; the last column gives the lowest and highest of that ratio within single rounds.`;
const output =
  `${table(results)}\n\n${method}\n\nMachine: ${machine}. Load average before ${loadBefore}, after ${load()}; ` +
  `the process got ${((100 * cpuMs) / wallMs).toFixed(0)}% of a core's time during the measured rounds ` +
  `(${(cpuMs / 1000).toFixed(1)} s of CPU in ${(wallMs / 1000).toFixed(1)} s).\n`;
console.log(output);
if (args.write) {
  // Only the library section: the service and jobs tables (bench/server) stay.
  recordSection(
    'library',
    `## Library (\`npm run bench\`)\n\nRecorded by \`npm run bench -- --write\` on ${new Date().toISOString().slice(0, 10)}. ` +
      `A ratio above 1 means verifield uses less CPU per operation than that peer; all contenders ran in one process on the same inputs.\n\n${output}`,
  );
}
