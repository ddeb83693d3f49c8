/**
 * The store's availability while the service runs (docs/service.md#store-failure). A store call
 * that fails because the store is unavailable (store-errors.ts: read-only, full, I/O error,
 * PostgreSQL gone) marks the store unavailable at once: validations are then refused with 503
 * STORE_UNAVAILABLE before any work, and a probe write (Store.probe) runs at most once a second
 * until one succeeds, which makes the store available again by itself.
 *
 * For the embedded store a watcher also checks, once a second and at most every 100 ms under load,
 * that the database file at its path is still the one opened (same device and inode). A file
 * deleted (or its directory) or replaced is final: the open connection would go on writing to a
 * file nobody can read again, and opening the path anew would make a new, empty store. The service
 * refuses validations until its operator restarts it, and never reopens the file; it does not even
 * close the connection, since SQLite removes the WAL by its name on close, which may now belong to
 * another store.
 */
import { statSync } from 'node:fs';
import { describeError, ERROR_MESSAGES } from '../answers/errors.js';
import { createLogThrottle, logFailure } from '../answers/log-throttle.js';
import { isStoreUnavailableError } from './errors.js';
import type { ConcurrencyLimiter } from './limiter.js';
import { mapCalls, mapRepositories } from './repositories.js';
import type { Store, StoreFile } from './types.js';

/** Why validations are refused: the store fails (it may come back), or its file is gone (restart needed). */
export type OutageKind = 'failing' | 'file-gone';

/** The store being unavailable, as answers and /readyz tell it. */
export interface StoreOutage {
  kind: OutageKind;
  /** For the client and /readyz: what is wrong, without internals. */
  message: string;
  /** The Retry-After of the 503 answers, in seconds. */
  retryAfterSeconds: number;
  /** Date.now() when it began. */
  since: number;
}

/** What the request pipeline and /readyz ask of a guarded store. */
export interface StoreAvailability {
  /** The current outage, or null when the store takes writes. */
  outage(): StoreOutage | null;
  /** Notes one request refused because of the outage (reported when the store is back). */
  refused(): void;
}

/** Thrown by a guarded store's calls while it is unavailable; `cause` is the store's own error. */
export class StoreUnavailableError extends Error {
  /** Always `StoreUnavailableError`. */
  override readonly name = 'StoreUnavailableError';
  constructor(
    /** The outage the failure is part of. */
    readonly outage: StoreOutage,
    cause: unknown,
  ) {
    super(outage.message, { cause });
  }
}

/** Options of {@link guardStore}. */
export interface StoreGuardOptions {
  /** Where the outage and recovery lines go (throttled: one line per distinct error per 10 s). */
  log: (line: string) => void;
  /** Time between probes while the store fails. Default 1000. */
  probeIntervalMs?: number;
  /** Time between checks of the database file. Default 1000. */
  fileCheckIntervalMs?: number;
}

const PROBE_INTERVAL_MS = 1_000;
const FILE_CHECK_INTERVAL_MS = 1_000;
/** Under load, the file is also checked at a request, when the last check is older than this. */
const FILE_CHECK_ON_REQUEST_MS = 100;
/** A probe that takes longer than this counts as failed (as /readyz's). */
const PROBE_TIMEOUT_MS = 2_000;
const RETRY_AFTER_FAILING_S = 5;
const RETRY_AFTER_FILE_GONE_S = 60;

/** The guard of a store: its availability, and what a failed call of the store (or of what shares it) throws. */
export interface StoreGuard extends StoreAvailability {
  /** Throws what a failed store call gives its caller: StoreUnavailableError, or `error` itself. */
  failed(error: unknown): never;
}

/** A store with its availability tracked: the same repositories, and the guard that tracks them. */
export interface GuardedStore extends Store {
  /** The store's availability (what the pipeline and /readyz ask), an explicit member, kept by a spread. */
  readonly availability: StoreGuard;
}

/** Whether `store` is one {@link guardStore} made (an embedding or a test may hand the service one). */
export function isGuardedStore(store: Store): store is GuardedStore {
  const { availability } = store as Partial<GuardedStore>;
  return typeof availability === 'object' && availability !== null && typeof availability.outage === 'function';
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** `repository` with every call's failure passed through `failed` (which throws what the caller gets). */
function guardRepository<T extends object>(repository: T, failed: (error: unknown) => never): T {
  return mapCalls(repository, (call) => (...args: unknown[]): unknown => {
    let result: unknown;
    try {
      result = call(...args);
    } catch (error) {
      failed(error);
    }
    return isPromiseLike(result) ? Promise.resolve(result).then(undefined, failed) : result;
  });
}

/** How the database file at its path compares with the one opened. */
function fileState(file: StoreFile): 'same' | 'deleted' | 'replaced' | 'unknown' {
  try {
    const now = statSync(file.path, { throwIfNoEntry: false });
    if (now === undefined) return 'deleted';
    return now.dev === file.dev && now.ino === file.ino ? 'same' : 'replaced';
  } catch (error) {
    // The directory itself gone reads as "no such file"; a permission refused tells nothing.
    return (error as { code?: unknown }).code === 'ENOTDIR' ? 'deleted' : 'unknown';
  }
}

/** A guard over one store: the state and the calls that change it. */
interface Guard extends StoreGuard {
  close(): void;
  readonly fileGone: boolean;
}

function createGuard(store: Store, options: StoreGuardOptions): Guard {
  const { log } = options;
  // The guard's own throttle: its lines never share a kind (`msg`) with those of the service's
  // throttle (http/app.ts), so counting them apart changes no line; and `serve` opens the store
  // (src/cli/serve.ts) before the app that makes the service's throttle exists.
  const throttle = createLogThrottle({ log });
  const probeIntervalMs = options.probeIntervalMs ?? PROBE_INTERVAL_MS;
  const file = store.file;
  let current: StoreOutage | null = null;
  let refusedCount = 0;
  let closed = false;
  let probeTimer: ReturnType<typeof setTimeout> | null = null;
  let lastProbeAt = -Infinity;
  let lastFileCheck = performance.now();

  const probe = (): Promise<unknown> => (store.probe === undefined ? store.rates.load() : store.probe());

  function markFailing(error: unknown): StoreOutage {
    if (current !== null) return current;
    current = { kind: 'failing', message: ERROR_MESSAGES.STORE_UNAVAILABLE, retryAfterSeconds: RETRY_AFTER_FAILING_S, since: Date.now() };
    refusedCount = 0;
    logFailure(throttle, { level: 'error', msg: 'store unavailable: validations are refused (503) until a probe write succeeds' }, describeError(error, []));
    scheduleProbe();
    return current;
  }

  function scheduleProbe(): void {
    if (closed || probeTimer !== null || current?.kind !== 'failing') return;
    const wait = Math.max(0, lastProbeAt + probeIntervalMs - performance.now());
    probeTimer = setTimeout(() => void runProbe(), wait);
    probeTimer.unref?.();
  }

  async function runProbe(): Promise<void> {
    lastProbeAt = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        probe(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`the probe write took more than ${PROBE_TIMEOUT_MS / 1000} s`)), PROBE_TIMEOUT_MS);
        }),
      ]);
      const outage = current;
      if (outage?.kind === 'failing') {
        current = null;
        throttle.write('store available again', () =>
          JSON.stringify({ level: 'info', msg: 'store available again', unavailableMs: Date.now() - outage.since, refused: refusedCount }),
        );
      }
    } catch (error) {
      logFailure(throttle, { level: 'warn', msg: 'store probe failed' }, describeError(error, []));
    } finally {
      clearTimeout(timer);
      probeTimer = null;
      scheduleProbe();
    }
  }

  function checkFile(): void {
    if (file === undefined || current?.kind === 'file-gone') return;
    lastFileCheck = performance.now();
    const state = fileState(file);
    if (state !== 'deleted' && state !== 'replaced') return;
    current = { kind: 'file-gone', message: ERROR_MESSAGES.STORE_FILE_GONE, retryAfterSeconds: RETRY_AFTER_FILE_GONE_S, since: Date.now() };
    clearInterval(watcher);
    log(
      JSON.stringify({
        level: 'error',
        msg: `store file ${state}: validations are refused (503) until the service is restarted; the file is not opened again`,
        path: file.path,
      }),
    );
  }

  const watcher = setInterval(checkFile, options.fileCheckIntervalMs ?? FILE_CHECK_INTERVAL_MS);
  watcher.unref?.();
  if (file === undefined) clearInterval(watcher);

  return {
    outage() {
      if (file !== undefined && current?.kind !== 'file-gone' && performance.now() - lastFileCheck >= FILE_CHECK_ON_REQUEST_MS) checkFile();
      return current;
    },
    refused() {
      refusedCount++;
    },
    failed(error) {
      if (error instanceof StoreUnavailableError) throw error;
      if (current?.kind === 'file-gone') throw new StoreUnavailableError(current, error);
      if (!isStoreUnavailableError(error)) throw error;
      throw new StoreUnavailableError(markFailing(error), error);
    },
    close() {
      closed = true;
      clearInterval(watcher);
      if (probeTimer !== null) clearTimeout(probeTimer);
      probeTimer = null;
    },
    get fileGone() {
      return current?.kind === 'file-gone';
    },
  };
}

/**
 * `store` with its availability tracked (see the module comment): the same members, whose failures
 * reject with {@link StoreUnavailableError} while the store is unavailable, and `availability`.
 * Closing it stops the probe and the watcher, then closes `store`, unless its file is gone (see the
 * module comment).
 */
export function guardStore(store: Store, options: StoreGuardOptions): GuardedStore {
  const guard = createGuard(store, options);
  const failed = guard.failed;
  const probe = store.probe;
  let closing: Promise<void> | null = null;
  const availability: StoreGuard = { outage: () => guard.outage(), refused: () => guard.refused(), failed: (error) => guard.failed(error) };
  return {
    ...mapRepositories(store, (repository) => guardRepository(repository, failed)),
    ...(probe === undefined ? {} : { probe: () => probe.call(store).then(undefined, failed) }),
    ...(store.file === undefined ? {} : { file: store.file }),
    close() {
      closing ??= (async () => {
        guard.close();
        if (!guard.fileGone) {
          await store.close();
          return;
        }
        options.log(JSON.stringify({ level: 'warn', msg: 'store left open at exit: its file was deleted or replaced, and closing would remove the WAL now at its path' }));
      })();
      return closing;
    },
    availability,
  };
}

/**
 * `limiter` (one that keeps its leases in the store, PostgreSQL's) with its failures passed
 * through the availability of `guarded`, as the store's own calls are.
 */
export function guardLimiter(limiter: ConcurrencyLimiter, guarded: GuardedStore): ConcurrencyLimiter {
  const { failed } = guarded.availability;
  return {
    acquire: (request) =>
      limiter.acquire(request).then((outcome) => {
        if (!outcome.ok) return outcome;
        const { lease } = outcome;
        return { ok: true, lease: { release: () => lease.release().then(undefined, failed) } };
      }, failed),
    inFlight: (accountId) => limiter.inFlight(accountId),
    get sharedInUse() {
      return limiter.sharedInUse;
    },
  };
}
