/**
 * What the HTTP tests share: a service started with startServer on 127.0.0.1:0 against the
 * loopback fakes (VIES, TEDB, status feed, DNS, RDAP), accounts and keys made through the store,
 * a JSON POST helper, the log lines the service wrote, and a polling wait. The numbers the tests
 * send are built in generators/ (dni, sin, germanIban, luxembourgVat).
 */
import { startServer, type RunningServer } from '../../src/server/http/start.js';
import { createApp, type AppConfig, type VerifieldApp } from '../../src/server/http/app.js';
import { expiryFrom, generateApiKey } from '../../src/server/admin/api-keys.js';
import { PLANS } from '../../src/server/policy/plans.js';
import type { Account, Field, Plan, Store } from '../../src/server/storage/types.js';
import type { ValidationResult } from '../../src/result.js';
import { openEmbeddedStore } from '../../src/server/storage/index.js';
import { instrumentStore, type InstrumentedStore } from './fakes/store.js';
import { startFakeDns, type FakeDns } from './fakes/dns.js';
import { startFakeRdap, type FakeRdap } from './fakes/rdap.js';
import { startStatusFake, type StatusFake } from './fakes/vies-status.js';
import { startTedbFake, type TedbFake } from './fakes/tedb.js';
import { startViesFake, type ViesFake } from './fakes/vies.js';
import { startHmrcFake, type HmrcFake } from './fakes/hmrc.js';
import { startUidFake, type UidFake } from './fakes/swiss-uid.js';
import { startBrregFake, type BrregFake } from './fakes/brreg.js';
import { openTestStore } from './store/test-store.js';
import { FIELD_NAMES } from '../../src/fields/catalog.js';

/** Every field of the registry, in the service's order. */
export const ALL_FIELDS: readonly Field[] = FIELD_NAMES;

export interface Fakes {
  vies: ViesFake;
  hmrc: HmrcFake;
  uid: UidFake;
  brreg: BrregFake;
  tedb: TedbFake;
  status: StatusFake;
  dns: FakeDns;
  rdap: FakeRdap;
  close(): Promise<void>;
}

/** Mail domains the DNS fake serves to every test. */
export const MAIL_DOMAINS = {
  /** Accepts mail (MX). */
  good: 'verifield-mail-ok.com',
  /** Neither MX nor A. */
  dead: 'verifield-no-mail.com',
};

export async function startFakes(): Promise<Fakes> {
  const [vies, hmrc, uid, brreg, tedb, status, dns, rdap] = await Promise.all([
    startViesFake(),
    startHmrcFake(),
    startUidFake(),
    startBrregFake(),
    startTedbFake(),
    startStatusFake(),
    startFakeDns({
      [MAIL_DOMAINS.good]: { mx: [{ priority: 10, exchange: `mx.${MAIL_DOMAINS.good}` }] },
      [`mx.${MAIL_DOMAINS.good}`]: { a: ['192.0.2.25'] },
      [MAIL_DOMAINS.dead]: {},
    }),
    startFakeRdap(),
  ]);
  return {
    vies,
    hmrc,
    uid,
    brreg,
    tedb,
    status,
    dns,
    rdap,
    async close() {
      await Promise.all([vies.close(), hmrc.close(), uid.close(), brreg.close(), tedb.close(), status.close(), dns.close(), rdap.close()]);
    },
  };
}

/** The app settings that point every adapter at the fakes. */
export function fakeConfig(fakes: Fakes): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    viesUrl: fakes.vies.url,
    hmrcUrl: fakes.hmrc.url,
    hmrcClientId: fakes.hmrc.clientId,
    hmrcClientSecret: fakes.hmrc.clientSecret,
    uidUrl: fakes.uid.url,
    brregUrl: fakes.brreg.url,
    tedbUrl: fakes.tedb.url,
    viesStatusUrl: `${fakes.status.url}`,
    dnsServers: [fakes.dns.server],
    rdapBootstrapUrl: fakes.rdap.bootstrapUrl,
    jobs: false,
  };
}

export interface TestServer {
  server: RunningServer;
  url: string;
  store: Store;
  /** Every log line the service wrote. */
  logs: string[];
  close(): Promise<void>;
}

/** Starts the service on port 0 with `store` and the given settings; log lines are captured. */
export async function startTestServer(store: Store, config: AppConfig): Promise<TestServer> {
  const logs: string[] = [];
  const full: AppConfig = { ...config, store, log: (line) => logs.push(line) };
  const server = await startServer(full);
  return { server, url: server.url, store, logs, close: () => server.close() };
}

/** Both ways into the validation endpoints over one test store: the service over HTTP (its fast path) and the app for app.fetch (the Hono route). */
export interface ServiceAndApp {
  fakes: Fakes;
  store: Store;
  service: TestServer;
  app: VerifieldApp;
}

/** Starts the fakes, a test store, the service on it and the app on it, as {@link ServiceAndApp}. */
export async function startServiceAndApp(): Promise<ServiceAndApp> {
  const fakes = await startFakes();
  const store = await openTestStore();
  const service = await startTestServer(store, fakeConfig(fakes));
  const app = createApp({ ...fakeConfig(fakes), store, log: () => undefined });
  await app.ready();
  return { fakes, store, service, app };
}

/** Closes each of `parts` in order, passing over those a failed setup never made. */
export async function closeInOrder(...parts: readonly ({ close(): Promise<unknown> } | undefined)[]): Promise<void> {
  for (const part of parts) await part?.close();
}

/** The service twice over one instrumented embedded store. */
export interface WarmAndCold {
  store: InstrumentedStore;
  /** Runs its jobs: it fetches the rates and samples the status feed at start. */
  main: TestServer;
  /** Runs no jobs, and its TEDB answers 503: it never had rates, so its rates endpoints answer 503. */
  cold: TestServer;
  close(): Promise<void>;
}

/**
 * Starts {@link WarmAndCold} against `fakes`; `main` checks keys on every request (no key cache), and
 * has no budget of failed authentications: its tests send many wrong keys from one address on purpose.
 */
export async function startWarmAndCold(fakes: Fakes, planOverrides: AppConfig['planOverrides']): Promise<WarmAndCold> {
  const coldTedb = await startTedbFake();
  coldTedb.behave('html-503');
  // The real SQL store on an in-memory SQLite: the answers are what a deployed service sends.
  const store = instrumentStore(await openEmbeddedStore());
  const cold = await startTestServer(store, { ...fakeConfig(fakes), tedbUrl: coldTedb.url, jobs: false });
  const main = await startTestServer(store, { ...fakeConfig(fakes), jobs: true, keyCacheMs: 0, planOverrides, authFailureLimits: false });
  return {
    store,
    main,
    cold,
    async close() {
      await main.close();
      await cold.close();
      await coldTedb.close();
      await store.close();
    },
  };
}

export interface AccountOptions {
  vatNumber?: string | null;
  subscriptionStart?: string;
}

export async function createAccount(store: Store, plan: Plan, options: AccountOptions = {}): Promise<Account> {
  return store.accounts.create({
    name: `${plan.toLowerCase()} test account`,
    plan,
    subscriptionStart: options.subscriptionStart ?? '2026-01-15',
    vatNumber: options.vatNumber ?? null,
  });
}

export interface KeyOptions {
  scopes?: Field[];
  expires?: string;
  now?: Date;
}

/** A new key for the account, as a user would hold it (the store only gets its hash). */
export async function createKey(store: Store, account: Account, options: KeyOptions = {}): Promise<{ key: string; id: string }> {
  const now = options.now ?? new Date();
  const generated = generateApiKey();
  const record = await store.keys.create(
    {
      accountId: account.id,
      name: 'test key',
      displayPrefix: generated.displayPrefix,
      hash: generated.hash,
      scopes: options.scopes ?? [...ALL_FIELDS],
      expiresAt: expiryFrom(options.expires ?? 'never', now),
    },
    PLANS[account.plan].maxKeys,
    now,
  );
  return { key: generated.key, id: record.id };
}

/** An account with one key, in one step. */
export async function accountWithKey(store: Store, plan: Plan, options: AccountOptions & KeyOptions = {}): Promise<{ account: Account; key: string }> {
  const account = await createAccount(store, plan, options);
  const { key } = await createKey(store, account, options);
  return { account, key };
}

export interface Answer<T = ValidationResult> {
  status: number;
  headers: Headers;
  body: T;
}

/** POSTs `body` as JSON to a validation endpoint with `key` (omitted when undefined). */
export async function post(
  base: string,
  field: string,
  body: unknown,
  key: string | undefined,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${base}/api/v1/validate/${field}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key === undefined ? {} : { 'X-API-KEY': key }), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as ValidationResult };
}

export async function get<T = unknown>(base: string, path: string): Promise<Answer<T>> {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

/** Polls `check` every 20 ms until it is true or `timeoutMs` passes; `what` names the wait in the error. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
