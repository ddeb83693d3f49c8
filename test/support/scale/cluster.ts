/**
 * What the scale-out tests share: the PostgreSQL and Redis that `npm run test:scale` started
 * (scripts/services.sh exports DATABASE_URL and REDIS_URL), a fresh database and Redis database
 * per test file, several `verifield serve` processes on them, and a load generator that spreads
 * requests over the instances the way a load balancer would.
 */
import { execFile } from 'node:child_process';
import { afterAll, beforeAll } from 'vitest';
import { openPostgres } from '../../../src/server/storage/postgres/client.js';
import { createSealer } from '../../../src/server/storage/sealing.js';
import { createSqlStore } from '../../../src/server/storage/sql/store.js';
import type { Store } from '../../../src/server/storage/types.js';
import { startSlowProxy, type SlowProxy } from '../fakes/slow-proxy.js';
import { startStatusFake, type StatusFake } from '../fakes/vies-status.js';
import { startTedbFake, type TedbFake } from '../fakes/tedb.js';
import { startViesFake, type ViesFake } from '../fakes/vies.js';
import { cliEnv, startCli, type CliProcess } from '../cli.js';
import { repoRoot } from '../repo-root.js';

/**
 * The data key every instance of a run seals with (VERIFIELD_DATA_KEY: PostgreSQL refuses to start
 * without one), and the test's own store opens their rows with. A fixed test key, never a real one.
 */
export const SCALE_DATA_KEY = Buffer.alloc(32, 7).toString('base64');

/** The servers of this run; a clear failure when the suite was started without them. */
export function scaleServers(): { databaseUrl: string; redisUrl: string } {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!databaseUrl || !redisUrl) {
    throw new Error('DATABASE_URL and REDIS_URL are not set: run the scale-out tests with `npm run test:scale`');
  }
  return { databaseUrl, redisUrl };
}

/** A new, empty database on the run's PostgreSQL; resolves with its URL. */
export async function freshDatabase(label: string): Promise<string> {
  const { databaseUrl } = scaleServers();
  const name = `vf_${label}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`.replace(/[^a-z0-9_]/g, '_');
  const admin = await openPostgres(databaseUrl);
  try {
    await admin.exec(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Drops a database made by {@link freshDatabase} (its connections are cut). An autovacuum worker
 * busy in the database belongs to no role, so a role without pg_signal_backend may not cut it:
 * that refusal (SQLSTATE 42501) is retried, as the worker ends within moments.
 */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = await openPostgres(scaleServers().databaseUrl);
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '42501' || attempt === 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    await admin.close();
  }
}

/** Makes a {@link freshDatabase} at each call; every one is dropped once the file's tests are over. */
export function useFreshDatabases(): (label: string) => Promise<string> {
  const databases: string[] = [];
  afterAll(async () => {
    await Promise.all(databases.map((url) => dropDatabase(url)));
  });
  return async (label) => {
    const url = await freshDatabase(label);
    databases.push(url);
    return url;
  };
}

/** Redis database `index` of the run's server, emptied; resolves with its URL. */
export async function freshRedis(index: number): Promise<string> {
  const url = `${scaleServers().redisUrl.replace(/\/\d*$/, '')}/${index}`;
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
  return url;
}

/** The store of a database as the service sees it (PostgreSQL, migrated), for set-up and checks. */
export async function openTestStore(databaseUrl: string): Promise<Store> {
  return createSqlStore(await openPostgres(databaseUrl, { maxConnections: 4 }), { sealer: createSealer(Buffer.from(SCALE_DATA_KEY, 'base64')) });
}

/**
 * Runs `verifield ARGS --database-url URL` (an admin command, from the sources) and resolves with
 * its stdout; rejects on a non-zero exit. Asynchronous, so the test's open connections stay served.
 */
export async function admin(databaseUrl: string, args: readonly string[]): Promise<string> {
  const argv = ['--import', 'tsx', 'src/cli/index.ts', ...args, '--database-url', databaseUrl];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, argv, { cwd: repoRoot, env: cliEnv({ VERIFIELD_DATA_KEY: SCALE_DATA_KEY }), encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`verifield ${args.join(' ')} failed: ${error.message}\n${stderr}`));
      else resolve(stdout.trim());
    });
  });
}

/** An account and one key made with the CLI, as an operator does. */
export async function accountWithKeyByCli(databaseUrl: string, plan: string, name: string): Promise<{ accountId: string; key: string }> {
  const accountId = await admin(databaseUrl, ['accounts', 'create', '--name', name, '--plan', plan, '--start', '2026-01-01']);
  const key = await admin(databaseUrl, ['keys', 'create', '--account', accountId, '--name', `${name} key`]);
  return { accountId, key };
}

export interface InstanceOptions {
  databaseUrl: string;
  /** Without it the instances share PostgreSQL only. */
  redisUrl?: string;
  viesUrl: string;
  tedbUrl: string;
  statusUrl: string;
  sharedPoolSize?: number;
}

/** One `verifield serve` process. */
export interface Instance {
  name: string;
  url: string;
  cli: CliProcess;
  /** Whether the process is still running. */
  readonly running: boolean;
}

/** The `serve` arguments of an instance. */
function serveArgs(options: InstanceOptions): string[] {
  const args = ['serve', '--port', '0', '--database-url', options.databaseUrl];
  if (options.redisUrl !== undefined) args.push('--redis-url', options.redisUrl);
  args.push('--vies-url', options.viesUrl, '--tedb-url', options.tedbUrl, '--vies-status-url', options.statusUrl);
  if (options.sharedPoolSize !== undefined) args.push('--shared-pool-size', String(options.sharedPoolSize));
  return args;
}

/** Starts `count` instances at once (they race for the migrations) and waits until each listens. */
export async function startInstances(count: number, options: InstanceOptions): Promise<Instance[]> {
  const started = Array.from({ length: count }, (_, index) => {
    const cli = startCli(serveArgs(options), { env: { VERIFIELD_DATA_KEY: SCALE_DATA_KEY } });
    return { name: `instance ${index + 1}`, cli };
  });
  try {
    return await Promise.all(
      started.map(async ({ name, cli }) => {
        const [, url] = await cli.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
        return {
          name,
          url: url as string,
          cli,
          get running() {
            return cli.child.exitCode === null && cli.child.signalCode === null;
          },
        };
      }),
    );
  } catch (error) {
    await stopInstances(started.map(({ cli }) => ({ cli })));
    throw error;
  }
}

/** Stops instances with SIGTERM (SIGKILL after 10 s); resolves once all have exited. */
export async function stopInstances(instances: ReadonlyArray<{ cli: CliProcess }>): Promise<void> {
  await Promise.all(
    instances.map(async ({ cli }) => {
      if (cli.child.exitCode !== null || cli.child.signalCode !== null) return;
      cli.child.kill('SIGTERM');
      const timer = setTimeout(() => cli.child.kill('SIGKILL'), 10_000);
      await cli.exited;
      clearTimeout(timer);
    }),
  );
}

/** A validation request as the load generator sends it. */
export interface LoadAnswer {
  instance: number;
  status: number;
  errorCode: string | undefined;
  retryAfter: string | null;
  body: Record<string, unknown>;
}

/** POSTs one validation to an instance; rejects only when no HTTP answer came (connection refused or cut). */
export async function validate(base: string, field: string, value: string, key: string): Promise<Omit<LoadAnswer, 'instance'>> {
  const response = await fetch(`${base}/api/v1/validate/${field}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-KEY': key },
    body: JSON.stringify({ value }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  return {
    status: response.status,
    errorCode: typeof body.errorCode === 'string' ? body.errorCode : undefined,
    retryAfter: response.headers.get('retry-after'),
    body,
  };
}

/** Milliseconds of waiting, for polling loops. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops or starts the run's PostgreSQL through the services script (the restart test). */
export async function postgresServer(action: 'pg-stop' | 'pg-start'): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    execFile('bash', ['scripts/services.sh', action], { cwd: repoRoot, encoding: 'utf8', timeout: 90_000 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`services.sh ${action} failed: ${error.message}\n${stderr}`));
      else resolve();
    });
  });
}

/**
 * Counter and counted log rows of an account's current period, read through `store`; the refused
 * requests the log also holds (docs/service.md#usage-log) are `refused`, apart.
 */
export async function usageOf(store: Store, accountId: string, periodStart: string): Promise<{ used: number; logged: number; refused: number }> {
  const used = await store.usage.used(accountId, periodStart);
  const rows = await store.usage.log(accountId, 1_000_000);
  const refused = rows.filter((row) => row.errorCode !== undefined).length;
  return { used, logged: rows.length - refused, refused };
}

/** The loopback fakes the instances of a suite point at. */
export interface ClusterFakes {
  vies: ViesFake;
  tedb: TedbFake;
  status: StatusFake;
  /** VIES behind a proxy that holds every lookup a while: the instances' VIES when asked for. */
  slowVies: SlowProxy | undefined;
}

/**
 * Starts the fakes before the file's tests and closes them after; the returned object is filled
 * in once they run. With `viesDelayMs` the instances reach VIES through a slow proxy.
 */
export function useClusterFakes(): ClusterFakes;
export function useClusterFakes(options: { viesDelayMs: number }): ClusterFakes & { slowVies: SlowProxy };
export function useClusterFakes(options: { viesDelayMs?: number } = {}): ClusterFakes {
  const fakes = { slowVies: undefined } as ClusterFakes;
  beforeAll(async () => {
    [fakes.vies, fakes.tedb, fakes.status] = await Promise.all([startViesFake(), startTedbFake(), startStatusFake()]);
    if (options.viesDelayMs !== undefined) fakes.slowVies = await startSlowProxy(fakes.vies.url, options.viesDelayMs);
  });
  afterAll(async () => {
    await Promise.all([fakes.slowVies?.close(), fakes.vies?.close(), fakes.tedb?.close(), fakes.status?.close()]);
  });
  return fakes;
}

/** Instances on a fresh database (and Redis database), as {@link useCluster} runs them. */
export interface Cluster {
  databaseUrl: string;
  /** Undefined when the instances share PostgreSQL only. */
  redisUrl: string | undefined;
  instances: Instance[];
  /** The database's store for set-up and checks (with `openStore: false`, the suite opens it); closed after the tests. */
  store: Store;
}

export interface ClusterOptions {
  /** Names the fresh database. */
  label: string;
  count: number;
  /** The Redis database the instances share; null for PostgreSQL alone. */
  redisIndex: number | null;
  sharedPoolSize?: number;
  /** Whether to open the store before the tests (a suite that restarts PostgreSQL opens it later). */
  openStore?: boolean;
}

/**
 * Before the tests of the enclosing describe: a fresh database and Redis database, `count`
 * instances started together on them against `fakes`, and the database's store. After them: the
 * instances stopped, the store closed, the database dropped. The object is filled in once they run.
 */
export function useCluster(fakes: ClusterFakes, options: ClusterOptions): Cluster {
  const cluster = { databaseUrl: '', redisUrl: undefined, instances: [] } as unknown as Cluster;
  beforeAll(async () => {
    cluster.databaseUrl = await freshDatabase(options.label);
    cluster.redisUrl = options.redisIndex === null ? undefined : await freshRedis(options.redisIndex);
    cluster.instances = await startInstances(options.count, {
      databaseUrl: cluster.databaseUrl,
      ...(cluster.redisUrl === undefined ? {} : { redisUrl: cluster.redisUrl }),
      viesUrl: (fakes.slowVies ?? fakes.vies).url,
      tedbUrl: fakes.tedb.url,
      statusUrl: fakes.status.url,
      ...(options.sharedPoolSize === undefined ? {} : { sharedPoolSize: options.sharedPoolSize }),
    });
    if (options.openStore ?? true) cluster.store = await openTestStore(cluster.databaseUrl);
  });
  afterAll(async () => {
    await stopInstances(cluster.instances);
    await (cluster.store as Store | undefined)?.close();
    if (cluster.databaseUrl) await dropDatabase(cluster.databaseUrl);
  });
  return cluster;
}
