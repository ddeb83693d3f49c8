/**
 * Load on a running service from the test process: IBAN validations over real HTTP with a fixed
 * number of requests in flight, every answer tallied by status and `errorCode`, so a test can say
 * exactly how many were answered 200 and what the others were.
 */

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

/** POSTs one IBAN validation with `key` and returns its label for the tally. */
export async function validateOnce(base: string, key: string, iban: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/validate/iban`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-KEY': key },
    body: JSON.stringify({ value: iban }),
  });
  const body = (await response.json()) as { errorCode?: string };
  return response.status === 200 || body.errorCode === undefined ? String(response.status) : `${response.status} ${body.errorCode}`;
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
  /** Every answer so far. */
  readonly tally: Tally;
  /** Sends no new request; resolves once the ones in flight are answered. */
  stop(): Promise<Tally>;
  /** Resolves once `requests` are answered (or after `stop()`). */
  done: Promise<Tally>;
}

/** Starts `inFlight` loops of one request at a time each; a failed fetch is tallied as "fetch failed". */
export function startLoad(options: LoadOptions): Load {
  const tally: Tally = new Map();
  let sent = 0;
  let stopped = false;
  const more = (): boolean => !stopped && (options.requests === undefined || sent < options.requests);
  const loop = async (): Promise<void> => {
    while (more()) {
      sent++;
      let label: string;
      try {
        label = await validateOnce(options.base, options.key, options.iban);
      } catch {
        label = 'fetch failed';
      }
      tally.set(label, (tally.get(label) ?? 0) + 1);
    }
  };
  const done = Promise.all(Array.from({ length: options.inFlight }, loop)).then(() => tally);
  return {
    tally,
    done,
    stop() {
      stopped = true;
      return done;
    },
  };
}
