/**
 * Every request whose key was found is in the usage log (docs/service.md#usage-log), over HTTP:
 * refusals with their status, errorCode and the X-Request-Id answered, never counted; a counted
 * invalid answer with its reason; personal numbers masked in refused rows too; the filters by
 * status, field, verdict and day in the admin API and the dashboard; the CSV export of both, its
 * headers and cells no spreadsheet runs.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingPeriod } from '../../../src/server/policy/plans.js';
import type { Account, UsageEntry } from '../../../src/server/storage/types.js';
import { adminCall, signIn as adminSession, type Session } from '../../support/admin-api.js';
import { getPage, signIn, startDashboardServer, testClock, type Browser, type DashboardServer } from '../../support/dashboard.js';
import { dni } from '../../support/generators/nif.js';
import { generateApiKey } from '../../../src/server/admin/api-keys.js';
import type { Field } from '../../../src/server/storage/types.js';
import { accountWithKey, post } from '../../support/server.js';

const GOOD_IBAN = 'DE89370400440532013000';
const BAD_IBAN = 'DE89370400440532013012';
const FORMULA = '=HYPERLINK("http://x.example","y")';
const QUOTA = 3;

let server: DashboardServer;
let account: Account;
let key: string;
let session: Session;
let browser: Browser;
let nif: string;
/** What each request was answered, by label. */
const answered = new Map<string, { status: number; requestId: string }>();

/** The account's whole log, newest first, once it holds `count` entries (refusals are written after their answer). */
async function logOf(count: number): Promise<UsageEntry[]> {
  let log: UsageEntry[] = [];
  await vi.waitFor(async () => {
    log = await server.store.usage.log(account.id, 1_000);
    expect(log).toHaveLength(count);
  });
  return log;
}

/** One more key of the account, beyond its plan's maximum (FREE has one: the test needs three). */
async function extraKey(scopes: Field[]): Promise<{ key: string; id: string }> {
  const generated = generateApiKey();
  const record = await server.store.keys.create(
    { accountId: account.id, name: 'extra', displayPrefix: generated.displayPrefix, hash: generated.hash, scopes, expiresAt: null },
    10,
    new Date(),
  );
  return { key: generated.key, id: record.id };
}

async function send(label: string, field: string, body: unknown, as: string, headers: Record<string, string> = {}): Promise<void> {
  const answer = await post(server.url, field, body, as, headers);
  const requestId = answer.headers.get('x-request-id');
  expect(requestId, label).toMatch(/^[0-9a-f-]{36}$/);
  answered.set(label, { status: answer.status, requestId: requestId as string });
}

beforeAll(async () => {
  server = await startDashboardServer(testClock('2026-11-24T08:00:00Z'), { planOverrides: { FREE: { quota: QUOTA, maxConcurrent: 100 } } });
  ({ account, key } = await accountWithKey(server.store, 'FREE', { subscriptionStart: '2026-11-01' }));
  const narrow = await extraKey(['iban']);
  const revoked = await extraKey(['iban']);
  await server.store.keys.revoke(revoked.id, new Date());
  nif = dni('12345678');

  await send('counted valid', 'iban', { value: GOOD_IBAN }, key);
  await send('counted invalid', 'iban', { value: BAD_IBAN }, key);
  server.clock.advance(86_400_000);
  await send('bad json', 'iban', '{"value":', key);
  await send('nif refused', 'nif', { value: nif, lang: 'es' }, key);
  await send('formula refused', 'iban', { value: FORMULA, defaultCountry: 'DE' }, key);
  await send('out of scope', 'email', { value: 'a@example.com' }, narrow.key);
  await send('revoked', 'iban', { value: GOOD_IBAN }, revoked.key);
  await send('unknown key', 'iban', { value: GOOD_IBAN }, `vf_${'Q'.repeat(43)}`);
  await send('counted last', 'iban', { value: GOOD_IBAN }, key);
  await send('over quota', 'iban', { value: GOOD_IBAN }, key);
  session = await adminSession(server.store, account.id);
  browser = await signIn(server, account.id);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('refused requests in the usage log', () => {
  it('are logged with their status, errorCode and the X-Request-Id answered, and never counted', async () => {
    expect(Object.fromEntries([...answered].map(([label, { status }]) => [label, status]))).toEqual({
      'counted valid': 200,
      'counted invalid': 200,
      'bad json': 400,
      'nif refused': 400,
      'formula refused': 400,
      'out of scope': 403,
      revoked: 401,
      'unknown key': 401,
      'counted last': 200,
      'over quota': 429,
    });
    // The unknown key has no account: 9 entries.
    const log = await logOf(9);
    const byId = new Map(log.map((entry) => [entry.requestId, entry]));
    const entry = (label: string): UsageEntry | undefined => byId.get(answered.get(label)?.requestId ?? '');
    expect(entry('unknown key')).toBeUndefined();
    expect(entry('bad json')).toMatchObject({ status: 400, errorCode: 'INVALID_JSON', value: '', valid: false });
    expect(entry('out of scope')).toMatchObject({ status: 403, errorCode: 'FORBIDDEN', endpoint: 'email', value: '' });
    expect(entry('revoked')).toMatchObject({ status: 401, errorCode: 'INVALID_API_KEY' });
    expect(entry('over quota')).toMatchObject({ status: 429, errorCode: 'QUOTA_EXCEEDED', value: GOOD_IBAN });
    expect(entry('counted valid')).toMatchObject({ status: 200, valid: true });
    expect(entry('counted valid')?.errorCode).toBeUndefined();
    // Only the three 200s count, and the quota's 429 did not take a place in it.
    expect(await server.store.usage.used(account.id, billingPeriod(account.subscriptionStart, server.clock.now()).start)).toBe(QUOTA);
    const totals = await server.store.usage.dailyTotals?.(account.id, '2026-11-01', '2026-11-30');
    expect(totals?.reduce((sum, total) => sum + total.count, 0)).toBe(QUOTA);
  });

  it('keeps the reason of a counted invalid answer', async () => {
    const log = await logOf(9);
    const invalid = log.find((entry) => entry.requestId === answered.get('counted invalid')?.requestId);
    expect(invalid).toMatchObject({ valid: false, reason: 'IBAN_BAD_CHECKSUM', status: 200 });
    expect(invalid?.errorCode).toBeUndefined();
  });

  it('masks a NIF in a refused row as in a counted one', async () => {
    const log = await logOf(9);
    const refused = log.find((entry) => entry.requestId === answered.get('nif refused')?.requestId);
    expect(refused).toMatchObject({ endpoint: 'nif', value: '***', status: 400, errorCode: 'UNKNOWN_MEMBER' });
    expect(JSON.stringify(log)).not.toContain(nif);
  });
});

describe('a suspended account', () => {
  it('has its refusals logged too, with ACCOUNT_SUSPENDED, not counted', async () => {
    const suspended = await accountWithKey(server.store, 'PRO');
    await server.store.accounts.update(suspended.account.id, { suspended: true }, new Date());
    const answer = await post(server.url, 'iban', { value: GOOD_IBAN }, suspended.key);
    expect(answer.status).toBe(401);
    await vi.waitFor(async () => expect(await server.store.usage.log(suspended.account.id, 10)).toHaveLength(1));
    const [entry] = await server.store.usage.log(suspended.account.id, 10);
    expect(entry).toMatchObject({ requestId: answer.headers.get('x-request-id'), status: 401, errorCode: 'ACCOUNT_SUSPENDED', value: '' });
    expect((await server.store.usage.lastUsed(suspended.account.id)).size).toBe(0);
  });
});

describe('the admin API usage log', () => {
  const entriesOf = async (query: string): Promise<Array<Record<string, unknown>>> => {
    const answer = await adminCall<{ entries: Array<Record<string, unknown>> }>(server.url, 'GET', `/accounts/${account.id}/log${query}`, { session });
    expect(answer.status, query).toBe(200);
    return answer.json.entries;
  };

  it('carries status, errorCode or reason, and the request id, and filters by status, field, verdict and day', async () => {
    await logOf(9);
    const all = await entriesOf('');
    expect(all).toHaveLength(9);
    expect(all.find((entry) => entry.requestId === answered.get('over quota')?.requestId)).toMatchObject({ status: 429, errorCode: 'QUOTA_EXCEEDED', reason: null, valid: false });
    expect(all.find((entry) => entry.requestId === answered.get('counted invalid')?.requestId)).toMatchObject({ status: 200, errorCode: null, reason: 'IBAN_BAD_CHECKSUM' });
    expect((await entriesOf('?status=4xx')).map((entry) => entry.status).sort()).toEqual([400, 400, 400, 401, 403, 429]);
    expect((await entriesOf('?status=2xx')).every((entry) => entry.errorCode === null)).toBe(true);
    expect(await entriesOf('?status=429')).toHaveLength(1);
    expect(await entriesOf('?status=5xx')).toEqual([]);
    expect((await entriesOf('?status=4xx&field=nif')).map((entry) => entry.value)).toEqual(['***']);
    // "invalid" is the counted invalid answers, not the refusals.
    expect((await entriesOf('?valid=false')).map((entry) => entry.reason)).toEqual(['IBAN_BAD_CHECKSUM']);
    expect(await entriesOf('?day=2026-11-24')).toHaveLength(2);
    expect(await entriesOf('?day=2026-11-25&status=4xx')).toHaveLength(6);
    const refused = await adminCall(server.url, 'GET', `/accounts/${account.id}/log?status=abc`, { session });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ errorCode: 'INVALID_REQUEST' });
  });

  it('pages through refusals and counted entries alike with nextBefore', async () => {
    await logOf(9);
    const seen: string[] = [];
    let before = '';
    for (;;) {
      const answer = await adminCall<{ entries: Array<{ requestId: string }>; nextBefore: string | null }>(
        server.url,
        'GET',
        `/accounts/${account.id}/log?limit=2${before === '' ? '' : `&before=${encodeURIComponent(before)}`}`,
        { session },
      );
      expect(answer.status).toBe(200);
      seen.push(...answer.json.entries.map((entry) => entry.requestId));
      if (answer.json.nextBefore === null) break;
      before = answer.json.nextBefore;
    }
    expect(seen).toEqual((await server.store.usage.log(account.id, 100)).map((entry) => entry.requestId));
  });

  it('exports the filtered log as CSV with Accept: text/csv, streamed whole, cells no spreadsheet runs', async () => {
    await logOf(9);
    const csv = await fetch(`${server.url}/api/v1/admin/accounts/${account.id}/log?status=4xx&limit=1`, { headers: { Cookie: session.cookie, Accept: 'text/csv' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="usage-${account.id}.csv"`);
    expect(csv.headers.get('cache-control')).toBe('no-store');
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe('at,requestId,keyId,field,value,status,valid,errorCode,reason,latencyMs');
    expect(lines.at(-1)).toBe('');
    // Every 4xx, the limit ignored.
    expect(lines.slice(1, -1)).toHaveLength(6);
    const quota = lines.find((line) => line.includes(answered.get('over quota')?.requestId ?? '-'));
    expect(quota).toMatch(new RegExp(`^2026-11-25T08:00:\\d\\d\\.\\d{3}Z,${answered.get('over quota')?.requestId},[0-9a-f-]{36},iban,${GOOD_IBAN},429,,QUOTA_EXCEEDED,,\\d+$`));
    // The formula is sent as text: a quote first, and the CSV quoting of its quotes and comma.
    expect(lines.find((line) => line.includes('HYPERLINK'))).toContain(`,"'=HYPERLINK(""http://x.example"",""y"")",400,,UNKNOWN_MEMBER,`);
    expect(lines.join('\n')).not.toContain(nif);
  });
});

describe('the dashboard usage log', () => {
  it('shows the refusals with request id, status and error code, filtered by status', async () => {
    await logOf(9);
    const page = await getPage(server.url, `/dashboard/accounts/${account.id}/usage?status=429`, browser);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<code>${answered.get('over quota')?.requestId}</code>`);
    expect(page.text).toContain('QUOTA_EXCEEDED');
    expect(page.text).toContain('refused (not counted)');
    expect(page.text).toContain(`href="/dashboard/accounts/${account.id}/usage.csv?status=429" download`);
    expect(page.text).not.toContain(answered.get('counted valid')?.requestId);
    const refused = await getPage(server.url, `/dashboard/accounts/${account.id}/usage?status=6xx`, browser);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('status must be a class such as 2xx');
  });

  it('downloads the filter as CSV', async () => {
    await logOf(9);
    const csv = await getPage(server.url, `/dashboard/accounts/${account.id}/usage.csv?field=iban&verdict=invalid`, browser);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="usage-${account.id}.csv"`);
    const lines = csv.text.split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,iban,${BAD_IBAN},200,false,,IBAN_BAD_CHECKSUM,`);
    // Nobody signed in, another account: no CSV.
    const nobody = await getPage(server.url, `/dashboard/accounts/${account.id}/usage.csv`);
    expect(nobody.status).not.toBe(200);
    expect(nobody.headers.get('content-type') ?? '').not.toContain('text/csv');
    const stranger = await accountWithKey(server.store, 'FREE');
    expect((await getPage(server.url, `/dashboard/accounts/${stranger.account.id}/usage.csv`, browser)).status).toBe(404);
    const bad = await getPage(server.url, `/dashboard/accounts/${account.id}/usage.csv?day=yesterday`, browser);
    expect(bad.status).toBe(400);
  });
});
