/**
 * The Redis connection of the backplane and what its failures look like to callers. Commands
 * fail fast while Redis is unreachable (no offline queue, no replays, a command timeout):
 * a request must get a clean error at once, not wait for a reconnect that may never come.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { loadOptionalPeer } from '../optional-peer.js';

/**
 * Redis could not carry out a backplane operation (unreachable, timed out, refused). The HTTP
 * layer answers such a request with a 5xx envelope; the error never holds the Redis URL's password.
 */
export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
  /** Stable code for logs and for the HTTP layer's mapping. */
  readonly code = 'REDIS_UNAVAILABLE';
  constructor(
    /** What the backplane was doing, e.g. `lease acquire`. */
    readonly operation: string,
    options: { cause?: unknown } = {},
  ) {
    super(`Redis is unavailable (${operation}): ${causeText(options.cause)}`, { cause: options.cause });
  }
}

function causeText(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  return cause === undefined ? 'no answer' : String(cause);
}

/** Wraps whatever a Redis call rejected with, once: the operation named, the cause kept. */
export function unavailable(operation: string, error: unknown): RedisUnavailableError {
  return error instanceof RedisUnavailableError ? error : new RedisUnavailableError(operation, { cause: error });
}

/** The URL with its password replaced, for log lines and error messages. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable Redis URL)';
  }
}

/** How the backplane connects. */
export interface ConnectOptions {
  /** A command without an answer after this long rejects. */
  commandTimeoutMs: number;
  /** Connecting at start gives up after this long. */
  connectTimeoutMs: number;
  log: (line: string) => void;
}

/**
 * Connects to `url` and resolves once Redis answers; rejects (and stops reconnecting) when it
 * cannot be reached at start. Later losses of the connection are retried in the background.
 */
export async function connectRedis(url: string, options: ConnectOptions): Promise<Redis> {
  // ioredis is loaded only by services that are given a Redis URL.
  const { Redis: RedisClient } = await loadOptionalPeer('ioredis', 'Redis backplane (--redis-url)', () => import('ioredis'));
  const redis = new RedisClient(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    // A command cut off by a lost connection fails rather than being replayed after the reconnect:
    // a replayed acquire whose first run took a slot would hold it for nobody until its TTL.
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs,
    connectTimeout: options.connectTimeoutMs,
    // Reconnect after 50 ms, 100 ms … at most 1 s apart, for as long as the process runs.
    retryStrategy: (attempt) => Math.min(attempt * 50, 1_000),
  });
  watchConnection(redis, url, options.log);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new RedisUnavailableError(`connect to ${redactRedisUrl(url)}`, { cause: error });
  }
  return redis;
}

// One line when the connection is lost and one when it is back, not one per reconnect attempt.
function watchConnection(redis: Redis, url: string, log: (line: string) => void): void {
  let down = false;
  const where = redactRedisUrl(url);
  redis.on('error', (error: unknown) => {
    if (down) return;
    down = true;
    log(JSON.stringify({ level: 'warn', msg: 'redis connection lost', redis: where, error: causeText(error) }));
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log(JSON.stringify({ level: 'info', msg: 'redis connection back', redis: where }));
  });
}

/** A Lua script run by its SHA1, sent in full only when Redis does not know it (first use, restart). */
export type LuaScript = (keys: readonly string[], args: ReadonlyArray<string | number>) => Promise<unknown>;

/** Prepares `lua` for `redis`; every call is one atomic step on the server. */
export function luaScript(redis: Redis, lua: string): LuaScript {
  const sha = createHash('sha1').update(lua).digest('hex');
  return async (keys, args) => {
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(lua, keys.length, ...keys, ...args);
    }
  };
}

/** The server clock in milliseconds, read inside a script: the one clock all instances share. */
export const LUA_NOW_MS = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;
