/**
 * The budgets of failed authentications and the graceful stop (docs/service.md#failed-authentication,
 * docs/service.md#stopping), over real HTTP against startServer: each client binds its socket to a
 * loopback address of its own (127.0.0.2 floods, 127.0.0.1 works), which is the source the service sees.
 */
import { request, Agent, type IncomingHttpHeaders } from 'node:http';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import type { Store } from '../../../src/server/storage/types.js';
import { OPERATOR_TOKEN } from '../../support/admin-api.js';
import { luxembourgVat } from '../../support/generators/vat.js';
import { germanIban } from '../../support/generators/iban.js';
import { accountWithKey, createAccount, createKey, fakeConfig, startFakes, startTestServer, type Fakes, type TestServer } from '../../support/server.js';

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  json: { errorCode?: string };
}

interface SendOptions {
  method?: string;
  key?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The client socket's address: the request's source as the service sees it. */
  from?: string;
  agent?: Agent;
  /** Send the headers and never the body (the answer must not wait for it). */
  withholdBody?: boolean;
}

/** One request over node:http, from the loopback address `from`. */
function send(base: string, path: string, options: SendOptions = {}): Promise<Reply> {
  const url = new URL(path, base);
  const body = options.body ?? JSON.stringify({ value: germanIban('370400440532013000') });
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: options.method ?? 'POST',
        localAddress: options.from ?? '127.0.0.1',
        agent: options.agent ?? false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(body)),
          ...(options.key === undefined ? {} : { 'X-API-KEY': options.key }),
          ...options.headers,
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, json: text === '' ? {} : (JSON.parse(text) as Reply['json']) });
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    if (options.withholdBody === true) outgoing.flushHeaders();
    else outgoing.end(body);
  });
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A key of the right shape that no account has. */
const randomKey = (): string => `vf_${Array.from({ length: 43 }, () => BASE62[randomInt(62)]).join('')}`;

const IBAN_PATH = '/api/v1/validate/iban';
const limitedLines = (logs: readonly string[]): string[] => logs.filter((line) => line.includes('source limited'));

let fakes: Fakes;
let store: Store;

beforeAll(async () => {
  fakes = await startFakes();
  store = await openEmbeddedStore();
}, 60_000);

afterAll(async () => {
  await store?.close();
  await fakes?.close();
});

describe('the budget of failed API keys', () => {
  let service: TestServer;
  beforeAll(async () => {
    service = await startTestServer(store, fakeConfig(fakes));
  });
  afterAll(async () => service?.close());

  it('refuses a flooding address with 429 AUTH_RATE_LIMITED after 20 failures, while a valid key from elsewhere, and a cached one from it, keep working', async () => {
    const { key } = await accountWithKey(store, 'PRO');
    const { account: other } = await accountWithKey(store, 'PRO');
    const { key: neverUsed } = await createKey(store, other);
    expect((await send(service.url, IBAN_PATH, { key, from: '127.0.0.2' })).status).toBe(200);

    const flood: Reply[] = [];
    for (let index = 0; index < 60; index++) {
      flood.push(await send(service.url, IBAN_PATH, { key: index % 3 === 0 ? 'not-a-key' : randomKey(), from: '127.0.0.2' }));
      if (index % 5 === 0) expect((await send(service.url, IBAN_PATH, { key, from: '127.0.0.1' })).status, `valid key after ${index} guesses`).toBe(200);
    }
    expect(flood.slice(0, 20).map((reply) => reply.status)).toEqual(Array(20).fill(401));
    // The budget refills at 2 a second: a guess or two may come through again during the flood, never more.
    const limited = flood.slice(20).filter((reply) => reply.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(36);
    for (const reply of limited) {
      expect(reply.json.errorCode).toBe('AUTH_RATE_LIMITED');
      expect(Number(reply.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(reply.headers.connection).toBe('close');
    }
    // A key the cache knows to be good passes, from the limited address too; a good key not yet seen does not.
    expect((await send(service.url, IBAN_PATH, { key, from: '127.0.0.2' })).status).toBe(200);
    expect((await send(service.url, IBAN_PATH, { key: neverUsed, from: '127.0.0.2' })).json.errorCode).toBe('AUTH_RATE_LIMITED');
    // The refusal does not wait for a body that never comes.
    const unread = await send(service.url, IBAN_PATH, { key: randomKey(), from: '127.0.0.2', withholdBody: true });
    expect(unread.status).toBe(429);
    // One log line for the address, never a key.
    const lines = limitedLines(service.logs);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('127.0.0.2');
    expect(lines[0]).not.toMatch(/vf_|not-a-key/);
  });

  it('counts failed keys on the jobs, watch and evidence endpoints in the same budget, and limits them too', async () => {
    const { key } = await accountWithKey(store, 'PRO');
    const from = '127.0.0.4';
    const paths: Array<[string, string]> = [
      ['GET', '/api/v1/jobs'],
      ['GET', '/api/v1/vat/watch'],
      ['GET', '/api/v1/vat/evidence?value=LU26375245'],
    ];
    const get = (method: string, path: string, withKey: string): Promise<Reply> => send(service.url, path, { method, body: '', key: withKey, from });
    // 20 failures spread over the three endpoints and validation: one budget per source.
    for (let index = 0; index < 20; index++) {
      const [method, path] = paths[index % paths.length] as [string, string];
      const reply = index % 4 === 3 ? await send(service.url, IBAN_PATH, { key: randomKey(), from }) : await get(method, path, randomKey());
      expect(reply.status).toBe(401);
    }
    for (const [method, path] of paths) {
      const limited = await get(method, path, randomKey());
      expect(limited.status).toBe(429);
      expect(limited.json.errorCode).toBe('AUTH_RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(limited.headers.connection).toBe('close');
    }
    expect((await send(service.url, IBAN_PATH, { key: randomKey(), from })).json.errorCode).toBe('AUTH_RATE_LIMITED');
    // A good key from another address is untouched; from the limited address, once the cache knows it, it passes.
    expect((await get('GET', '/api/v1/jobs', key)).status).toBe(429);
    expect((await send(service.url, '/api/v1/jobs', { method: 'GET', body: '', key, from: '127.0.0.1' })).status).toBe(200);
    expect((await get('GET', '/api/v1/jobs', key)).status).toBe(200);
  });

  it('ignores X-Forwarded-For without --trust-proxy: the peer is the source', async () => {
    for (let index = 0; index < 20; index++) {
      const reply = await send(service.url, IBAN_PATH, { key: randomKey(), from: '127.0.0.3', headers: { 'X-Forwarded-For': `198.51.100.${index}` } });
      expect(reply.status).toBe(401);
    }
    const next = await send(service.url, IBAN_PATH, { key: randomKey(), from: '127.0.0.3', headers: { 'X-Forwarded-For': '198.51.100.99' } });
    expect(next.json.errorCode).toBe('AUTH_RATE_LIMITED');
  });
});

describe('--trust-proxy', () => {
  it('counts by the client X-Forwarded-For names when the peer is a trusted proxy', async () => {
    const proxied = await startTestServer(store, { ...fakeConfig(fakes), trustProxy: ['loopback'] });
    try {
      const viaProxy = (client: string): Promise<Reply> => send(proxied.url, IBAN_PATH, { key: randomKey(), from: '127.0.0.5', headers: { 'X-Forwarded-For': `${client}, 127.0.0.9` } });
      for (let index = 0; index < 20; index++) expect((await viaProxy('203.0.113.9')).status).toBe(401);
      expect((await viaProxy('203.0.113.9')).json.errorCode).toBe('AUTH_RATE_LIMITED');
      // Another client behind the same proxy is not limited.
      expect((await viaProxy('203.0.113.10')).status).toBe(401);
      expect(limitedLines(proxied.logs).join('\n')).toContain('203.0.113.9');
    } finally {
      await proxied.close();
    }
  });
});

describe('the budget of wrong operator tokens', () => {
  it('answers the 11th wrong token in a minute with 429 AUTH_RATE_LIMITED; another address still gets in', async () => {
    const service = await startTestServer(store, { ...fakeConfig(fakes), adminToken: OPERATOR_TOKEN });
    try {
      const admin = (token: string, from: string): Promise<Reply> =>
        send(service.url, '/api/v1/admin/accounts', { method: 'GET', body: '', from, headers: { Authorization: `Bearer ${token}` } });
      for (let guess = 0; guess < 10; guess++) expect((await admin(`guess-${guess}-${'x'.repeat(32)}`, '127.0.0.6')).status).toBe(401);
      const eleventh = await admin('guess-11', '127.0.0.6');
      expect(eleventh.status).toBe(429);
      expect(eleventh.json.errorCode).toBe('AUTH_RATE_LIMITED');
      expect(Number(eleventh.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Past the budget even the right token is not compared: a guess learns nothing.
      expect((await admin(OPERATOR_TOKEN, '127.0.0.6')).status).toBe(429);
      expect((await admin(OPERATOR_TOKEN, '127.0.0.7')).status).toBe(200);
      const lines = limitedLines(service.logs);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('127.0.0.6');
      expect(lines[0]).not.toContain('guess');
    } finally {
      await service.close();
    }
  });
});

describe('closing under keep-alive load', () => {
  it('finishes every request in flight, closes each connection after its last answer, and counts every 200', async () => {
    fakes.vies.latencyMs = 300;
    const vat = luxembourgVat('246813');
    fakes.vies.register(vat, { valid: true, name: 'ACME SARL' });
    const account = await createAccount(store, 'PRO');
    const { key } = await createKey(store, account);
    const service = await startTestServer(store, { ...fakeConfig(fakes), planOverrides: { PRO: { maxConcurrent: 100 } } });
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const replies: Reply[] = [];
    const failures: unknown[] = [];
    let closeStarted = 0;
    // Each of 8 connections sends one request after another until an answer says the connection closes.
    const connection = async (): Promise<void> => {
      for (;;) {
        try {
          const reply = await send(service.url, '/api/v1/validate/vat', { key, agent, body: JSON.stringify({ value: vat }) });
          replies.push(reply);
          if (reply.headers.connection === 'close') return;
        } catch (error) {
          failures.push(error);
          return;
        }
      }
    };
    try {
      const loops = Promise.all(Array.from({ length: 8 }, connection));
      // Closed once every connection has carried a few requests (a loaded machine answers the first ones late).
      while (replies.length < 16 && failures.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      closeStarted = performance.now();
      await service.close();
      const closeTook = performance.now() - closeStarted;
      await loops;
      expect(failures.map(String), JSON.stringify(replies.map((r) => [r.status, r.headers.connection]))).toEqual([]);
      expect(replies.length).toBeGreaterThanOrEqual(16);
      expect(replies.every((reply) => reply.status === 200)).toBe(true);
      expect(replies.filter((reply) => reply.headers.connection === 'close')).toHaveLength(8);
      expect(closeTook).toBeLessThan(10_000);
      expect(await store.usage.log(account.id, 1_000)).toHaveLength(replies.length);
    } finally {
      fakes.vies.latencyMs = 0;
      agent.destroy();
      await service.close();
    }
  }, 30_000);
});
