/**
 * `verifield accounts` and `verifield keys` end to end (docs/service.md#command-line): separate processes on one
 * temporary data directory, as an operator runs them. Ids and keys go to stdout alone so scripts
 * can capture them; the key is printed once and never stored in the clear.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mod11_10CheckDigit } from '../../src/checksum.js';
import { hashApiKey } from '../../src/server/admin/api-keys.js';
import { billingPeriod } from '../../src/server/policy/plans.js';
import { openEmbeddedStore } from '../../src/server/storage/index.js';
import { runCli } from '../support/cli.js';
import { usageEntry } from '../support/store/usage-entry.js';

const SLOW = 120_000;

let dataDir: string;
const keys: string[] = [];

/** A German VAT number built with its own check digit (ISO 7064 mod 11,10). */
function germanVat(body: string): string {
  return `DE${body}${mod11_10CheckDigit(body)}`;
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function admin(args: string[]) {
  return runCli([...args, '--data-dir', dataDir]);
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'verifield-cli-'));
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('verifield accounts and keys on one data directory', () => {
  let starter = '';
  let free = '';
  const ownVat = germanVat('21345678');

  it('lists no accounts on a new store', () => {
    const run = admin(['accounts', 'list']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('No accounts yet');
  }, SLOW);

  it('creates accounts and prints only the new id on stdout', () => {
    const spaced = `${ownVat.slice(0, 2)} ${ownVat.slice(2, 5)} ${ownVat.slice(5)}`;
    const first = admin(['accounts', 'create', '--name', 'Acme GmbH', '--plan', 'STARTER', '--start', '2026-01-31', '--vat-number', spaced]);
    expect(first.status).toBe(0);
    expect(first.stdout.trim().split('\n')).toHaveLength(1);
    starter = first.stdout.trim();
    expect(first.stderr).toContain('STARTER');
    // The variable works as the flag does.
    const second = runCli(['accounts', 'create', '--name=Hobby', '--plan=free'], { VERIFIELD_DATA_DIR: dataDir });
    expect(second.status).toBe(0);
    free = second.stdout.trim();
    expect(free).not.toBe(starter);
  }, SLOW);

  it('lists the accounts with plan, usage of the period and the normalized VAT number', () => {
    const table = admin(['accounts', 'list']);
    expect(table.status).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+PLAN/);
    const acme = lines.find((line) => line.startsWith(starter));
    expect(acme).toContain('Acme GmbH');
    expect(acme).toContain('0 / 10,000');
    expect(acme).toContain(ownVat);
    expect(lines.find((line) => line.startsWith(free))).toContain('0 / 250');

    const json = JSON.parse(admin(['accounts', 'list', '--json']).stdout) as Array<Record<string, unknown>>;
    expect(json.find((account) => account.id === starter)).toMatchObject({
      name: 'Acme GmbH',
      plan: 'STARTER',
      subscriptionStart: '2026-01-31',
      vatNumber: ownVat,
      used: 0,
      quota: 10_000,
    });
  }, SLOW);

  it('creates a key and prints it once: the only output line that starts with vf_', () => {
    const run = admin(['keys', 'create', '--account', free, '--name', 'website']);
    expect(run.status).toBe(0);
    const lines = `${run.stdout}${run.stderr}`.split('\n').filter((line) => line.startsWith('vf_'));
    expect(lines).toHaveLength(1);
    expect(run.stdout).toMatch(/^vf_[0-9A-Za-z]{43}\n$/);
    keys.push(run.stdout.trim());
    expect(run.stderr).toContain('not shown again');
  }, SLOW);

  it('refuses a key over the plan maximum with a message that says why', () => {
    const run = admin(['keys', 'create', '--account', free, '--name', 'second']);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('at most 1 live API key');
  }, SLOW);

  it('lists keys by display prefix only, then revokes one, which frees a place under the maximum', () => {
    const [key] = keys as [string];
    const table = admin(['keys', 'list', '--account', free]);
    expect(table.status).toBe(0);
    expect(table.stdout).toContain(`${key.slice(0, 7)}…`);
    expect(table.stdout).not.toContain(key.slice(0, 12));
    expect(table.stdout).toMatch(/website\s+vf_\S+\s+iban,vat,email,phone,nif,nas,ssn\s+live/);

    const listed = JSON.parse(admin(['keys', 'list', '--account', free, '--json']).stdout) as Array<Record<string, unknown>>;
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('hash');
    const keyId = listed[0]?.id as string;

    const revoked = admin(['keys', 'revoke', keyId]);
    expect(revoked.status).toBe(0);
    expect(revoked.stderr).toContain(`Revoked key ${keyId}`);
    expect(admin(['keys', 'list', '--account', free]).stdout).toMatch(/website.*revoked/);
    const again = admin(['keys', 'create', '--account', free, '--name', 'replacement']);
    expect(again.status).toBe(0);
    keys.push(again.stdout.trim());
  }, SLOW);

  it('says when a key was revoked instead of revoking it again, and exits 0', () => {
    type Listed = { id: string; name: string; revokedAt: string | null };
    const website = (): Listed => {
      const listed = JSON.parse(admin(['keys', 'list', '--account', free, '--json']).stdout) as Listed[];
      return listed.find((key) => key.name === 'website') as Listed;
    };
    const { id, revokedAt } = website();
    expect(revokedAt).not.toBeNull();
    const again = admin(['keys', 'revoke', id]);
    expect(again.status).toBe(0);
    // The time of the first revocation, as `keys list` shows times: `2026-01-15 09:30 UTC`.
    const when = `${(revokedAt as string).slice(0, 16).replace('T', ' ')} UTC`;
    expect(again.stderr).toBe(`Key ${id} was already revoked on ${when}; nothing changed.\n`);
    expect(website().revokedAt).toBe(revokedAt);
  }, SLOW);

  it('creates a key with an expiry and restricted scopes', () => {
    const run = admin(['keys', 'create', '--account', starter, '--name', 'back office', '--expires', '30d', '--scopes', 'vat, iban']);
    expect(run.status).toBe(0);
    keys.push(run.stdout.trim());
    const [listed] = JSON.parse(admin(['keys', 'list', '--account', starter, '--json']).stdout) as Array<{ scopes: string[]; expiresAt: string; status: string }>;
    expect(listed?.scopes).toEqual(['iban', 'vat']);
    expect(listed?.status).toBe('live');
    const days = (Date.parse(listed?.expiresAt ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  }, SLOW);

  it('says so when an account or a key does not exist', () => {
    const noKey = admin(['keys', 'revoke', 'no-such-key']);
    expect(noKey.status).toBe(1);
    expect(noKey.stderr).toContain('no key with id no-such-key');
    const noAccount = admin(['keys', 'create', '--account', 'no-such-account', '--name', 'x']);
    expect(noAccount.status).toBe(1);
    expect(noAccount.stderr).toContain('no account with id no-such-account');
    expect(admin(['keys', 'list', '--account', 'no-such-account']).status).toBe(1);
  }, SLOW);

  it('kept no key in the clear anywhere in the data directory', () => {
    expect(keys).toHaveLength(3);
    const files = filesUnder(dataDir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const key of keys) expect(bytes.includes(key), `${key.slice(0, 7)}… in ${file}`).toBe(false);
    }
  }, SLOW);
});

describe('the admin commands while another process has the store open (as `serve` does)', () => {
  it('create an account and a key the open store finds at once, and revoke it', async () => {
    const sharedDir = join(dataDir, 'shared');
    const store = await openEmbeddedStore(sharedDir);
    try {
      const versions = [await store.keys.version?.()];
      const created = runCli(['accounts', 'create', '--name', 'Live', '--plan', 'FREE', '--data-dir', sharedDir]);
      expect(created.status, created.stderr).toBe(0);
      const accountId = created.stdout.trim();
      expect((await store.accounts.get(accountId))?.name).toBe('Live');

      // Counted by the open store while the commands run: `accounts list` shows it.
      await store.usage.count(usageEntry(accountId, billingPeriod(new Date().toISOString().slice(0, 10), new Date()).start), 250);
      const keyRun = runCli(['keys', 'create', '--account', accountId, '--name', 'live', '--data-dir', sharedDir]);
      expect(keyRun.status, keyRun.stderr).toBe(0);
      const key = keyRun.stdout.trim();
      const found = await store.keys.findByHash(hashApiKey(key));
      expect(found?.key.revokedAt).toBeNull();
      versions.push(await store.keys.version?.());

      const revoked = runCli(['keys', 'revoke', found?.key.id ?? '', '--data-dir', sharedDir]);
      expect(revoked.status, revoked.stderr).toBe(0);
      expect((await store.keys.findByHash(found?.key.hash ?? ''))?.key.revokedAt).toBeInstanceOf(Date);
      versions.push(await store.keys.version?.());
      // Each change is visible to the open store's key cache as a new version.
      expect(new Set(versions).size).toBe(3);

      const listed = runCli(['accounts', 'list', '--json', '--data-dir', sharedDir]);
      expect(listed.status, listed.stderr).toBe(0);
      expect(listed.stdout).toContain(accountId);
      expect(listed.stdout).toMatch(/"used":\s*1\b/);
    } finally {
      await store.close();
    }
  }, SLOW);
});

describe('wrong calls exit 2 with the usage, before touching the store', () => {
  it.each([
    [['accounts'], 'missing command'],
    [['accounts', 'delete'], 'unknown command: accounts delete'],
    [['accounts', 'create', '--plan', 'FREE'], '--name is required'],
    [['accounts', 'create', '--name', 'X', '--plan', 'GOLD'], '"GOLD" is not a plan'],
    [['accounts', 'create', '--name', 'X', '--plan', 'FREE', '--start', '2026-02-30'], '--start: "2026-02-30" is not a date'],
    [['accounts', 'create', '--name', 'X', '--plan', 'FREE', '--vat-number', 'GB980780684'], '--vat-number'],
    [['accounts', 'create', '--name', 'X', '--plan', 'FREE', '--vat-number', 'DE123'], '--vat-number'],
    [['keys', 'create', '--account', 'A', '--name', 'B', '--expires', '3 days'], '--expires'],
    [['keys', 'create', '--account', 'A', '--name', 'B', '--scopes', 'iban,passport'], 'unknown: passport'],
    [['keys', 'create', '--name', 'B'], '--account is required'],
    [['keys', 'list'], '--account is required'],
    [['keys', 'revoke'], 'missing KEY_ID'],
    [['keys', 'revoke', 'a', 'b'], 'unexpected argument: b'],
    [['keys', 'create', '--account', 'A', '--name', 'B', '--colour', 'red'], 'unknown option: --colour'],
  ])('verifield %j', (args, message) => {
    const neverOpened = join(tmpdir(), `verifield-never-opened-${process.pid}`);
    const run = runCli([...args, '--data-dir', neverOpened]);
    expect(run.status).toBe(2);
    expect(existsSync(neverOpened)).toBe(false);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain('usage: verifield');
  }, SLOW);
});
