/**
 * The measurement of `npm run bench`: CPU time per operation of each contender of a suite, taken in
 * interleaved rounds. CPU time (process.cpuUsage, user + system) rather than wall time, and the
 * median of rounds rather than a mean of per-sample rates, because on a shared machine a sample
 * that loses the core for a while is slow by the wall clock only, and the mean of its reciprocal
 * rates is pulled far up by the short samples (issue 29: NIF 39x that way, 22.7x by CPU time).
 */
import { median } from './server/stats.js';
import type { BenchSuite } from './suite.js';

type Run = (value: string) => unknown;

export interface RoundOptions {
  /** Measured rounds; each runs every contender once. */
  rounds: number;
  /** Rounds run first and not counted (JIT, caches, the previous suite's garbage); at least 1. */
  warmupRounds: number;
  /** CPU time one contender-run is calibrated to take, in milliseconds. */
  targetMs: number;
}

export interface ContenderFigures {
  name: string;
  /** Median over the measured rounds of CPU nanoseconds per operation. */
  medianNs: number;
  minNs: number;
  maxNs: number;
  /** Peer ÷ ours of the medians (null for ours): above 1, verifield is faster. */
  ratio: number | null;
  /** Lowest and highest of the per-round ratios (peer ÷ ours in the same round). */
  ratioRange: readonly [number, number] | null;
}

export interface SuiteFigures {
  field: string;
  contenders: ContenderFigures[];
  /** CPU and wall time of the measured rounds, to show how much of a core the process got. */
  cpuMs: number;
  wallMs: number;
}

/** Written after every call so that no result can be proven unused and the call dropped. */
let sink: unknown;

function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** CPU microseconds of `passes` passes over `inputs`. */
function timePasses(run: Run, inputs: readonly string[], passes: number): number {
  const start = cpuMicros();
  for (let pass = 0; pass < passes; pass++) {
    for (let i = 0; i < inputs.length; i++) sink = run(inputs[i] as string);
  }
  return cpuMicros() - start;
}

/** Passes over the inputs that make one run take about `targetMs` of CPU, from a measured rate. */
function passesFor(targetMs: number, microsPerPass: number): number {
  return Math.max(1, Math.round((targetMs * 1000) / Math.max(microsPerPass, 0.001)));
}

/**
 * A first guess of the passes, on cold code: doubled from one pass until a batch takes a fifth of
 * the target. Each warm-up round corrects it from its own rate, and the measured rounds keep the
 * count of the last one: code that is still being optimised runs several times slower (stdnum's
 * first rounds took 4x its later ones), so a cold guess alone made runs last a quarter of the target.
 */
function firstGuess(run: Run, inputs: readonly string[], targetMs: number): number {
  let passes = 1;
  let micros = timePasses(run, inputs, passes);
  while (micros < (targetMs * 1000) / 5) {
    passes *= 2;
    micros = timePasses(run, inputs, passes);
  }
  return passesFor(targetMs, micros / passes);
}

/**
 * The contenders' order in a round: rotated by one each round so each takes every place, and
 * reversed every other cycle so each follows every other one (who ran just before leaves garbage
 * and deoptimisations to the next).
 */
function orderOf<T>(items: readonly T[], round: number): T[] {
  const shift = round % items.length;
  const rotated = [...items.slice(shift), ...items.slice(0, shift)];
  return Math.floor(round / items.length) % 2 === 0 ? rotated : rotated.reverse();
}

export function measureSuite(suite: BenchSuite, options: RoundOptions): SuiteFigures {
  const inputs = suite.inputs;
  const contenders = [suite.ours, ...suite.peers].map((c) => ({
    name: c.name,
    run: c.run,
    passes: firstGuess(c.run, inputs, options.targetMs),
    nsPerOp: [] as number[],
  }));
  for (let round = 0; round < options.warmupRounds; round++) {
    for (const c of orderOf(contenders, round)) {
      const micros = timePasses(c.run, inputs, c.passes);
      c.passes = passesFor(options.targetMs, micros / c.passes);
    }
  }
  const cpuStart = cpuMicros();
  const wallStart = performance.now();
  for (let round = 0; round < options.rounds; round++) {
    for (const c of orderOf(contenders, round)) {
      const micros = timePasses(c.run, inputs, c.passes);
      c.nsPerOp.push((micros * 1000) / (c.passes * inputs.length));
    }
  }
  const cpuMs = (cpuMicros() - cpuStart) / 1000;
  const wallMs = performance.now() - wallStart;
  if (sink === measureSuite) console.log('unreachable'); // reads the sink once, so it stays live

  const ours = contenders[0] as (typeof contenders)[number];
  const oursMedian = median(ours.nsPerOp);
  return {
    field: suite.field,
    cpuMs,
    wallMs,
    contenders: contenders.map((c, index) => {
      const perRound = c.nsPerOp.map((ns, round) => ns / (ours.nsPerOp[round] as number));
      const medianNs = median(c.nsPerOp);
      return {
        name: c.name,
        medianNs,
        minNs: Math.min(...c.nsPerOp),
        maxNs: Math.max(...c.nsPerOp),
        ratio: index === 0 ? null : medianNs / oursMedian,
        ratioRange: index === 0 ? null : [Math.min(...perRound), Math.max(...perRound)],
      };
    }),
  };
}
