/**
 * How the admin commands reach the store: the same `--data-dir` / `--database-url` flags and
 * variables as `serve`, the same opening code as the service, the accounts and keys through the
 * service's administration API, and the store closed again whatever the command did (a
 * connection, or a pool of them, held while it is open).
 *
 * An admin command never makes an embedded store by accident: run from another directory, it would
 * otherwise create an empty `./.verifield` with its own data key, and print ids and sign-in links
 * the running service refuses. It says which store it uses, and makes one only with `--create`.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createAccountAdmin, databaseFile, DEFAULT_DATA_DIR, openStore, type AccountAdmin, type Store } from '../server/index.js';
import type { ParsedArgs } from './args.js';
import type { CliIo } from './io.js';
import { readStoreLocation } from './serve-options.js';

/** The switch of `accounts create` (the one command a new store is any use to) that makes a new embedded store where there is none. */
export const CREATE_STORE_SWITCH = 'create';

/**
 * Opens the store the flags (or the environment) name, runs `work` on its administration (and on
 * the store itself, for what is not account administration, such as sign-in links), closes it.
 * An embedded store must exist unless the command was given `--create`.
 */
export async function withAdmin<T>(args: ParsedArgs, io: CliIo, work: (admin: AccountAdmin, store: Store) => Promise<T>): Promise<T> {
  const location = readStoreLocation(args.values, io.env);
  if (location.databaseUrl === undefined) {
    const dataDir = resolve(location.dataDir ?? DEFAULT_DATA_DIR);
    if (!existsSync(databaseFile(dataDir))) {
      if (!args.switches.has(CREATE_STORE_SWITCH)) {
        throw new Error(
          `no store in ${dataDir}: run the command where the service runs or name its directory with --data-dir (VERIFIELD_DATA_DIR); \`verifield accounts create --create …\` makes a new store there`,
        );
      }
      io.err(`verifield: creating a new store in ${dataDir}\n`);
    } else {
      io.err(`verifield: using the store in ${dataDir}\n`);
    }
    location.dataDir = dataDir;
  }
  const { store } = await openStore(location);
  try {
    return await work(createAccountAdmin(store, { now: () => io.now() }), store);
  } finally {
    await store.close();
  }
}
