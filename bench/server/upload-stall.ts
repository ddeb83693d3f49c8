/**
 * `/healthz` while one large job is submitted (issue: "no event-loop stall over 50 ms while a
 * 100,000-value job is submitted"): one client sends GET /healthz back to back on a kept-alive
 * connection and records each answer's latency, from just before the upload starts until its 202
 * has arrived; another POSTs a job of N email addresses as JSON, written as fast as the socket takes
 * it. The job is cancelled at once afterwards: what is measured is the submission, not the run.
 */
import { Agent, request } from 'node:http';
import { fixed } from './stats.js';

export interface UploadStall {
  values: number;
  bodyMiB: number;
  uploadMs: number;
  status: number;
  probes: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** `count` distinct, well-formed addresses of realistic length. */
export function jobEmails(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `customer.${index.toString(36)}.billing@company-${index % 997}.example.com`);
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}

/** One GET /healthz on `agent`, its latency in ms. */
function probe(base: URL, agent: Agent): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: base.hostname, port: base.port, path: '/healthz', agent }, (incoming) => {
      incoming.resume();
      incoming.on('end', () => resolve(performance.now() - started));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** POSTs `body` to the jobs endpoint in 64 KiB writes; resolves with the status and the job id. */
function submit(base: URL, key: string, body: Buffer): Promise<{ status: number; id: string | null }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: base.hostname,
        port: base.port,
        path: '/api/v1/jobs',
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', 'X-API-KEY': key },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let id: string | null = null;
          try {
            id = (JSON.parse(text) as { id?: string }).id ?? null;
          } catch {
            id = null;
          }
          resolve({ status: incoming.statusCode ?? 0, id });
        });
      },
    );
    outgoing.on('error', reject);
    const write = (offset: number): void => {
      let at = offset;
      while (at < body.length) {
        const more = outgoing.write(body.subarray(at, at + 65_536));
        at += 65_536;
        if (!more) {
          outgoing.once('drain', () => write(at));
          return;
        }
      }
      outgoing.end();
    };
    write(0);
  });
}

/** Submits a job of `values` emails to the service at `url` with `key` while probing /healthz. */
export async function measureUploadStall(url: string, key: string, values: number): Promise<UploadStall> {
  const base = new URL(url);
  const body = Buffer.from(JSON.stringify({ field: 'email', values: jobEmails(values) }));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let uploading = true;
  try {
    await probe(base, agent);
    const probing = (async () => {
      while (uploading) latencies.push(await probe(base, agent));
    })();
    const started = performance.now();
    const submitted = await submit(base, key, body);
    const uploadMs = performance.now() - started;
    uploading = false;
    await probing;
    if (submitted.id !== null) {
      await fetch(`${url}/api/v1/jobs/${submitted.id}`, { method: 'DELETE', headers: { 'X-API-KEY': key } }).then((response) => response.arrayBuffer());
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      values,
      bodyMiB: body.length / 2 ** 20,
      uploadMs,
      status: submitted.status,
      probes: sorted.length,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      maxMs: sorted.at(-1) ?? Number.NaN,
    };
  } finally {
    agent.destroy();
  }
}

/** "p99 12.3 ms (p50 1.2, max 40.1; 1,234 probes during a 2.3 s upload of 13.8 MiB, answered 202)". */
export function uploadStallText(stall: UploadStall): string {
  return `p99 ${fixed(stall.p99Ms, 1)} ms (p50 ${fixed(stall.p50Ms, 1)}, max ${fixed(stall.maxMs, 1)}; ${stall.probes.toLocaleString('en-US')} probes during a ${fixed(stall.uploadMs / 1000, 1)} s upload of ${fixed(stall.bodyMiB, 1)} MiB, answered ${stall.status})`;
}
