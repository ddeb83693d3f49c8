/**
 * How the admin commands reach the store: the same `--data-dir` / `--database-url` flags and
 * variables as `serve`, the same opening code as the service, the accounts and keys through the
 * service's administration API, and the store closed again whatever the command did (a
 * connection, or a pool of them, held while it is open).
 */
import { createAccountAdmin, openStore, type AccountAdmin, type Store } from '../server/index.js';
import type { ParsedArgs } from './args.js';
import type { CliIo } from './io.js';
import { readStoreLocation } from './serve-options.js';

/**
 * Opens the store the flags (or the environment) name, runs `work` on its administration (and on
 * the store itself, for what is not account administration, such as sign-in links), closes it.
 */
export async function withAdmin<T>(args: ParsedArgs, io: CliIo, work: (admin: AccountAdmin, store: Store) => Promise<T>): Promise<T> {
  const { store } = await openStore(readStoreLocation(args.values, io.env));
  try {
    return await work(createAccountAdmin(store, { now: () => io.now() }), store);
  } finally {
    await store.close();
  }
}
