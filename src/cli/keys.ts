/**
 * `verifield keys create|list|revoke` (docs/service.md#command-line). `create` prints the key once, alone on
 * stdout: the only output line that starts with `vf_`. The store keeps only its hash, so a lost
 * key is replaced, never recovered.
 */
import { FIELDS_IN_SCOPE_ORDER } from '../fields/catalog.js';
import { expiryFrom, parseKeyScope, parseName, type ListedKey } from '../server/index.js';
import { readFlag, runSubcommand } from './admin-errors.js';
import { withAdmin } from './admin-store.js';
import { expectPositionals, parseArgs, requireValue } from './args.js';
import { EXIT_FAILED, EXIT_OK, processIo, type CliIo } from './io.js';
import { STORE_FLAGS, storeOptionsUsage } from './serve-options.js';
import { formatTable, formatTime } from './table.js';

export const keysUsage = `usage: verifield keys create --account ID --name NAME [--expires 30d|12h|1y|never] [--scopes all|${FIELDS_IN_SCOPE_ORDER.join(',')}]
       verifield keys list --account ID [--json]
       verifield keys revoke KEY
--expires is a duration (12h, 30d, 8w, 1y; 10y at most) or never (default); --scopes restricts the endpoints
the key may call to the fields listed, kept as listed; without it (or with --scopes all) the key may call
all fields, those the service adds later included. The key is printed once: store it, it cannot be shown again.
KEY is the key's id, the key itself (vf_…), or its prefix as keys list and the dashboard show it
(vf_AbCd…); a prefix two keys share is refused: give the id then.
Revoking a key revoked before changes nothing: it says when the key was revoked and exits 0.
Store (as for serve):
${storeOptionsUsage}`;

/** A key's scope as `create` and `list` print it: "all fields", or the fields listed. */
function scopeText(key: Pick<ListedKey, 'scopes' | 'allFields'>): string {
  return key.allFields === true ? 'all fields' : key.scopes.join(',');
}

async function create(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: ['account', 'name', 'expires', 'scopes', ...STORE_FLAGS] });
  expectPositionals(args, 0, '');
  const accountId = requireValue(args, 'account').trim();
  const name = readFlag('name', requireValue(args, 'name'), parseName);
  const expires = args.values.get('expires') ?? 'never';
  // Read here too, so that a bad duration is a usage mistake before the store is opened.
  readFlag('expires', expires, (text) => expiryFrom(text, io.now()));
  const scopesText = args.values.get('scopes');
  const scopes = scopesText === undefined ? undefined : readFlag('scopes', scopesText, parseKeyScope);
  const { record, key, account } = await withAdmin(args, io, (admin) =>
    admin.createKey({ accountId, name, expires, ...(scopes === undefined ? {} : { scopes }) }),
  );
  io.out(`${key}\n`);
  io.err(
    `Created key ${record.id} "${record.name}" for the ${account.plan} account "${account.name}": ` +
      `scopes ${scopeText(record)}, expires ${formatTime(record.expiresAt, 'never')}.\n` +
      'Store the key now: only its hash is kept, it is not shown again.\n',
  );
  return EXIT_OK;
}

async function list(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: ['account', ...STORE_FLAGS], switches: ['json'] });
  expectPositionals(args, 0, '');
  const accountId = requireValue(args, 'account').trim();
  // An unknown account is an UnknownAccountError: runCommand prints its message and exits 1.
  const keys = await withAdmin(args, io, (admin) => admin.listKeys(accountId));
  if (args.switches.has('json')) {
    const json = keys.map((key) => ({
      ...key,
      createdAt: key.createdAt.toISOString(),
      expiresAt: key.expiresAt?.toISOString() ?? null,
      revokedAt: key.revokedAt?.toISOString() ?? null,
    }));
    io.out(`${JSON.stringify(json, null, 2)}\n`);
    return EXIT_OK;
  }
  if (keys.length === 0) {
    io.err(`No keys for account ${accountId}: create one with \`verifield keys create --account ${accountId} --name NAME\`.\n`);
    return EXIT_OK;
  }
  const table = formatTable(
    ['ID', 'NAME', 'KEY', 'SCOPES', 'STATUS', 'CREATED', 'EXPIRES'],
    keys.map((key) => [
      key.id,
      key.name,
      `${key.displayPrefix}…`,
      scopeText(key),
      key.status,
      formatTime(key.createdAt),
      formatTime(key.expiresAt, 'never'),
    ]),
  );
  io.out(`${table}\n`);
  return EXIT_OK;
}

async function revoke(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: STORE_FLAGS });
  expectPositionals(args, 1, 'KEY (its id, the key itself, or its prefix as keys list shows it)');
  const reference = (args.positionals[0] as string).trim();
  const outcome = await withAdmin(args, io, async (admin) => {
    const found = await admin.findKeys(reference);
    return found.length === 1 ? admin.revokeKey((found[0] as { id: string }).id) : { status: 'unresolved' as const, found };
  });
  // Never echo a whole key back: a terminal's scrollback is no place for it.
  const named = reference.startsWith('vf_') && reference.length > 12 ? `${reference.slice(0, 7)}…` : reference;
  if (outcome.status === 'unresolved' && outcome.found.length > 1) {
    const ids = outcome.found.map((key) => `${key.id} ("${key.name}", account ${key.accountId})`).join(', ');
    io.err(`verifield: ${named} is the prefix of ${outcome.found.length} keys: ${ids}; revoke one by its id.\n`);
    return EXIT_FAILED;
  }
  if (outcome.status === 'unresolved' || outcome.status === 'unknown') {
    io.err(`verifield: no key with id or prefix ${named}: \`verifield keys list --account ID\` shows each key's id and prefix.\n`);
    return EXIT_FAILED;
  }
  const { key } = outcome;
  if (outcome.status === 'already-revoked') {
    // Exit 0 all the same: the key is revoked, which is what the command asks for, so a script that
    // revokes a list of keys can be run again.
    io.err(`Key ${key.id} was already revoked on ${formatTime(key.revokedAt)}; nothing changed.\n`);
    return EXIT_OK;
  }
  io.err(`Revoked key ${key.id} "${key.name}" (${key.displayPrefix}…); a running service refuses it within seconds.\n`);
  return EXIT_OK;
}

/** `verifield keys …`; resolves with the exit status. */
export function runKeys(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  return runSubcommand(io, keysUsage, 'keys', { create, list, revoke }, argv);
}
