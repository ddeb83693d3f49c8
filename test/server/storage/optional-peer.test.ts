/**
 * The service's optional peer dependencies (the embedded store's engine, pg, ioredis) when they
 * are not installed: one sentence naming the package to install, never Node's raw
 * ERR_MODULE_NOT_FOUND. The loader itself is tested in-process on a package name that does not
 * exist; the service's real paths are run as a user runs them, in a child process where a module
 * hook (test/support/hide-packages.mjs) makes the package unresolvable, as on a machine without it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isMissingPackage, loadOptionalPeer, MissingPeerError } from '../../../src/server/storage/optional-peer.js';
import { cliEnv, runCli } from '../../support/cli.js';
import { repoRoot } from '../../support/repo-root.js';

const HIDE = ['--import', './test/support/hide-packages.mjs'];
const scratch = mkdtempSync(join(tmpdir(), 'verifield-peers-'));

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('loadOptionalPeer', () => {
  it('turns a package that is not installed into one sentence naming it', async () => {
    const name = 'verifield-test-package-that-does-not-exist';
    const failure = await loadOptionalPeer(name, 'test store', () => import(/* @vite-ignore */ name)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MissingPeerError);
    expect((failure as MissingPeerError).message).toBe(
      `verifield's test store needs the optional package ${name}: run npm install ${name}`,
    );
    expect(failure).toMatchObject({ code: 'VERIFIELD_MISSING_PEER', packageName: name });
  });

  it('loads a package that is there', async () => {
    const loaded = await loadOptionalPeer('hono', 'test', () => import('hono'));
    expect(typeof loaded.Hono).toBe('function');
  });

  it('leaves other failures as they are: a module missing inside the package, a package that throws', async () => {
    const inner = Object.assign(new Error("Cannot find package 'pg-pool' imported from /x/node_modules/pg/lib/index.js"), { code: 'ERR_MODULE_NOT_FOUND' });
    await expect(loadOptionalPeer('pg', 'PostgreSQL store', () => Promise.reject(inner))).rejects.toBe(inner);
    const broken = new SyntaxError('Unexpected token');
    await expect(loadOptionalPeer('pg', 'PostgreSQL store', () => Promise.reject(broken))).rejects.toBe(broken);
  });

  it('recognises the not-found errors of import() and of require()', () => {
    const esm = Object.assign(new Error("Cannot find package 'ioredis' imported from /app/dist/server/index.js"), { code: 'ERR_MODULE_NOT_FOUND' });
    const cjs = Object.assign(new Error("Cannot find module 'ioredis'\nRequire stack:\n- /app/dist/server/index.cjs"), { code: 'MODULE_NOT_FOUND' });
    expect(isMissingPackage(esm, 'ioredis')).toBe(true);
    expect(isMissingPackage(cjs, 'ioredis')).toBe(true);
    expect(isMissingPackage(esm, 'pg')).toBe(false);
    expect(isMissingPackage('ioredis', 'ioredis')).toBe(false);
  });
});

describe('the service without its optional peers', () => {
  /** The lines a run wrote on stderr. */
  const lines = (stderr: string): string[] => stderr.split('\n').filter((line) => line !== '');

  it('serve on the embedded store without its engine says which package to install', () => {
    const run = runCli(['serve', '--data-dir', join(scratch, 'embedded'), '--port', '0'], { VERIFIELD_TEST_HIDDEN_PACKAGES: 'better-sqlite3' }, { nodeArgs: HIDE });
    expect(run.status).toBe(1);
    expect(lines(run.stderr)).toEqual([
      "verifield: cannot open the store: verifield's embedded store needs the optional package better-sqlite3: run npm install better-sqlite3",
    ]);
  });

  it('serve --database-url without pg says which package to install', () => {
    // With its data key: without one, PostgreSQL is refused before the driver is looked for.
    const env = { VERIFIELD_TEST_HIDDEN_PACKAGES: 'pg', VERIFIELD_DATA_KEY: Buffer.alloc(32, 1).toString('base64') };
    const run = runCli(['serve', '--database-url', 'postgres://verifield@127.0.0.1:9/verifield', '--port', '0'], env, { nodeArgs: HIDE });
    expect(run.status).toBe(1);
    expect(lines(run.stderr)).toEqual([
      "verifield: cannot open the store: verifield's PostgreSQL store (--database-url) needs the optional package pg: run npm install pg",
    ]);
  });

  it('serve --database-url without a data key says so in one line, before connecting', () => {
    const run = runCli(['serve', '--database-url', 'postgres://verifield@127.0.0.1:9/verifield', '--port', '0']);
    expect(run.status).toBe(1);
    expect(lines(run.stderr)).toEqual([
      'verifield: cannot open the store: VERIFIELD_DATA_KEY is required with PostgreSQL: every instance must seal with the same key',
    ]);
  });

  it('the Redis backplane without ioredis says which package to install', () => {
    const script = [
      "import { openRedisBackplane } from './src/server/storage/redis/index.ts';",
      "try { await openRedisBackplane('redis://127.0.0.1:9'); } catch (error) { console.log(`${error.name}: ${error.message}`); }",
    ].join('\n');
    const run = spawnSync(process.execPath, [...HIDE, '--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: cliEnv({ VERIFIELD_TEST_HIDDEN_PACKAGES: 'ioredis' }),
      timeout: 60_000,
    });
    expect(run.stdout.trim()).toBe("MissingPeerError: verifield's Redis backplane (--redis-url) needs the optional package ioredis: run npm install ioredis");
    expect(run.stderr).not.toContain('ERR_MODULE_NOT_FOUND');
  });
});
