/**
 * The service across a restart of the embedded store (issue 8): keys, usage counters, the usage
 * log, the VIES answer cache, the saved VAT rates and the status samples survive stopping the
 * service and starting it again on the same data directory; and afterwards no raw key, NIF, SIN
 * or SSN is anywhere in the directory's bytes or in the log lines.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/server/admin/key-admin.js';
import { billingPeriod } from '../../src/server/policy/plans.js';
import { startServer, type RunningServer } from '../../src/server/http/start.js';
import { openEmbeddedStore } from '../../src/server/storage/index.js';
import type { Account } from '../../src/server/storage/types.js';
import { startStatusFake, type StatusFake } from '../support/fakes/vies-status.js';
import { startTedbFake, tedbRowsFor, type TedbFake } from '../support/fakes/tedb.js';
import { startViesFake, type ViesFake } from '../support/fakes/vies.js';
import { findInFiles, findInText, randomNif, randomSin, randomSsn } from '../support/sensitive-values.js';

const SLOW = 120_000;

let dataDir: string;
let vies: ViesFake;
let tedb: TedbFake;
let status: StatusFake;
const logs: string[] = [];

/** A Luxembourg VAT number: six digits and their remainder modulo 89. */
function luxembourgVat(six: number): string {
  return `LU${String(six).padStart(6, '0')}${String(six % 89).padStart(2, '0')}`;
}

const vat = luxembourgVat(240_517);
const nif = randomNif();
const sin = randomSin();
const ssn = randomSsn();
let key = '';
let account: Account;

beforeAll(async () => {
  [vies, tedb, status] = await Promise.all([
    startViesFake(),
    startTedbFake(tedbRowsFor({ memberState: 'LU', situationOn: '2020-01-01+01:00', standard: '17.0', superReduced: ['3.0'] })),
    startStatusFake(),
  ]);
  vies.register(vat, { valid: true, name: 'RESTART TEST SARL', address: '1 rue du Test\nL-1234 Luxembourg' });
  dataDir = mkdtempSync(join(tmpdir(), 'verifield-restart-'));
  // The operator's work before the first start: an account and a key, straight in the store.
  const store = await openEmbeddedStore(dataDir);
  account = await store.accounts.create({ name: 'Restart SA', plan: 'PRO', subscriptionStart: '2026-01-15', vatNumber: null });
  key = (await createApiKey(store, { accountId: account.id, name: 'lifecycle' }, new Date())).key;
  await store.close();
}, SLOW);

afterAll(async () => {
  await Promise.all([vies?.close(), tedb?.close(), status?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

function start(): Promise<RunningServer> {
  return startServer({
    port: 0,
    dataDir,
    viesUrl: vies.url,
    tedbUrl: tedb.url,
    viesStatusUrl: status.url,
    log: (line) => logs.push(line),
  });
}

async function validate(server: RunningServer, field: string, value: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}/api/v1/validate/${field}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-KEY': key },
    body: JSON.stringify({ value }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function getJson(server: RunningServer, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Polls `path` until it answers 200 with a body `ready` accepts (the jobs run just after start). */
async function eventually(server: RunningServer, path: string, ready: (body: Record<string, unknown>) => boolean = () => true): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await getJson(server, path);
    if (answer.status === 200 && ready(answer.body)) return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} never answered 200`);
}

describe('a restart of the embedded store', () => {
  let ratesFetchedAt = '';

  it('first run: validations, a live VIES lookup, the rates and a status sample', async () => {
    const server = await start();
    try {
      for (const iban of ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013012', 'FR14 2004 1010 0505 0001 3M02 606']) {
        expect((await validate(server, 'iban', iban)).status).toBe(200);
      }
      expect((await validate(server, 'nif', nif)).body).toMatchObject({ valid: true });
      expect((await validate(server, 'nas', sin)).body).toMatchObject({ valid: true });
      expect((await validate(server, 'ssn', ssn)).body).toMatchObject({ valid: true });
      const live = await validate(server, 'vat', vat);
      expect(live.body).toMatchObject({ valid: true, vatDetails: { source: 'LIVE', registered: true } });
      expect(vies.calls).toBe(1);

      const rates = (await eventually(server, '/api/v1/vat/rates')) as { rates: Array<{ countryCode: string; fetchedAt: string }> };
      expect(rates.rates.map((entry) => entry.countryCode)).toEqual(['LU']);
      ratesFetchedAt = rates.rates[0]?.fetchedAt ?? '';
      const report = (await eventually(server, '/api/v1/status/vies', (body) => (body.countriesTracked as number) > 0)) as {
        countries: Array<{ sampleCount: number }>;
      };
      expect(report.countries[0]?.sampleCount).toBe(1);
    } finally {
      await server.close();
    }
  }, SLOW);

  it('second run: the key works, the VIES answer comes from the cache, rates and samples are served with TEDB and the feed down', async () => {
    tedb.behave('html-503');
    status.behave('error-500');
    const server = await start();
    try {
      expect((await validate(server, 'iban', 'NL91 ABNA 0417 1643 00')).body).toMatchObject({ valid: true });
      const cached = await validate(server, 'vat', vat);
      expect(cached.body).toMatchObject({ valid: true, vatDetails: { source: 'CACHE', registered: true } });
      expect(vies.calls).toBe(1);

      const rates = await getJson(server, '/api/v1/vat/rates/LU');
      expect(rates.status).toBe(200);
      expect(rates.body).toMatchObject({ countryCode: 'LU', standardRate: 17, fetchedAt: ratesFetchedAt });
      const report = await getJson(server, '/api/v1/status/vies');
      expect((report.body.countries as Array<{ sampleCount: number }>)[0]?.sampleCount).toBeGreaterThanOrEqual(1);
    } finally {
      await server.close();
      tedb.behave('answer');
      status.behave('answer');
    }
  }, SLOW);

  it('kept the counter and the log of both runs, with NIF, SIN and SSN as ***', async () => {
    const store = await openEmbeddedStore(dataDir);
    try {
      const period = billingPeriod(account.subscriptionStart, new Date()).start;
      expect(await store.usage.used(account.id, period)).toBe(9);
      const log = await store.usage.log(account.id, 100);
      expect(log).toHaveLength(9);
      const byEndpoint = (endpoint: string) => log.filter((entry) => entry.endpoint === endpoint).map((entry) => entry.value);
      expect(byEndpoint('nif')).toEqual(['***']);
      expect(byEndpoint('nas')).toEqual(['***']);
      expect(byEndpoint('ssn')).toEqual(['***']);
      expect(byEndpoint('iban')).toContain('DE89 3704 0044 0532 0130 00');
      expect(byEndpoint('vat')).toEqual([vat, vat]);
    } finally {
      await store.close();
    }
  }, SLOW);

  it('left no raw key, NIF, SIN or SSN in the data directory or the log lines', () => {
    expect(findInFiles(dataDir, [key, nif, sin, ssn])).toEqual([]);
    expect(findInText(logs.join('\n'), [key, nif, sin, ssn])).toEqual([]);
  });
});
