/**
 * `verifield check FIELD --file PATH` (or stdin): one JSON line on stdout per input line, in order,
 * a blank line answered by the validator's own "cannot be empty" envelope, so line N of the output
 * always answers line N of the input. The input is streamed and each chunk's answers are written
 * in one piece, waiting while stdout is full, so memory stays flat on a file of any size.
 */
import type { Writable } from 'node:stream';
import type { ValidationResult } from '../result.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from './io.js';
import { lineBatches } from './lines.js';
import { Progress, summaryText, type CheckCounts, type ProgressOutput } from './progress.js';

export interface BatchOptions {
  validate: (value: string) => ValidationResult;
  input: AsyncIterable<Buffer>;
  /** How the input is named in an error message (`nifs.txt`, `stdin`). */
  inputName: string;
  /** The input's size in bytes, for the percentage; null when unknown. */
  totalBytes: number | null;
  /** Exit 0 even when some value is invalid. */
  noFail: boolean;
  /** null: no progress lines. */
  progressIntervalMs: number | null;
  stdout: Writable;
  stderr: ProgressOutput;
}

/**
 * Writes to stdout, waiting while its buffer is full. Resolves false once the reader is gone
 * (`| head` closed the pipe): there is no one left to answer.
 */
class Output {
  private closed = false;
  private wake: (() => void) | undefined;
  private readonly onGone = (): void => {
    this.closed = true;
    this.wake?.();
  };

  constructor(private readonly stream: Writable) {
    // A listener, so that EPIPE ends the check instead of crashing the process with a stack trace.
    stream.on('error', this.onGone);
    stream.on('close', this.onGone);
  }

  async write(text: string): Promise<boolean> {
    if (this.closed) return false;
    if (!this.stream.write(text)) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          this.stream.off('drain', done);
          this.wake = undefined;
          resolve();
        };
        this.wake = done;
        this.stream.on('drain', done);
      });
    }
    return !this.closed;
  }

  dispose(): void {
    this.stream.off('error', this.onGone);
    this.stream.off('close', this.onGone);
  }
}

/** Not every line was answered (the input could not be read, or the output was closed): as for a wrong call. */
const EXIT_INCOMPLETE = EXIT_USAGE;

/** Runs the batch; resolves with the exit status: 0 all valid, 1 some invalid, 2 not run to the end. */
export async function checkLines(options: BatchOptions): Promise<number> {
  const { validate, stderr } = options;
  const counts: CheckCounts = { values: 0, valid: 0, invalid: 0, blank: 0 };
  const output = new Output(options.stdout);
  const progress = new Progress(stderr, { intervalMs: options.progressIntervalMs, totalBytes: options.totalBytes });
  let bytes = 0;
  let stopped: string | null = null;
  progress.start();
  try {
    for await (const batch of lineBatches(options.input)) {
      let text = '';
      for (const line of batch.lines) {
        const result = validate(line);
        if (result.valid) counts.valid++;
        else {
          counts.invalid++;
          if (line.trim() === '') counts.blank++;
        }
        text += `${JSON.stringify(result)}\n`;
      }
      counts.values += batch.lines.length;
      bytes += batch.bytes;
      if (text !== '' && !(await output.write(text))) {
        stopped = `the output was closed after ${counts.values.toLocaleString('en-US')} values`;
        break;
      }
      progress.update(counts.values, bytes);
    }
  } catch (error) {
    stopped = `cannot read ${options.inputName}: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    progress.stop();
    output.dispose();
  }
  stderr.write(`${summaryText(counts, progress.elapsedMs())}\n`);
  if (stopped !== null) {
    stderr.write(`verifield: stopped: ${stopped}\n`);
    return EXIT_INCOMPLETE;
  }
  return counts.invalid > 0 && !options.noFail ? EXIT_FAILED : EXIT_OK;
}
