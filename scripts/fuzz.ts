/**
 * `npm run fuzz`: the fuzzing of test/fields/fuzz.test.ts at scale, outside the test runner. Each field gets
 * `--runs` generated inputs (default one million) of the same kinds as in CI, checked against the
 * same invariants; a broken invariant prints the shrunk input and the seed to replay it, and the
 * exit code is 1.
 *
 *   npm run fuzz                               # 1,000,000 inputs for each field
 *   npm run fuzz -- --runs 5000000 --fields iban,vat
 *   npm run fuzz -- --seed 1234 --path 0:3:1   # replay a failure as printed
 */
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { fuzzInputs } from '../test/support/fuzz/inputs.js';
import { assertHolds, FUZZ_TARGETS, type FuzzField } from '../test/support/fuzz/invariants.js';

const USAGE = `usage: npm run fuzz -- [--runs N] [--fields ${FUZZ_TARGETS.map((target) => target.field).join(',')}] [--seed S] [--path P]`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1000000' },
    fields: { type: 'string' },
    seed: { type: 'string' },
    path: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help === true) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const runs = Number(values.runs);
if (!Number.isSafeInteger(runs) || runs < 1) fail(`--runs must be a positive integer, got ${values.runs}`);
const known = new Set<string>(FUZZ_TARGETS.map((target) => target.field));
const fields = values.fields === undefined ? [...known] : values.fields.split(',').map((field) => field.trim());
for (const field of fields) if (!known.has(field)) fail(`unknown field ${field}`);
const seed = values.seed === undefined ? Date.now() ^ (Math.random() * 0x7fffffff) : Number(values.seed);
if (!Number.isSafeInteger(seed)) fail(`--seed must be an integer, got ${values.seed}`);

/** Progress lines every this many inputs, so a long run shows it is alive. */
const CHUNK = 250_000;

let failed = false;
process.stdout.write(`fuzzing ${fields.join(', ')}: ${runs.toLocaleString('en-US')} inputs each, seed ${seed}\n`);
for (const field of fields as FuzzField[]) {
  const target = FUZZ_TARGETS.find((candidate) => candidate.field === field);
  if (target === undefined) continue;
  const property = fc.property(fuzzInputs(target.inputs), (input) => assertHolds(target, input));
  const started = performance.now();
  let done = 0;
  // Chunks with derived seeds: each replayable on its own, and progress shows between them.
  for (let chunk = 0; done < runs; chunk++) {
    const numRuns = Math.min(CHUNK, runs - done);
    const chunkSeed = (seed + chunk * 0x9e3779b1) | 0;
    const details = fc.check(property, {
      numRuns,
      seed: chunkSeed,
      ...(values.path === undefined ? {} : { path: values.path }),
    });
    done += details.numRuns;
    if (details.failed) {
      failed = true;
      const input = details.counterexample?.[0];
      const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      process.stdout.write(
        `${field}: FAILED after ${done.toLocaleString('en-US')} inputs\n  ${error}\n` +
          `  input (JSON): ${JSON.stringify(input)?.slice(0, 2_000)}\n` +
          `  replay: npm run fuzz -- --fields ${field} --runs ${numRuns} --seed ${chunkSeed} --path ${details.counterexamplePath ?? ''}\n`,
      );
      break;
    }
    if (values.path !== undefined) break;
    const seconds = (performance.now() - started) / 1000;
    if (done < runs) process.stdout.write(`  ${field}: ${done.toLocaleString('en-US')} inputs, ${seconds.toFixed(1)} s\n`);
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `${field}: ${done.toLocaleString('en-US')} inputs in ${seconds.toFixed(1)} s (${Math.round(done / seconds).toLocaleString('en-US')}/s)${failed ? '' : ', every invariant held'}\n`,
  );
  if (failed) break;
}
process.exit(failed ? 1 : 0);
