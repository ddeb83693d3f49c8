/**
 * `verifield accounts` and `verifield keys` end to end (docs/service.md#command-line) on one
 * temporary data directory, each command opening and closing the store as an operator's run does.
 * They run in-process through the CLI's I/O seam (src/cli/io.ts): what is tested is what they print
 * and keep; one run as a process shows the same from the shell's side. Ids and keys go to stdout
 * alone so scripts can capture them; the key is printed once and never stored in the clear.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mod11_10CheckDigit } from '../../src/checksum.js';
import { FIELDS_IN_SCOPE_ORDER } from '../../src/fields/catalog.js';
import { generateApiKey, hashApiKey } from '../../src/server/admin/api-keys.js';
import { billingPeriod } from '../../src/server/policy/plans.js';
import { openEmbeddedStore } from '../../src/server/storage/index.js';
import { runCli, runCliInProcess } from '../support/cli.js';
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

/** The line every admin command starts with on stderr: the store it opened. */
const usingStore = (): string => `verifield: using the store in ${dataDir}\n`;

function admin(args: string[]) {
  return runCliInProcess([...args, '--data-dir', dataDir]);
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

  it('refuses a directory without a store, naming it, and makes none there; --create makes one and says so', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'verifield-cli-elsewhere-'));
    const missing = join(elsewhere, 'not-here');
    try {
      for (const command of [['accounts', 'list'], ['accounts', 'create', '--name', 'Stray', '--plan', 'FREE'], ['keys', 'list', '--account', 'x'], ['accounts', 'login-link', '--account', 'x']]) {
        for (const dir of [elsewhere, missing]) {
          const run = await runCliInProcess([...command, '--data-dir', dir]);
          expect(run.status, `${command.join(' ')} in ${dir}`).toBe(1);
          expect(run.stdout).toBe('');
          expect(run.stderr).toContain(`no store in ${dir}:`);
          expect(run.stderr).toContain('--create');
        }
      }
      expect(readdirSync(elsewhere)).toEqual([]);
      const created = await runCliInProcess(['accounts', 'create', '--name', 'First', '--plan', 'FREE', '--data-dir', missing, '--create']);
      expect(created.status).toBe(0);
      expect(created.stderr).toContain(`creating a new store in ${missing}`);
      const listed = await runCliInProcess(['accounts', 'list', '--data-dir', missing]);
      expect(listed.status).toBe(0);
      expect(listed.stderr).toContain(`using the store in ${missing}`);
      expect(listed.stdout).toContain('First');
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  }, SLOW);

  it('lists no accounts on a new store', async () => {
    // The store the service makes at its first start.
    await (await openEmbeddedStore(dataDir)).close();
    const run = await admin(['accounts', 'list']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('No accounts yet');
  }, SLOW);

  it('creates accounts and prints only the new id on stdout', async () => {
    const spaced = `${ownVat.slice(0, 2)} ${ownVat.slice(2, 5)} ${ownVat.slice(5)}`;
    const first = await admin(['accounts', 'create', '--name', 'Acme GmbH', '--plan', 'STARTER', '--start', '2026-01-31', '--vat-number', spaced]);
    expect(first.status).toBe(0);
    expect(first.stdout.trim().split('\n')).toHaveLength(1);
    starter = first.stdout.trim();
    expect(first.stderr).toContain('STARTER');
    // The variable works as the flag does; run as a process, the id is all a shell captures.
    const second = runCli(['accounts', 'create', '--name=Hobby', '--plan=free'], { VERIFIELD_DATA_DIR: dataDir });
    expect(second.status).toBe(0);
    expect(second.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    free = second.stdout.trim();
    expect(free).not.toBe(starter);
  }, SLOW);

  it('lists the accounts with plan, usage of the period and the normalized VAT number', async () => {
    const table = await admin(['accounts', 'list']);
    expect(table.status).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+PLAN/);
    const acme = lines.find((line) => line.startsWith(starter));
    expect(acme).toContain('Acme GmbH');
    expect(acme).toContain('0 / 10,000');
    expect(acme).toContain(ownVat);
    expect(lines.find((line) => line.startsWith(free))).toContain('0 / 250');

    const json = JSON.parse((await admin(['accounts', 'list', '--json'])).stdout) as Array<Record<string, unknown>>;
    expect(json.find((account) => account.id === starter)).toMatchObject({
      name: 'Acme GmbH',
      plan: 'STARTER',
      subscriptionStart: '2026-01-31',
      vatNumber: ownVat,
      used: 0,
      quota: 10_000,
    });
  }, SLOW);

  it('creates a key and prints it once: the only output line that starts with vf_', async () => {
    const run = await admin(['keys', 'create', '--account', free, '--name', 'website']);
    expect(run.status).toBe(0);
    const lines = `${run.stdout}${run.stderr}`.split('\n').filter((line) => line.startsWith('vf_'));
    expect(lines).toHaveLength(1);
    expect(run.stdout).toMatch(/^vf_[0-9A-Za-z]{43}\n$/);
    keys.push(run.stdout.trim());
    expect(run.stderr).toContain('not shown again');
  }, SLOW);

  it('refuses a key over the plan maximum with a message that says why', async () => {
    const run = await admin(['keys', 'create', '--account', free, '--name', 'second']);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('at most 1 live API key');
  }, SLOW);

  it('lists keys by display prefix only, then revokes one, which frees a place under the maximum', async () => {
    const [key] = keys as [string];
    const table = await admin(['keys', 'list', '--account', free]);
    expect(table.status).toBe(0);
    expect(table.stdout).toContain(`${key.slice(0, 7)}…`);
    expect(table.stdout).not.toContain(key.slice(0, 12));
    // Without --scopes: "all fields", which covers the fields added later.
    expect(table.stdout).toMatch(/website\s+vf_\S+\s+all fields\s+live/);

    const listed = JSON.parse((await admin(['keys', 'list', '--account', free, '--json'])).stdout) as Array<Record<string, unknown>>;
    expect(listed).toHaveLength(1);
    // Every field in the scope order (test/fields/registry.test.ts checks it).
    expect(listed[0]).toMatchObject({ allFields: true, scopes: FIELDS_IN_SCOPE_ORDER });
    expect(listed[0]).not.toHaveProperty('hash');
    const keyId = listed[0]?.id as string;

    const revoked = await admin(['keys', 'revoke', keyId]);
    expect(revoked.status).toBe(0);
    expect(revoked.stderr).toContain(`Revoked key ${keyId}`);
    expect((await admin(['keys', 'list', '--account', free])).stdout).toMatch(/website.*revoked/);
    const again = await admin(['keys', 'create', '--account', free, '--name', 'replacement']);
    expect(again.status).toBe(0);
    keys.push(again.stdout.trim());
  }, SLOW);

  it('says when a key was revoked instead of revoking it again, and exits 0', async () => {
    type Listed = { id: string; name: string; revokedAt: string | null };
    const website = async (): Promise<Listed> => {
      const listed = JSON.parse((await admin(['keys', 'list', '--account', free, '--json'])).stdout) as Listed[];
      return listed.find((key) => key.name === 'website') as Listed;
    };
    const { id, revokedAt } = await website();
    expect(revokedAt).not.toBeNull();
    const again = await admin(['keys', 'revoke', id]);
    expect(again.status).toBe(0);
    // The time of the first revocation, as `keys list` shows times: `2026-01-15 09:30 UTC`.
    const when = `${(revokedAt as string).slice(0, 16).replace('T', ' ')} UTC`;
    expect(again.stderr).toBe(`${usingStore()}Key ${id} was already revoked on ${when}; nothing changed.\n`);
    expect((await website()).revokedAt).toBe(revokedAt);
  }, SLOW);

  it('creates a key with an expiry and restricted scopes', async () => {
    const run = await admin(['keys', 'create', '--account', starter, '--name', 'back office', '--expires', '30d', '--scopes', 'vat, iban']);
    expect(run.status).toBe(0);
    keys.push(run.stdout.trim());
    const [listed] = JSON.parse((await admin(['keys', 'list', '--account', starter, '--json'])).stdout) as Array<{ scopes: string[]; expiresAt: string; status: string }>;
    expect(listed?.scopes).toEqual(['iban', 'vat']);
    expect(listed?.status).toBe('live');
    const days = (Date.parse(listed?.expiresAt ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  }, SLOW);

  it('--scopes all is "all fields"; a list naming every field stays a list', async () => {
    const pro = (await admin(['accounts', 'create', '--name', 'Scopes', '--plan', 'PRO'])).stdout.trim();
    const all = await admin(['keys', 'create', '--account', pro, '--name', 'everything', '--scopes', 'ALL']);
    expect(all.status).toBe(0);
    expect(all.stderr).toContain('scopes all fields,');
    keys.push(all.stdout.trim());
    const every = await admin(['keys', 'create', '--account', pro, '--name', 'every listed', '--scopes', FIELDS_IN_SCOPE_ORDER.join(',')]);
    expect(every.status).toBe(0);
    expect(every.stderr).toContain(`scopes ${FIELDS_IN_SCOPE_ORDER.join(',')},`);
    keys.push(every.stdout.trim());
    const listed = JSON.parse((await admin(['keys', 'list', '--account', pro, '--json'])).stdout) as Array<{ name: string; allFields: boolean }>;
    expect(listed.map((key) => [key.name, key.allFields]).sort()).toEqual([
      ['every listed', false],
      ['everything', true],
    ]);
  }, SLOW);

  it('revokes a key named by the key itself or by the prefix keys list shows, never echoing the key', async () => {
    type Listed = { id: string; name: string; displayPrefix: string; status: string };
    const replacement = keys[1] as string;
    const byKey = await admin(['keys', 'revoke', replacement]);
    expect(byKey.status, byKey.stderr).toBe(0);
    const listed = JSON.parse((await admin(['keys', 'list', '--account', free, '--json'])).stdout) as Listed[];
    const revoked = listed.find((key) => key.name === 'replacement') as Listed;
    expect(revoked.status).toBe('revoked');
    expect(byKey.stderr).toBe(`${usingStore()}Revoked key ${revoked.id} "replacement" (${revoked.displayPrefix}…); a running service refuses it within seconds.\n`);
    expect(byKey.stderr).not.toContain(replacement);

    const backOffice = JSON.parse((await admin(['keys', 'list', '--account', starter, '--json'])).stdout) as Listed[];
    const [shown] = backOffice;
    // As the table shows it, with the ellipsis.
    const byPrefix = await admin(['keys', 'revoke', `${shown?.displayPrefix ?? ''}…`]);
    expect(byPrefix.status, byPrefix.stderr).toBe(0);
    expect(byPrefix.stderr).toContain(`Revoked key ${shown?.id} "back office"`);
  }, SLOW);

  it('refuses a prefix two keys share, and a key or prefix no key has, with a sentence that says what to give', async () => {
    // Two keys whose display prefixes are the same (one in 14 million by chance): made in the store directly.
    const store = await openEmbeddedStore(dataDir);
    const twins: string[] = [];
    try {
      for (const name of ['twin one', 'twin two']) {
        const { hash } = generateApiKey();
        const record = await store.keys.create({ accountId: starter, name, displayPrefix: 'vf_Twin', hash, scopes: ['iban'], expiresAt: null }, 10, new Date());
        twins.push(record.id);
      }
    } finally {
      await store.close();
    }
    const shared = await admin(['keys', 'revoke', 'vf_Twin…']);
    expect(shared.status).toBe(1);
    expect(shared.stderr).toBe(
      `${usingStore()}verifield: vf_Twin… is the prefix of 2 keys: ${twins[0]} ("twin one", account ${starter}), ${twins[1]} ("twin two", account ${starter}); revoke one by its id.\n`,
    );
    const unknownKey = generateApiKey().key;
    for (const reference of ['no-such-key', 'vf_Nope', unknownKey]) {
      const run = await admin(['keys', 'revoke', reference]);
      expect(run.status).toBe(1);
      const named = reference === unknownKey ? `${unknownKey.slice(0, 7)}…` : reference;
      expect(run.stderr).toBe(`${usingStore()}verifield: no key with id or prefix ${named}: \`verifield keys list --account ID\` shows each key's id and prefix.\n`);
    }
    expect(JSON.parse((await admin(['keys', 'list', '--account', starter, '--json'])).stdout).filter((key: { status: string }) => key.status === 'live')).toHaveLength(2);
  }, SLOW);

  it('says so when an account does not exist', async () => {
    const noAccount = await admin(['keys', 'create', '--account', 'no-such-account', '--name', 'x']);
    expect(noAccount.status).toBe(1);
    expect(noAccount.stderr).toContain('no account with id no-such-account');
    expect((await admin(['keys', 'list', '--account', 'no-such-account'])).status).toBe(1);
  }, SLOW);

  it('adds members (the address normalized, only the id on stdout), lists them, and removes them, never the last owner', async () => {
    const none = await admin(['accounts', 'members', 'list', '--account', starter]);
    expect(none.status).toBe(0);
    expect(none.stderr).toContain('No members yet');
    const owner = await admin(['accounts', 'members', 'add', '--account', starter, '--email', ' Ana@Acme.Example ', '--role', 'owner']);
    expect(owner.status).toBe(0);
    expect(owner.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(owner.stderr).toContain('Added ana@acme.example as owner');
    const viewer = await admin(['accounts', 'members', 'add', '--account', starter, '--email', 'bo@acme.example', '--role', 'Viewer']);
    expect(viewer.status).toBe(0);
    const again = await admin(['accounts', 'members', 'add', '--account', starter, '--email', 'ANA@acme.example', '--role', 'viewer']);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('ana@acme.example is a member of this account already');
    const badRole = await admin(['accounts', 'members', 'add', '--account', starter, '--email', 'cy@acme.example', '--role', 'admin']);
    expect(badRole.status).toBe(2);
    expect(badRole.stderr).toContain('--role: role must be one of owner, developer, viewer');
    expect((await admin(['accounts', 'members', 'add', '--account', starter, '--email', 'not-an-address', '--role', 'viewer'])).status).toBe(2);
    expect((await admin(['accounts', 'members', 'add', '--account', 'no-such-account', '--email', 'cy@acme.example', '--role', 'viewer'])).stderr).toContain(
      'no account with id no-such-account',
    );
    const table = await admin(['accounts', 'members', 'list', '--account', starter]);
    expect(table.stdout).toMatch(/ana@acme\.example +owner/);
    expect(table.stdout).toMatch(/bo@acme\.example +viewer/);
    const listed = JSON.parse((await admin(['accounts', 'members', 'list', '--account', starter, '--json'])).stdout) as Array<{ id: string; email: string; role: string }>;
    expect(listed.map((m) => [m.email, m.role])).toEqual([
      ['ana@acme.example', 'owner'],
      ['bo@acme.example', 'viewer'],
    ]);
    const lastOwner = await admin(['accounts', 'members', 'remove', '--account', starter, '--email', 'ana@acme.example']);
    expect(lastOwner.status).toBe(1);
    expect(lastOwner.stderr).toContain('at least one owner');
    const removed = await admin(['accounts', 'members', 'remove', '--account', starter, '--member', viewer.stdout.trim()]);
    expect(removed.status).toBe(0);
    expect(removed.stderr).toContain('Removed bo@acme.example');
    expect((await admin(['accounts', 'members', 'remove', '--account', starter, '--email', 'bo@acme.example'])).status).toBe(1);
    expect((await admin(['accounts', 'members', 'remove', '--account', starter])).status).toBe(2);
    expect(JSON.parse((await admin(['accounts', 'members', 'list', '--account', starter, '--json'])).stdout)).toHaveLength(1);
  }, SLOW);

  it('kept no key in the clear anywhere in the data directory', () => {
    expect(keys).toHaveLength(5);
    const files = filesUnder(dataDir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const key of keys) expect(bytes.includes(key), `${key.slice(0, 7)}… in ${file}`).toBe(false);
    }
  }, SLOW);
});

describe('the admin commands while the store is open elsewhere (as `serve` holds it)', () => {
  it('create an account and a key the open store finds at once, and revoke it', async () => {
    const sharedDir = join(dataDir, 'shared');
    const store = await openEmbeddedStore(sharedDir);
    const cli = (args: string[]) => runCliInProcess([...args, '--data-dir', sharedDir]);
    try {
      const versions = [await store.keys.version?.()];
      const created = await cli(['accounts', 'create', '--name', 'Live', '--plan', 'FREE']);
      expect(created.status, created.stderr).toBe(0);
      const accountId = created.stdout.trim();
      expect((await store.accounts.get(accountId))?.name).toBe('Live');

      // Counted by the open store while the commands run: `accounts list` shows it.
      await store.usage.count(usageEntry(accountId, billingPeriod(new Date().toISOString().slice(0, 10), new Date()).start), 250);
      const keyRun = await cli(['keys', 'create', '--account', accountId, '--name', 'live']);
      expect(keyRun.status, keyRun.stderr).toBe(0);
      const key = keyRun.stdout.trim();
      const found = await store.keys.findByHash(hashApiKey(key));
      expect(found?.key.revokedAt).toBeNull();
      versions.push(await store.keys.version?.());

      const revoked = await cli(['keys', 'revoke', found?.key.id ?? '']);
      expect(revoked.status, revoked.stderr).toBe(0);
      expect((await store.keys.findByHash(found?.key.hash ?? ''))?.key.revokedAt).toBeInstanceOf(Date);
      versions.push(await store.keys.version?.());
      // Each change is visible to the open store's key cache as a new version.
      expect(new Set(versions).size).toBe(3);

      const listed = await cli(['accounts', 'list', '--json']);
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
    [['accounts', 'create', '--name', 'X', '--plan', 'FREE', '--vat-number', 'CHE116281710'], '--vat-number'],
    [['accounts', 'create', '--name', 'X', '--plan', 'FREE', '--vat-number', 'DE123'], '--vat-number'],
    [['keys', 'create', '--account', 'A', '--name', 'B', '--expires', '3 days'], '--expires'],
    [['keys', 'create', '--account', 'A', '--name', 'B', '--expires', '999999y'], 'is longer than 10 years: use at most 10y (3650d, 521w), or never'],
    [['keys', 'create', '--account', 'A', '--name', 'B', '--scopes', 'iban,passport'], 'unknown: passport'],
    [['keys', 'create', '--name', 'B'], '--account is required'],
    [['keys', 'list'], '--account is required'],
    [['keys', 'revoke'], 'missing KEY'],
    [['keys', 'revoke', 'a', 'b'], 'unexpected argument: b'],
    [['keys', 'create', '--account', 'A', '--name', 'B', '--colour', 'red'], 'unknown option: --colour'],
  ])('verifield %j', async (args, message) => {
    const neverOpened = join(tmpdir(), `verifield-never-opened-${process.pid}`);
    const run = await runCliInProcess([...args, '--data-dir', neverOpened]);
    expect(run.status).toBe(2);
    expect(existsSync(neverOpened)).toBe(false);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain('usage: verifield');
  });
});
