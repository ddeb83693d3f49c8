/**
 * Load on a running service from the test process: IBAN validations over real HTTP with a fixed
 * number of requests in flight. Every answer is tallied by status and `errorCode`, so a test can say
 * exactly how many were answered 200 and what the others were, and kept with the time it came, so a
 * fault test can say when a fault was noticed (the first 503 after it) and when the service
 * recovered (the first 200 after the repair).
 */

/** One answer, or a request that got none. */
export interface TimedAnswer {
  /** performance.now() when the answer arrived. */
  at: number;
  status: number | 'no answer';
  errorCode: string | undefined;
  message: string | undefined;
  retryAfter: string | null;
}

/** Answers by `"<status>"` or `"<status> <errorCode>"`, e.g. `"200"`, `"429 QUOTA_EXCEEDED"`. */
export type Tally = Map<string, number>;

/** How many answers of `tally` have this status (any errorCode). */
export function answersWithStatus(tally: Tally, status: number): number {
  let sum = 0;
  for (const [label, count] of tally) if (label === String(status) || label.startsWith(`${status} `)) sum += count;
  return sum;
}

/** The tally as a plain object, for `expect(...).toEqual` messages that show every kind of answer. */
export function tallyObject(tally: Tally): Record<string, number> {
  return Object.fromEntries([...tally].sort(([a], [b]) => a.localeCompare(b)));
}

/** Adds the answers of `other` into `into`. */
export function mergeTally(into: Tally, other: Tally): Tally {
  for (const [label, count] of other) into.set(label, (into.get(label) ?? 0) + count);
  return into;
}

/** POSTs one IBAN validation with `key`; a request that gets no answer is one too. */
export async function postIban(base: string, key: string, iban: string): Promise<TimedAnswer> {
  try {
    const response = await fetch(`${base}/api/v1/validate/iban`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-KEY': key },
      body: JSON.stringify({ value: iban }),
    });
    const body = (await response.json()) as { errorCode?: string; message?: string };
    return { at: performance.now(), status: response.status, errorCode: body.errorCode, message: body.message, retryAfter: response.headers.get('retry-after') };
  } catch {
    return { at: performance.now(), status: 'no answer', errorCode: undefined, message: undefined, retryAfter: null };
  }
}

/** The tally label of an answer: `"200"`, `"429 QUOTA_EXCEEDED"`, `"no answer"`. */
export function labelOf(answer: TimedAnswer): string {
  return answer.status === 200 || answer.errorCode === undefined ? String(answer.status) : `${answer.status} ${answer.errorCode}`;
}

/** POSTs one IBAN validation with `key` and returns its label for the tally. */
export async function validateOnce(base: string, key: string, iban: string): Promise<string> {
  return labelOf(await postIban(base, key, iban));
}

/** The answers of a phase counted by label, as a plain object for messages. */
export function tallyOf(answers: readonly TimedAnswer[]): Record<string, number> {
  const counts: Tally = new Map();
  for (const answer of answers) counts.set(labelOf(answer), (counts.get(labelOf(answer)) ?? 0) + 1);
  return tallyObject(counts);
}

export interface LoadOptions {
  base: string;
  key: string;
  iban: string;
  /** Requests kept in flight at once. */
  inFlight: number;
  /** Stop after this many requests in all (default: no limit, until `stop()`). */
  requests?: number;
}

export interface Load {
  /** Every answer so far, by label. */
  readonly tally: Tally;
  /** Every answer so far, in the order they came. */
  readonly answers: readonly TimedAnswer[];
  /** Sends no new request; resolves once the ones in flight are answered. */
  stop(): Promise<Tally>;
  /** Resolves once `requests` are answered (or after `stop()`). */
  done: Promise<Tally>;
}

/** Starts `inFlight` loops of one request at a time each; a request without an answer is tallied as "no answer". */
export function startLoad(options: LoadOptions): Load {
  const tally: Tally = new Map();
  const answers: TimedAnswer[] = [];
  let sent = 0;
  let stopped = false;
  const more = (): boolean => !stopped && (options.requests === undefined || sent < options.requests);
  const loop = async (): Promise<void> => {
    while (more()) {
      sent++;
      const answer = await postIban(options.base, options.key, options.iban);
      answers.push(answer);
      const label = labelOf(answer);
      tally.set(label, (tally.get(label) ?? 0) + 1);
      // A refused connection answers at once: pause so a dead service is not hammered in a tight loop.
      if (answer.status === 'no answer') await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const done = Promise.all(Array.from({ length: options.inFlight }, loop)).then(() => tally);
  return {
    tally,
    answers,
    done,
    stop() {
      stopped = true;
      return done;
    },
  };
}
