/**
 * Durability of the usage meter (docs/service.md#metering, issue 8): the built `verifield serve` is killed with
 * SIGKILL in the middle of a few hundred concurrent validations. Every request the client saw
 * answered 200 must be counted after a restart, none twice: the counter is at least the 200s the
 * client received, equals the number of logged validations, and exceeds the 200s by no more than
 * the requests that were in flight when the process died (committed, never answered).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPeriod } from '../../src/server/policy/plans.js';
import { openEmbeddedStore } from '../../src/server/storage/index.js';
import { startStatusFake, type StatusFake } from '../support/fakes/vies-status.js';
import { startTedbFake, type TedbFake } from '../support/fakes/tedb.js';
import { startViesFake, type ViesFake } from '../support/fakes/vies.js';
import { runCli, startCli, type CliProcess } from '../support/cli.js';
import { findInFiles, findInText, randomNif, randomSin, randomSsn } from '../support/sensitive-values.js';

const SLOW = 240_000;
const REQUESTS = 600;
const CONCURRENCY = 20;
/** The kill comes once this many 200s have arrived: well inside the load. */
const KILL_AFTER = 200;

let dataDir: string;
let vies: ViesFake;
let tedb: TedbFake;
let status: StatusFake;
const processes: CliProcess[] = [];

beforeAll(async () => {
  [vies, tedb, status] = await Promise.all([startViesFake(), startTedbFake(), startStatusFake()]);
  dataDir = mkdtempSync(join(tmpdir(), 'verifield-kill-'));
});

afterAll(async () => {
  for (const child of processes) if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill('SIGKILL');
  await Promise.all([vies?.close(), tedb?.close(), status?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

function serveBuilt(): CliProcess {
  const child = startCli(
    ['serve', '--port', '0', '--data-dir', dataDir, '--vies-url', vies.url, '--tedb-url', tedb.url, '--vies-status-url', status.url],
    { built: true },
  );
  processes.push(child);
  return child;
}

describe('SIGKILL under load', () => {
  it('loses no answered request and counts none twice', async () => {
    // The operator's set-up, with the built CLI: a PRO account (no blocking quota) and its key.
    const admin = (args: string[]) => runCli([...args, '--data-dir', dataDir], {}, { built: true });
    const created = admin(['accounts', 'create', '--name', 'Load test', '--plan', 'PRO', '--start', '2026-01-01', '--create']);
    expect(created.status, created.stderr).toBe(0);
    const accountId = created.stdout.trim();
    const keyRun = admin(['keys', 'create', '--account', accountId, '--name', 'load']);
    expect(keyRun.status, keyRun.stderr).toBe(0);
    const key = keyRun.stdout.trim();

    const sensitive = { nif: randomNif(), nas: randomSin(), ssn: randomSsn() };
    const bodies: Array<[string, string]> = [
      ['iban', 'DE89 3704 0044 0532 0130 00'],
      ['nif', sensitive.nif],
      ['nas', sensitive.nas],
      ['ssn', sensitive.ssn],
      ['iban', 'GB82 WEST 1234 5698 7654 32'],
    ];

    const first = serveBuilt();
    const [, url] = await first.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    let answered = 0;
    let otherStatus = 0;
    let failed = 0;
    let inFlight = 0;
    let inFlightAtKill = -1;
    let next = 0;
    const send = (index: number): Promise<Response> => {
      const [field, value] = bodies[index % bodies.length] as [string, string];
      return fetch(`${url}/api/v1/validate/${field}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-KEY': key },
        body: JSON.stringify({ value }),
      });
    };
    const worker = async (): Promise<void> => {
      while (next < REQUESTS && inFlightAtKill === -1) {
        const index = next++;
        inFlight++;
        try {
          // The status line is what a client acts on: a 200 received is an answered request.
          const response = await send(index);
          if (response.status === 200) answered++;
          else otherStatus++;
          await response.arrayBuffer().catch(() => undefined);
        } catch {
          failed++;
        } finally {
          inFlight--;
        }
        if (answered >= KILL_AFTER && inFlightAtKill === -1) {
          inFlightAtKill = inFlight;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(await first.exited).toBe('SIGKILL');
    expect(inFlightAtKill).toBeGreaterThan(0);

    // Restart on the killed store: it opens, and one more validation is answered and counted.
    const second = serveBuilt();
    const [, secondUrl] = await second.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const after = await fetch(`${secondUrl}/api/v1/validate/iban`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-KEY': key },
      body: JSON.stringify({ value: 'DE89 3704 0044 0532 0130 00' }),
    });
    expect(after.status).toBe(200);
    answered++;
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const store = await openEmbeddedStore(dataDir);
    let used: number;
    let logged: number;
    try {
      used = await store.usage.used(accountId, billingPeriod('2026-01-01', new Date()).start);
      // The counted rows: a refusal would be logged apart, never counted (docs/service.md#usage-log).
      logged = (await store.usage.log(accountId, 100_000)).filter((entry) => entry.errorCode === undefined).length;
    } finally {
      await store.close();
    }
    console.info(
      `SIGKILL under load: ${answered} answered 200 (incl. 1 after restart), ${otherStatus} other statuses, ` +
        `${failed} requests cut by the kill, ${inFlightAtKill} in flight at the kill; counter ${used}, log rows ${logged}`,
    );
    expect(otherStatus).toBe(0);
    expect(used).toBeGreaterThanOrEqual(answered);
    expect(logged).toBe(used);
    // Committed but never answered: only requests that were in flight when the process died.
    expect(used - answered).toBeLessThanOrEqual(inFlightAtKill);

    // Security: the key and the NIF, SIN and SSN values are nowhere in the data or the output.
    const secrets = [key, sensitive.nif, sensitive.nas, sensitive.ssn];
    expect(findInFiles(dataDir, secrets)).toEqual([]);
    for (const child of [first, second]) expect(findInText(child.stdout + child.stderr, secrets)).toEqual([]);
  }, SLOW);
});
