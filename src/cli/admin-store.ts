/**
 * How the admin commands reach the store: the same `--data-dir` / `--database-url` flags and
 * variables as `serve`, the same opening code as the service, and the store closed again whatever
 * the command did (a connection, or a pool of them, held while it is open).
 */
import { openStore } from '../server/storage/compose.js';
import type { Store } from '../server/storage/types.js';
import type { ParsedArgs } from './args.js';
import { readStoreLocation } from './serve-options.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Opens the store the flags (or the environment) name, runs `work` on it, closes it. */
export async function withStore<T>(args: ParsedArgs, env: Env, work: (store: Store) => Promise<T>): Promise<T> {
  const { store } = await openStore(readStoreLocation(args.values, env));
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}
