/**
 * The Node listener's fast path for the validation endpoints (src/server/http/fast-path.ts) answers
 * exactly as the Hono route does: the same requests, sent once over HTTP to startServer (fast path)
 * and once to app.fetch (the route), get the same status, envelope and headers (the quota state in
 * the RateLimit fields included: each side calls with its own account of the same plan, so both
 * accounts go through the same counts). Wrong methods, which the fast path leaves to the app, are
 * compared too. And the connection
 * is kept or closed as a client expects: kept after an answer given before the body was read,
 * closed after a body too large to read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerifieldApp } from '../../../src/server/http/app.js';
import { billingPeriod } from '../../../src/server/policy/plans.js';
import type { Store } from '../../../src/server/storage/types.js';
import { exchange } from '../../support/raw-http.js';
import { accountWithKey, createKey, closeInOrder, startServiceAndApp, type Fakes, type TestServer } from '../../support/server.js';
import { germanIban } from '../../support/generators/iban.js';
import { luxembourgVat } from '../../support/generators/vat.js';

let fakes: Fakes;
let store: Store;
let service: TestServer;
let app: VerifieldApp;
let key: string;
/** Each side's keys: a PRO account with every scope, and one whose key has the iban scope only. */
let sides: { http: SideKeys; route: SideKeys };
interface SideKeys {
  key: string;
  ibanOnly: string;
}
const REGISTERED_VAT = luxembourgVat('975310');

beforeAll(async () => {
  ({ fakes, store, service, app } = await startServiceAndApp());
  fakes.vies.register(REGISTERED_VAT, { valid: true, name: 'FAST PATH SARL' });
  ({ key } = await accountWithKey(store, 'PRO'));
  const side = async (): Promise<SideKeys> => {
    const holder = await accountWithKey(store, 'PRO');
    return { key: holder.key, ibanOnly: (await createKey(store, holder.account, { scopes: ['iban'] })).key };
  };
  sides = { http: await side(), route: await side() };
}, 30_000);

afterAll(() => closeInOrder(app, service, store, fakes));

interface Case {
  name: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Default POST. */
  method?: string;
}

const json = { 'Content-Type': 'application/json' };
const cases = ({ key, ibanOnly }: SideKeys): Case[] => [
  { name: 'valid IBAN', path: '/api/v1/validate/iban', headers: { ...json, 'X-API-KEY': key }, body: JSON.stringify({ value: germanIban('370400440532013000') }) },
  { name: 'invalid IBAN', path: '/api/v1/validate/iban', headers: { ...json, 'X-API-KEY': key }, body: '{"value":"DE00370400440532013000"}' },
  { name: 'query string', path: '/api/v1/validate/iban?source=form', headers: { ...json, 'X-API-KEY': key }, body: '{"value":"DE00370400440532013000"}' },
  { name: 'VAT with trader name', path: '/api/v1/validate/vat', headers: { ...json, 'X-API-KEY': key }, body: JSON.stringify({ value: REGISTERED_VAT, traderName: 'Fast Path' }) },
  { name: 'no key', path: '/api/v1/validate/iban', headers: json, body: '{"value":"x"}' },
  { name: 'unknown key', path: '/api/v1/validate/iban', headers: { ...json, 'X-API-KEY': `vf_${'A'.repeat(43)}` }, body: '{"value":"x"}' },
  { name: 'key without the scope', path: '/api/v1/validate/nif', headers: { ...json, 'X-API-KEY': ibanOnly }, body: '{"value":"x"}' },
  { name: 'broken JSON', path: '/api/v1/validate/iban', headers: { ...json, 'X-API-KEY': key }, body: '{"value":' },
  { name: 'value not a string', path: '/api/v1/validate/phone', headers: { ...json, 'X-API-KEY': key }, body: '{"value":12}' },
  { name: 'text body', path: '/api/v1/validate/iban', headers: { 'Content-Type': 'text/plain', 'X-API-KEY': key }, body: 'DE00' },
  { name: 'gzip body', path: '/api/v1/validate/iban', headers: { ...json, 'Content-Encoding': 'gzip', 'X-API-KEY': key }, body: '{"value":"x"}' },
  { name: 'body over 16 KiB', path: '/api/v1/validate/iban', headers: { ...json, 'X-API-KEY': key }, body: JSON.stringify({ value: 'x'.repeat(17_000) }) },
  { name: 'value over 1,024 characters', path: '/api/v1/validate/email', headers: { ...json, 'X-API-KEY': key }, body: JSON.stringify({ value: 'a'.repeat(5_000) }) },
  { name: 'key as Bearer', path: '/api/v1/validate/iban', headers: { ...json, Authorization: `Bearer ${key}` }, body: JSON.stringify({ value: germanIban('500105175407324931') }) },
  { name: 'lower-case bearer', path: '/api/v1/validate/ssn', headers: { ...json, Authorization: `bearer  ${key}` }, body: '{"value":"234-56-7890"}' },
  { name: 'the same key twice', path: '/api/v1/validate/nas', headers: { ...json, 'X-API-KEY': key, Authorization: `Bearer ${key}` }, body: '{"value":"046 454 286"}' },
  { name: 'two different keys', path: '/api/v1/validate/iban', headers: { ...json, 'X-API-KEY': key, Authorization: `Bearer ${ibanOnly}` }, body: '{"value":"x"}' },
  { name: 'Basic credentials only', path: '/api/v1/validate/iban', headers: { ...json, Authorization: 'Basic dXNlcjpwYXNz' }, body: '{"value":"x"}' },
  { name: 'unknown Bearer key', path: '/api/v1/validate/iban', headers: { ...json, Authorization: `Bearer vf_${'B'.repeat(43)}` }, body: '{"value":"x"}' },
  { name: 'GET', method: 'GET', path: '/api/v1/validate/iban', headers: { 'X-API-KEY': key }, body: '' },
  { name: 'PUT', method: 'PUT', path: '/api/v1/validate/vat', headers: { ...json, 'X-API-KEY': key }, body: '{"value":"x"}' },
  { name: 'DELETE', method: 'DELETE', path: '/api/v1/validate/phone?x=1', headers: {}, body: '' },
];

/** The parts of an answer a client reads: status, body, and the headers the service sets. */
async function readAnswer(response: Response): Promise<{ status: number; body: unknown; headers: Record<string, string | null>; resetSeconds: number | null }> {
  const rateLimit = response.headers.get('ratelimit');
  const reset = rateLimit === null ? null : /;t=(\d+)$/.exec(rateLimit);
  return {
    status: response.status,
    body: await response.json(),
    headers: {
      contentType: response.headers.get('content-type'),
      retryAfter: response.headers.get('retry-after'),
      allow: response.headers.get('allow'),
      contentLanguage: response.headers.get('content-language'),
      vary: response.headers.get('vary'),
      rateLimitPolicy: response.headers.get('ratelimit-policy'),
      // The seconds to the reset may tick between the two calls: compared apart.
      rateLimit: rateLimit?.replace(/;t=\d+$/, '') ?? null,
    },
    resetSeconds: reset === null ? null : Number(reset[1]),
  };
}

describe('validation fast path', () => {
  it('answers every case as the Hono route does', async () => {
    // VIES asked once first, so that both answers for the VAT number come from the cache.
    await fetch(`${service.url}/api/v1/validate/vat`, { method: 'POST', headers: { ...json, 'X-API-KEY': key }, body: JSON.stringify({ value: REGISTERED_VAT }) });
    const overHttpCases = cases(sides.http);
    const viaRouteCases = cases(sides.route);
    let quotaStates = 0;
    for (const [index, { name, path, headers, body, method = 'POST' }] of overHttpCases.entries()) {
      const init = (sent: Record<string, string>): RequestInit => ({ method, headers: sent, ...(method === 'GET' || method === 'DELETE' ? {} : { body }) });
      const routeCase = viaRouteCases[index] as Case;
      const { resetSeconds: httpReset, ...overHttp } = await readAnswer(await fetch(`${service.url}${path}`, init(headers)));
      const { resetSeconds: routeReset, ...viaRoute } = await readAnswer(await app.fetch(new Request(`http://localhost${path}`, init(routeCase.headers))));
      expect(overHttp, name).toEqual(viaRoute);
      expect(httpReset === null, name).toBe(routeReset === null);
      if (httpReset !== null && routeReset !== null) {
        expect(Math.abs(httpReset - routeReset), name).toBeLessThanOrEqual(1);
        quotaStates++;
      }
    }
    // Every answer after a known key carried the quota state: the 200s, the 400s, the 403.
    expect(quotaStates).toBe(14);
  });

  it('counts what it answers 200, and nothing it refuses', async () => {
    const { account, key: ownKey } = await accountWithKey(store, 'STARTER');
    const send = (body: string, headers: Record<string, string> = { ...json, 'X-API-KEY': ownKey }) =>
      fetch(`${service.url}/api/v1/validate/iban`, { method: 'POST', headers, body });
    const answers = await Promise.all([
      send('{"value":"DE00370400440532013000"}'),
      send(JSON.stringify({ value: germanIban('370400440532013000') })),
      send('{"value":'),
      send('{"value":"x"}', json),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 400, 401]);
    expect(await store.usage.used(account.id, billingPeriod(account.subscriptionStart, new Date()).start)).toBe(2);
  });

  it('keeps the connection after answering 401 before reading a small body', async () => {
    const request = 'POST /api/v1/validate/iban HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{"value":"x"}';
    const answer = await exchange(service.server.port, { parts: [request, request] }, 1_000);
    expect(answer.status).toBe(401);
    expect(answer.closedByServer).toBe(false);
    expect(answer.headers.get('connection')).not.toContain('close');
  });

  it('closes the connection after a body it will not read, declared or streamed', async () => {
    const declared = `POST /api/v1/validate/iban HTTP/1.1\r\nHost: x\r\nX-API-KEY: ${key}\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"value":"`;
    const byLength = await exchange(service.server.port, { parts: [declared] }, 5_000);
    expect(byLength.status).toBe(400);
    expect(JSON.parse(byLength.body)).toMatchObject({ errorCode: 'BODY_TOO_LARGE' });
    expect(byLength.closedByServer).toBe(true);

    const chunk = `4000\r\n${'x'.repeat(0x4000)}\r\n`;
    const chunked = `POST /api/v1/validate/iban HTTP/1.1\r\nHost: x\r\nX-API-KEY: ${key}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const streamed = await exchange(service.server.port, { parts: [chunked, chunk, chunk] }, 5_000);
    expect(streamed.status).toBe(400);
    expect(JSON.parse(streamed.body)).toMatchObject({ errorCode: 'BODY_TOO_LARGE' });
    expect(streamed.closedByServer).toBe(true);
  });
});
