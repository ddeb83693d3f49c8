/**
 * Load for the store fault tests: IBAN validations over real HTTP from a few loops, each answer
 * kept with the time it came, so a test can say when the fault was noticed (the first 503
 * STORE_UNAVAILABLE after it), when the service recovered (the first 200 after the repair), and
 * what every answer in between was.
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

export interface FaultLoad {
  readonly answers: readonly TimedAnswer[];
  /** Sends no new request; resolves once the ones in flight are answered. */
  stop(): Promise<readonly TimedAnswer[]>;
}

/** `inFlight` loops posting `iban` to `base` with `key` until stopped. */
export function startFaultLoad(base: string, key: string, iban: string, inFlight = 8): FaultLoad {
  const answers: TimedAnswer[] = [];
  let stopped = false;
  const loop = async (): Promise<void> => {
    while (!stopped) {
      try {
        const response = await fetch(`${base}/api/v1/validate/iban`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-API-KEY': key },
          body: JSON.stringify({ value: iban }),
        });
        const body = (await response.json()) as { errorCode?: string; message?: string };
        answers.push({ at: performance.now(), status: response.status, errorCode: body.errorCode, message: body.message, retryAfter: response.headers.get('retry-after') });
      } catch {
        answers.push({ at: performance.now(), status: 'no answer', errorCode: undefined, message: undefined, retryAfter: null });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  const done = Promise.all(Array.from({ length: inFlight }, loop));
  return {
    answers,
    async stop() {
      stopped = true;
      await done;
      return answers;
    },
  };
}

/** Waits until `check()` holds, polling every 10 ms; rejects after `timeoutMs`. */
export async function waitUntil(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** "N x 200, M x 503 STORE_UNAVAILABLE, …" for the answers of a phase. */
export function tally(answers: readonly TimedAnswer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const label = answer.status === 200 || answer.errorCode === undefined ? String(answer.status) : `${answer.status} ${answer.errorCode}`;
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}
