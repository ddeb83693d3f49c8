/**
 * What a flood of refused requests from one key costs another tenant, now that refusals are logged
 * (docs/service.md#usage-log): a FREE key over its quota sends as fast as its connections allow
 * from 127.0.0.2 (each answered 429 QUOTA_EXCEEDED and logged), while a PRO key from 127.0.0.1
 * validates one request after another. The service runs in this process on an embedded store in
 * a temporary directory, so the event loop's delay measured here is the service's. Cases: no
 * flood; the flood with the refusal log's per-key cap (src/server/storage/sql/refusal-log.ts);
 * the flood without a cap; the flood with no refusal logged (the cost before refusals were
 * logged).
 * usage: tsx bench/server/refusal-flood.ts [--seconds S] [--connections C] [--reverse]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { generateApiKey } from '../../src/server/admin/api-keys.js';
import { startServer } from '../../src/server/http/start.js';
import { openEmbeddedStore } from '../../src/server/storage/index.js';
import type { Plan, Store } from '../../src/server/storage/types.js';

const option = (name: string, fallback: number): number => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const SECONDS = option('seconds', 8);
const CONNECTIONS = option('connections', 32);
const IBAN = 'DE89370400440532013000';

// The flood: C keep-alive connections from 127.0.0.2, each sending its next request when the answer came.
const FLOOD_CLIENT = `
import { request, Agent } from 'node:http';
const [url, key, connections, seconds] = process.argv.slice(1);
const agent = new Agent({ keepAlive: true, maxSockets: Number(connections), localAddress: '127.0.0.2' });
const body = JSON.stringify({ value: '${IBAN}' });
const end = Date.now() + Number(seconds) * 1000;
const statuses = {};
async function loop() {
  while (Date.now() < end) {
    await new Promise((resolve) => {
      const req = request(url, { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'X-API-Key': key } }, (res) => {
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', resolve);
      req.end(body);
    });
  }
}
await Promise.all(Array.from({ length: Number(connections) }, loop));
console.log(JSON.stringify(statuses));
agent.destroy();
`;

async function keyFor(store: Store, plan: Plan): Promise<{ key: string; accountId: string }> {
  const account = await store.accounts.create({ name: plan, plan, subscriptionStart: '2026-01-15', vatNumber: null });
  const generated = generateApiKey();
  await store.keys.create({ accountId: account.id, name: 'bench', displayPrefix: generated.displayPrefix, hash: generated.hash, scopes: ['iban'], expiresAt: null }, 10, new Date());
  return { key: generated.key, accountId: account.id };
}

function flood(url: string, key: string): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', FLOOD_CLIENT, url, key, String(CONNECTIONS), String(SECONDS)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', () => resolve(JSON.parse(out || '{}') as Record<string, number>));
  });
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;

async function runCase(name: string, refusals: { perKeyPerSecond?: number } | null, withFlood: boolean): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'verifield-refusal-flood-'));
  const opened = await openEmbeddedStore(dir, refusals === null ? {} : { refusals });
  // No refusal logged at all: the store without the call.
  const store: Store = refusals === null ? { ...opened, usage: { ...opened.usage, logRefusal: undefined } } : opened;
  const server = await startServer({ port: 0, host: '127.0.0.1', jobs: false, store, log: () => undefined, planOverrides: { FREE: { quota: 1, maxConcurrent: 1_000 } }, sharedPoolSize: 1_000 });
  try {
    const url = `${server.url}/api/v1/validate/iban`;
    const flooder = await keyFor(store, 'FREE');
    const tenant = await keyFor(store, 'PRO');
    const post = (key: string) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': key }, body: JSON.stringify({ value: IBAN }) });
    await (await post(flooder.key)).arrayBuffer();
    const histogram = monitorEventLoopDelay({ resolution: 5 });
    histogram.enable();
    const flooding: Promise<Record<string, number>> = withFlood ? flood(url, flooder.key) : Promise.resolve({});
    const latencies: number[] = [];
    const end = Date.now() + SECONDS * 1000;
    while (Date.now() < end) {
      const started = performance.now();
      const answer = await post(tenant.key);
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`the tenant got ${answer.status}`);
      latencies.push(performance.now() - started);
    }
    const statuses = await flooding;
    histogram.disable();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rows = (await store.usage.log(flooder.accountId, 1_000_000)).length;
    latencies.sort((a, b) => a - b);
    const floodRequests = Object.values(statuses).reduce((sum, n) => sum + n, 0);
    console.log(
      JSON.stringify({
        case: name,
        flood: { requests: floodRequests, perSecond: Math.round(floodRequests / SECONDS), statuses },
        refusalRowsWritten: rows,
        tenant: { requests: latencies.length, p50Ms: +percentile(latencies, 50).toFixed(2), p99Ms: +percentile(latencies, 99).toFixed(2), maxMs: +(latencies.at(-1) ?? 0).toFixed(2) },
        loopDelay: { p50Ms: +(histogram.percentile(50) / 1e6).toFixed(2), p99Ms: +(histogram.percentile(99) / 1e6).toFixed(2), maxMs: +(histogram.max / 1e6).toFixed(2) },
      }),
    );
  } finally {
    await server.close();
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const CASES: Array<[string, { perKeyPerSecond?: number } | null, boolean]> = [
  ['no flood', {}, false],
  ['flood, refusals logged with the per-key cap', {}, true],
  ['flood, refusals logged without a cap', { perKeyPerSecond: 1e9 }, true],
  ['flood, no refusal logged', null, true],
];
// --reverse: the same cases the other way round, to tell a trend of the machine from a case's cost.
for (const [name, refusals, withFlood] of process.argv.includes('--reverse') ? CASES.reverse() : CASES) await runCase(name, refusals, withFlood);
