/**
 * A store's repositories found by their shape, never by a list: a member of a store that is an
 * object with calls is a repository (./types.ts composes them); the store's `file` has no call,
 * `probe` and `close` are the store's own. What wraps every call of a store (the availability
 * guard, ./guard.ts, and the tests' instrumented store) goes through these, so a repository added
 * to ./types.ts is wrapped without another line.
 */
import type { Store, StoreRepositories } from './types.js';

/** A repository's call. */
export type Call = (...args: unknown[]) => unknown;

/** The names of the calls of `repository`, its prototypes' included (a class-based repository keeps its methods). */
export function callNames(repository: object): string[] {
  const names = new Set<string>();
  for (let layer: object | null = repository; layer !== null && layer !== Object.prototype; layer = Object.getPrototypeOf(layer) as object | null) {
    for (const name of Object.getOwnPropertyNames(layer)) {
      if (name !== 'constructor' && typeof (repository as Record<string, unknown>)[name] === 'function') names.add(name);
    }
  }
  return [...names];
}

/** `repository` as a plain object whose every call is `wrap` of the call (bound to `repository`) and its name. */
export function mapCalls<R extends object>(repository: R, wrap: (call: Call, name: string) => Call): R {
  const mapped: Record<string, Call> = {};
  for (const name of callNames(repository)) {
    const call = (repository as Record<string, Call>)[name] as Call;
    mapped[name] = wrap((...args) => call.apply(repository, args), name);
  }
  return mapped as R;
}

/** Whether a store's member is a repository: an object with at least one call. */
function isRepository(member: unknown): member is object {
  return typeof member === 'object' && member !== null && callNames(member).length > 0;
}

/** Every repository of `store` passed through `map`, under its name. */
export function mapRepositories(store: Store, map: (repository: object, name: string) => object): StoreRepositories {
  const mapped: Record<string, object> = {};
  for (const [name, member] of Object.entries(store)) {
    if (isRepository(member)) mapped[name] = map(member, name);
  }
  return mapped as unknown as StoreRepositories;
}
