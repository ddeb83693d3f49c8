/**
 * The runner's own requests to the servers (checks, cache warm-up, cold starts, the flood's
 * check), one at a time with fetch. The service's 200s among them are counted here, because the
 * meter counts them too and the run compares its total with every answer received.
 */

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

let keyedOk = 0;

/** 200 answers the service gave to requests made through {@link post} with a key. */
export function keyedAnswers(): number {
  return keyedOk;
}

/** POSTs `{ value }` to `/api/v1/validate/<field>`, with `key` unless null; times the answer. */
export async function post(base: string, field: string, value: string, key: string | null): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/validate/${field}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key === null ? {} : { 'X-API-KEY': key }) },
    body: JSON.stringify({ value }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (key !== null && response.status === 200) keyedOk++;
  return { status: response.status, body, ms: performance.now() - started };
}
