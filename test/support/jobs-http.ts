/** Jobs over HTTP against a running service (docs/service.md#jobs): submitting one, reading it back. */
import { expect } from 'vitest';
import type { Job } from '../../src/account-api.js';

/** POSTs a job of `values` of `field` to the service at `base` with `key`, expects 202 and answers the job's id. */
export async function submitJob(base: string, key: string, field: string, values: readonly string[]): Promise<string> {
  const submitted = await fetch(`${base}/api/v1/jobs`, {
    method: 'POST',
    headers: { 'X-API-KEY': key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ field, values }),
  });
  expect(submitted.status).toBe(202);
  return ((await submitted.json()) as { id: string }).id;
}

/** The job `id` as the service at `base` shows it to `key`, expecting 200. */
export async function jobOf(base: string, key: string, id: string): Promise<Job> {
  const response = await fetch(`${base}/api/v1/jobs/${id}`, { headers: { 'X-API-KEY': key } });
  expect(response.status).toBe(200);
  return (await response.json()) as Job;
}

/** The NDJSON result lines of job `id`, parsed, in the order the service sends them. */
export async function jobResults<Result>(base: string, key: string, id: string): Promise<{ line: number; result: Result }[]> {
  const results = await fetch(`${base}/api/v1/jobs/${id}/results`, { headers: { 'X-API-KEY': key } });
  return (await results.text())
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { line: number; result: Result });
}

/**
 * Reads job `id` every `intervalMs` until `until` holds of it, and answers that reading; `meanwhile`
 * sees each reading before it (to assert on it, or to give up by throwing).
 */
export async function pollJob(base: string, key: string, id: string, until: (job: Job) => boolean, intervalMs: number, meanwhile: (job: Job) => void = () => undefined): Promise<Job> {
  for (;;) {
    const job = await jobOf(base, key, id);
    if (until(job)) return job;
    meanwhile(job);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
