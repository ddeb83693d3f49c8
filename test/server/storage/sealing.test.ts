/** Values at rest (src/server/storage/sealing.ts): sealed and opened, tampering refused, the data key file, the PostgreSQL refusal. */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/server/storage/compose.js';
import { createSealer, DATA_KEY_FILE, loadDataKey, parseDataKey } from '../../../src/server/storage/sealing.js';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'verifield-sealing-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('sealer', () => {
  const sealer = createSealer(randomBytes(32));

  it('opens what it sealed, and seals the same text differently each time', () => {
    const text = 'ESX9999999R · Lucía';
    const one = sealer.seal(text);
    const two = sealer.seal(text);
    expect(one).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(one).not.toBe(two);
    expect(one).not.toContain('ESX9999999R');
    expect(sealer.open(one)).toBe(text);
    expect(sealer.open(two)).toBe(text);
    expect(sealer.open(sealer.seal(''))).toBe('');
  });

  it('refuses a sealed value that was altered, truncated or sealed under another key', () => {
    const sealed = sealer.seal('ESX9999999R');
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    for (const index of [0, 12, 28, bytes.length - 1]) {
      const altered = Buffer.from(bytes);
      altered[index] = (altered[index] as number) ^ 0x01;
      expect(() => sealer.open(`v1.${altered.toString('base64url')}`)).toThrow();
    }
    expect(() => sealer.open(sealed.slice(0, 20))).toThrow();
    expect(() => sealer.open('ESX9999999R')).toThrow('not a sealed value');
    expect(() => createSealer(randomBytes(32)).open(sealed)).toThrow();
  });

  it('indexes a value the same way under one key, differently under another, never as the value', () => {
    const index = sealer.index('ESX9999999R');
    expect(index).toMatch(/^[0-9a-f]{64}$/);
    expect(sealer.index('ESX9999999R')).toBe(index);
    expect(sealer.index('ESX9999998R')).not.toBe(index);
    expect(createSealer(randomBytes(32)).index('ESX9999999R')).not.toBe(index);
  });

  it('takes only a 32-byte key', () => {
    expect(() => createSealer(randomBytes(16))).toThrow(RangeError);
    expect(() => parseDataKey('c2hvcnQ=')).toThrow('base64 of 32 bytes');
    expect(() => parseDataKey('not base64 at all!')).toThrow('base64 of 32 bytes');
    expect(parseDataKey(`${randomBytes(32).toString('base64')}\n`)).toHaveLength(32);
  });
});

describe('data key', () => {
  it('is created in the data directory on first start, mode 0600, and read back after', () => {
    const dir = join(tempDir(), 'data');
    const first = loadDataKey({ dataDir: dir });
    const file = join(dir, DATA_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first).toHaveLength(32);
    expect(loadDataKey({ dataDir: dir })).toEqual(first);
    expect(readFileSync(file, 'utf8').trim()).toBe((first as Buffer).toString('base64'));
  });

  it('comes from the configuration first, and is absent without either', () => {
    const dir = tempDir();
    const configured = randomBytes(32);
    expect(loadDataKey({ dataKey: configured.toString('base64'), dataDir: dir })).toEqual(configured);
    expect(loadDataKey({})).toBeNull();
  });

  it('makes an embedded store that reopens its sealed rows after a restart', async () => {
    const dataDir = tempDir();
    const first = await openStore({ dataDir });
    const account = await first.store.accounts.create({ name: 'A', plan: 'FREE', subscriptionStart: '2026-01-01', vatNumber: null });
    await first.store.webhooks.set({ accountId: account.id, url: 'https://hooks.example/a', secret: 'whsec_kept', updatedAt: new Date() });
    await first.store.close();
    const again = await openStore({ dataDir });
    expect((await again.store.webhooks.get(account.id))?.secret).toBe('whsec_kept');
    await again.store.close();
    // Another key cannot open them: the rows are sealed, not merely encoded.
    writeFileSync(join(dataDir, DATA_KEY_FILE), `${randomBytes(32).toString('base64')}\n`);
    const wrongKey = await openStore({ dataDir });
    await expect(wrongKey.store.webhooks.get(account.id)).rejects.toThrow();
    await wrongKey.store.close();
  });

  it('is required with PostgreSQL, before any connection is tried', async () => {
    await expect(openStore({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toThrow(
      'VERIFIELD_DATA_KEY is required with PostgreSQL: every instance must seal with the same key',
    );
  });
});
