/**
 * The progress and the summary of `verifield check --file` on stderr. Progress is printed every
 * interval while the check runs, including while it waits for input: on a terminal as one line
 * rewritten in place, elsewhere (a log file, CI) as a plain line each time, so a log shows how far
 * a long run got. The percentage counts bytes of the input, which is known without reading the
 * input twice; there is none when the size is unknown (a pipe).
 */

/** Where the progress goes: stderr, or anything that writes text and may be a terminal. */
export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ProgressOptions {
  /** null: no progress lines (someone is typing the input), only the time for the summary. */
  intervalMs: number | null;
  /** The size of the input in bytes, or null when it is not known. */
  totalBytes: number | null;
}

/** What the summary reports. */
export interface CheckCounts {
  values: number;
  valid: number;
  invalid: number;
  /** Invalid because the line was blank. */
  blank: number;
}

const count = (n: number): string => n.toLocaleString('en-US');

function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** `checked 12,000 values (24%, about 8 s left)`: what a progress line says. */
export function progressText(values: number, bytes: number, totalBytes: number | null, elapsedMs: number): string {
  const head = `checked ${count(values)} value${values === 1 ? '' : 's'}`;
  if (totalBytes === null || totalBytes <= 0) return head;
  // Before the first chunk arrives (a slow start) there is no rate to tell the time left from.
  if (bytes <= 0) return `${head} (0%)`;
  const done = Math.min(bytes / totalBytes, 1);
  const remainingMs = (elapsedMs * (1 - done)) / done;
  const left = done < 1 ? `, ${remainingMs < 1000 ? 'under 1 s' : `about ${duration(remainingMs)}`} left` : '';
  return `${head} (${Math.floor(done * 100)}%${left})`;
}

/** `checked 50,000 values in 2.1 s (23,810 values/s): 48,210 valid, 1,790 invalid (3 blank lines)`. */
export function summaryText(counts: CheckCounts, elapsedMs: number): string {
  const perSecond = Math.round((counts.values * 1000) / Math.max(elapsedMs, 1));
  const blank = counts.blank === 0 ? '' : ` (${count(counts.blank)} blank line${counts.blank === 1 ? '' : 's'})`;
  return (
    `checked ${count(counts.values)} value${counts.values === 1 ? '' : 's'} in ${(elapsedMs / 1000).toFixed(1)} s ` +
    `(${count(perSecond)} values/s): ${count(counts.valid)} valid, ${count(counts.invalid)} invalid${blank}`
  );
}

/** Prints progress lines from `start()` to `stop()`; `update()` records how far the check got. */
export class Progress {
  private startedAt = 0;
  private nextAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private values = 0;
  private bytes = 0;
  private shown = false;

  constructor(
    private readonly output: ProgressOutput,
    private readonly options: ProgressOptions,
  ) {}

  private now(): number {
    return performance.now();
  }

  start(): void {
    this.startedAt = this.now();
    const { intervalMs } = this.options;
    if (intervalMs === null) return;
    this.nextAt = this.startedAt + intervalMs;
    // The timer covers waiting for input; update() covers a busy event loop, where it may be late.
    this.timer = setInterval(() => this.tick(intervalMs), intervalMs);
    this.timer.unref();
  }

  update(values: number, bytes: number): void {
    this.values = values;
    this.bytes = bytes;
    if (this.options.intervalMs !== null) this.tick(this.options.intervalMs);
  }

  /** Milliseconds since `start()`. */
  elapsedMs(): number {
    return this.now() - this.startedAt;
  }

  /** Stops the progress and clears its line on a terminal, so the summary starts on a clean line. */
  stop(): void {
    clearInterval(this.timer);
    if (this.shown && this.output.isTTY) this.output.write('\r\x1b[K');
  }

  private tick(intervalMs: number): void {
    const now = this.now();
    if (now < this.nextAt) return;
    // The next line is due one interval after this one was due, so a late line does not push the
    // rest back; after a stall longer than the interval the count restarts from now.
    this.nextAt += intervalMs;
    if (this.nextAt <= now) this.nextAt = now + intervalMs;
    const text = progressText(this.values, this.bytes, this.options.totalBytes, now - this.startedAt);
    this.output.write(this.output.isTTY ? `\r${text}\x1b[K` : `${text}\n`);
    this.shown = true;
  }
}
