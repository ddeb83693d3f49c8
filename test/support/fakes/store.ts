/**
 * The store of the HTTP tests: the real SQL store (src/server/storage/sql/store.ts) on a fresh
 * in-memory SQLite database, so that it has every repository with the semantics the engines have,
 * and nothing here to keep up to date when a repository is added. `instrumentStore` wraps any store
 * (this one or one on a data directory) so that it can be told to fail, to test the 500 answers, and
 * records every call to `usage.count`, to prove that refused requests never reach the meter.
 */
import { mapCalls, mapRepositories, type Call } from '../../../src/server/storage/repositories.js';
import { openSqlite } from '../../../src/server/storage/sqlite/client.js';
import { createSqlStore } from '../../../src/server/storage/sql/store.js';
import type { Store, UsageEntry } from '../../../src/server/storage/types.js';

export interface InstrumentedStore extends Store {
  /** Makes the next `times` calls of `usage.count` reject (a database outage). */
  failCounts(times: number): void;
  /** Every `usage.count` call received, counted or not. */
  readonly countCalls: number;
  readonly closed: boolean;
}

/** The in-memory store, instrumented. */
export type MemoryStore = InstrumentedStore;

/** The error of a failed count: by default a lost connection; a test may make it echo the entry. */
export type CountFailure = (entry: UsageEntry) => Error;

const connectionLost: CountFailure = () => new Error('connection to the database lost');

/**
 * Wraps `inner`: `usage.count` calls are counted and can be made to fail (with `failure`'s
 * error); `close` is recorded.
 */
export function instrumentStore(inner: Store, failure: CountFailure = connectionLost): InstrumentedStore {
  let failures = 0;
  let countCalls = 0;
  let closed = false;
  const count = async (entry: UsageEntry, quota: number | null) => {
    countCalls++;
    if (failures > 0) {
      failures--;
      // Like a real outage, the failure comes after a round trip.
      await new Promise((resolve) => setTimeout(resolve, 1));
      throw failure(entry);
    }
    return inner.usage.count(entry, quota);
  };
  return {
    // The repositories as they are (a class-based one keeps its methods), the meter's count counted.
    ...mapRepositories(inner, (repository) => repository),
    usage: mapCalls(inner.usage, (call, name) => (name === 'count' ? (count as Call) : call)),
    get countCalls() {
      return countCalls;
    },
    get closed() {
      return closed;
    },
    failCounts(times) {
      failures = times;
    },
    async close() {
      closed = true;
      await inner.close();
    },
  };
}

/** A fresh SQL store in memory, migrated. */
async function openMemorySqlStore(): Promise<Store> {
  return createSqlStore(await openSqlite());
}

// The repositories and their calls, read once from a real store, so that a store can be handed out
// at once (tests make one synchronously) while its database is made: each call waits for it.
const shape = await openMemorySqlStore();
await shape.close();

/** A store whose calls go to `ready` once it resolves. */
function storeWhenReady(ready: Promise<Store>): Store {
  const repositories = mapRepositories(shape, (repository, name) =>
    mapCalls(repository, (_call, callName) => async (...args: unknown[]) => {
      const target = (await ready)[name as keyof Store] as unknown as Record<string, Call>;
      return (target[callName] as Call).apply(target, args);
    }),
  );
  return {
    ...repositories,
    probe: async () => (await ready).probe?.(),
    close: async () => (await ready).close(),
  };
}

export function memoryStore(): MemoryStore {
  return instrumentStore(storeWhenReady(openMemorySqlStore()));
}
