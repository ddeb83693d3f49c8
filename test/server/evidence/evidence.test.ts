/**
 * VIES evidence (docs/service.md#evidence): every live VIES answer of a validation is kept for the
 * account that asked, with the consultation number VIES gave and the SHA-256 of its exact reply;
 * an account reads only its own records, as JSON or CSV; the stored row holds no number, name or
 * address in clear; a store that cannot keep the evidence fails the validation instead of losing it.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VatEvidence } from '../../../src/account-api.js';
import { guardStore } from '../../../src/server/storage/guard.js';
import { databaseFile, openEmbeddedStore } from '../../../src/server/storage/sqlite/store.js';
import type { Account, Store, VatEvidenceRecord } from '../../../src/server/storage/types.js';
import { instrumentStore } from '../../support/fakes/store.js';
import { luxembourgVat } from '../../support/generators/vat.js';
import { accountWithKey, post, startFakes, type Fakes } from '../../support/server.js';
import { startEvidenceService, type EvidenceService } from './harness.js';

const REGISTERED = luxembourgVat('246813');
const DEREGISTERED = luxembourgVat('135792');
const OWN_VAT = luxembourgVat('112233');
const NAME = 'ACME, "THE" SARL';
const ADDRESS = '1 rue du Test\nL-1234 Luxembourg';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

let fakes: Fakes;
let dataDir: string;
let store: Store;
let service: EvidenceService;
let a: { account: Account; key: string };
let b: { account: Account; key: string };

beforeAll(async () => {
  fakes = await startFakes();
  fakes.vies.register(REGISTERED, { valid: true, name: NAME, address: ADDRESS });
  fakes.vies.register(OWN_VAT, { valid: true, name: 'OUR OWN SA' });
  dataDir = mkdtempSync(join(tmpdir(), 'verifield-evidence-'));
  store = await openEmbeddedStore(dataDir);
  service = await startEvidenceService(fakes, store);
  a = await accountWithKey(store, 'STARTER', { vatNumber: OWN_VAT });
  b = await accountWithKey(store, 'STARTER', { vatNumber: OWN_VAT });
});

afterAll(async () => {
  await service?.close();
  await store?.close();
  await fakes?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function list(value: string, key: string): Promise<VatEvidence[]> {
  const response = await service.get(`/api/v1/vat/evidence?value=${encodeURIComponent(value)}`, key);
  expect(response.status).toBe(200);
  return ((await response.json()) as { evidence: VatEvidence[] }).evidence;
}

describe('capture', () => {
  it('keeps a live answer with the consultation number VIES gave and the SHA-256 of its exact reply', async () => {
    const repliesBefore = service.replies.length;
    const answer = await post(service.server.url, 'vat', { value: REGISTERED }, a.key);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ vatDetails: { source: 'LIVE', registered: true } });
    const consultation = (answer.body as { vatDetails: { consultation_number?: string } }).vatDetails.consultation_number;
    expect(consultation).toMatch(/^WAPI[0-9A-Z]{12}$/);
    expect(service.replies.length).toBe(repliesBefore + 1);
    const reply = service.replies.at(-1) as Uint8Array;

    const records = await list(REGISTERED, a.key);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      value: REGISTERED,
      countryCode: 'LU',
      registered: true,
      name: NAME,
      address: ADDRESS,
      requestDate: '2026-11-22',
      consultationNumber: consultation,
      requester: OWN_VAT,
      replySha256: sha256(reply),
    });
    expect(new Date(records[0]?.checkedAt ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);
    // The reply really is the one that carried this consultation number.
    expect(JSON.parse(new TextDecoder().decode(reply))).toMatchObject({ requestIdentifier: consultation });
  });

  it('adds no record for a verdict served from the cache: that is not a registry answer', async () => {
    const before = await list(REGISTERED, a.key);
    const again = await post(service.server.url, 'vat', { value: REGISTERED }, a.key);
    expect(again.body).toMatchObject({ vatDetails: { source: 'CACHE' } });
    expect(await list(REGISTERED, a.key)).toEqual(before);
  });

  it('keeps an answer that the number is not registered, and nothing for an outage', async () => {
    const live = await post(service.server.url, 'vat', { value: DEREGISTERED }, a.key);
    expect(live.body).toMatchObject({ vatDetails: { source: 'LIVE', registered: false } });
    const records = await list(DEREGISTERED, a.key);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ registered: false, name: null, address: null });

    const other = luxembourgVat('975310');
    fakes.vies.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' }, { times: 2 });
    try {
      const down = await post(service.server.url, 'vat', { value: other }, a.key);
      expect(down.body).toMatchObject({ vatDetails: { source: 'UNVERIFIED' } });
    } finally {
      fakes.vies.reset();
    }
    expect(await list(other, a.key)).toEqual([]);
  });

  it('finds the records by the number however it is typed (normalized as the validation endpoint does)', async () => {
    const typed = `${REGISTERED.slice(0, 2).toLowerCase()} ${REGISTERED.slice(2, 5)}.${REGISTERED.slice(5)}`;
    const records = await list(typed, a.key);
    expect(records.map((r) => r.value)).toEqual([REGISTERED]);
  });
});

describe('reading', () => {
  it('answers one record by id, and 404 for an unknown id', async () => {
    const [record] = await list(REGISTERED, a.key);
    const one = await service.get(`/api/v1/vat/evidence/${record?.id}`, a.key);
    expect(one.status).toBe(200);
    expect(one.headers.get('cache-control')).toBe('no-store');
    expect(await one.json()).toEqual(record);
    const unknown = await service.get('/api/v1/vat/evidence/00000000-0000-4000-8000-000000000000', a.key);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ errorCode: 'NOT_FOUND', message: 'No evidence record with this id' });
  });

  it("isolates accounts: B lists none of A's records, and A's id answers B 404 as an unknown one does", async () => {
    const [record] = await list(REGISTERED, a.key);
    expect(await list(REGISTERED, b.key)).toEqual([]);
    const theirs = await service.get(`/api/v1/vat/evidence/${record?.id}`, b.key);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ errorCode: 'NOT_FOUND', message: 'No evidence record with this id' });

    // B's own validation is B's record, not A's.
    await store.viesCache.prune(new Date(Date.now() + 86_400_000));
    const answer = await post(service.server.url, 'vat', { value: REGISTERED }, b.key);
    expect(answer.body).toMatchObject({ vatDetails: { source: 'LIVE' } });
    const mine = await list(REGISTERED, b.key);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.id).not.toBe(record?.id);
    expect(await list(REGISTERED, a.key)).toHaveLength(1);
  });

  it('exports CSV with Accept: text/csv: a header row, then RFC 4180 rows (quotes and line breaks kept)', async () => {
    const records = await list(REGISTERED, a.key);
    const response = await service.get(`/api/v1/vat/evidence?value=${REGISTERED}`, a.key, 'text/csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await response.text();
    const record = records[0] as VatEvidence;
    expect(text).toBe(
      'id,value,countryCode,registry,registered,name,address,requestDate,consultationNumber,requester,checkedAt,replySha256\r\n' +
        `${record.id},${REGISTERED},LU,VIES,true,"ACME, ""THE"" SARL","1 rue du Test\nL-1234 Luxembourg",2026-11-22,${record.consultationNumber},${OWN_VAT},${record.checkedAt},${record.replySha256}\r\n`,
    );
    const one = await service.get(`/api/v1/vat/evidence/${record.id}`, a.key, 'text/csv');
    expect(await one.text()).toBe(text);
  });

  it('refuses a request without a key, with a key lacking the vat scope, and without a value', async () => {
    const noKey = await service.get('/api/v1/vat/evidence?value=LU1', '');
    expect(noKey.status).toBe(401);
    const ibanOnly = await accountWithKey(store, 'STARTER', { scopes: ['iban'] });
    expect((await service.get(`/api/v1/vat/evidence?value=${REGISTERED}`, ibanOnly.key)).status).toBe(403);
    const missing = await service.get('/api/v1/vat/evidence', a.key);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ errorCode: 'MISSING_VALUE' });
  });
});

describe('at rest', () => {
  it('holds no VAT number, name, address or requester in clear in the stored row', () => {
    const db = new Database(databaseFile(dataDir), { readonly: true, fileMustExist: true });
    try {
      const rows = db.prepare('SELECT * FROM vat_evidence').all() as Record<string, unknown>[];
      expect(rows.length).toBeGreaterThanOrEqual(3);
      const cells = rows.flatMap((row) => Object.values(row)).map((cell) => (cell instanceof Uint8Array ? Buffer.from(cell).toString('latin1') : String(cell)));
      for (const secret of [REGISTERED, REGISTERED.slice(2), DEREGISTERED.slice(2), OWN_VAT.slice(2), 'ACME', 'rue du Test']) {
        expect(cells.filter((cell) => cell.includes(secret))).toEqual([]);
      }
      // The consultation number and the hash are clear: they name no one.
      expect(cells.some((cell) => /^WAPI/.test(cell))).toBe(true);
      expect(cells.some((cell) => /^[0-9a-f]{64}$/.test(cell))).toBe(true);
    } finally {
      db.close();
    }
  });
});

describe('a store that cannot keep the evidence', () => {
  it('fails the validation (503 STORE_UNAVAILABLE) instead of answering without its evidence, and counts nothing', async () => {
    const inner = await openEmbeddedStore();
    const instrumented = instrumentStore(inner);
    instrumented.evidence = {
      add: async (_record: VatEvidenceRecord) => {
        throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
      },
      forValue: (accountId, value) => inner.evidence.forValue(accountId, value),
      get: (accountId, id) => inner.evidence.get(accountId, id),
      prune: (before) => inner.evidence.prune(before),
    };
    const guarded = guardStore(instrumented, { log: () => undefined });
    const other = await startEvidenceService(fakes, guarded);
    try {
      const c = await accountWithKey(inner, 'STARTER');
      const value = luxembourgVat('424242');
      fakes.vies.register(value, { valid: true, name: 'LOST SARL' });
      const failed = await post(other.server.url, 'vat', { value }, c.key);
      expect(failed.status).toBe(503);
      expect(failed.body).toMatchObject({ errorCode: 'STORE_UNAVAILABLE' });
      expect(instrumented.countCalls).toBe(0);
      expect(await inner.evidence.forValue(c.account.id, value)).toEqual([]);
    } finally {
      await other.close();
      await inner.close();
    }
  });
  it('answers a read it cannot make with 503 STORE_UNAVAILABLE and a Retry-After, not a 500', async () => {
    const inner = await openEmbeddedStore();
    const instrumented = instrumentStore(inner);
    const diskError = async (): Promise<never> => {
      throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
    };
    instrumented.evidence = { add: diskError, forValue: diskError, get: diskError, prune: diskError };
    const guarded = guardStore(instrumented, { log: () => undefined });
    const other = await startEvidenceService(fakes, guarded);
    try {
      const c = await accountWithKey(inner, 'STARTER');
      for (const path of [`/api/v1/vat/evidence?value=${REGISTERED}`, '/api/v1/vat/evidence/00000000-0000-4000-8000-000000000000']) {
        const response = await fetch(other.server.url + path, { headers: { 'X-API-KEY': c.key } });
        expect(response.status, path).toBe(503);
        expect(await response.json()).toMatchObject({ errorCode: 'STORE_UNAVAILABLE' });
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    } finally {
      await other.close();
      await inner.close();
    }
  });
});
