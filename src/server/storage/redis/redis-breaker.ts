/**
 * The per-country circuit breakers (ports.CircuitBreakerStore) in one Redis hash, shared by every
 * instance: field = country code, value = `failures|openedAtMs|openUntilMs` (empty for null).
 * Each method is one command or one Lua script, so each is atomic as the port requires; in
 * particular `claimProbe` lets exactly one of many concurrent callers through. The semantics are
 * memoryBreakerStore's (src/adapters/memory.ts) and the SQL store's, checked by one contract test.
 */
import type { Redis } from 'ioredis';
import type { CircuitBreakerState, CircuitBreakerStore } from '../../../ports.js';
import { luaScript, unavailable } from './connection.js';
import type { RedisKeys } from './keys.js';

// Shared by the scripts: reads the country's state into f (number), o and u (strings; '' = null).
// Times are never turned into Lua numbers and back: tostring would print large ones as 1.7e+12.
const LUA_READ_STATE = `local f, o, u = 0, '', ''
local stored = redis.call('HGET', KEYS[1], ARGV[1])
if stored then
  local sf, so, su = string.match(stored, '^(%d+)|(%-?%d*)|(%-?%d*)$')
  if sf then f, o, u = tonumber(sf), so, su end
end`;

// ARGV: country. Returns the state after the failure.
const RECORD_FAILURE_LUA = `${LUA_READ_STATE}
local updated = tostring(f + 1) .. '|' .. o .. '|' .. u
redis.call('HSET', KEYS[1], ARGV[1], updated)
return updated`;

// ARGV: country, openedAt, openUntil. The failures on record stay.
const OPEN_LUA = `${LUA_READ_STATE}
redis.call('HSET', KEYS[1], ARGV[1], tostring(f) .. '|' .. ARGV[2] .. '|' .. ARGV[3])
return 0`;

// ARGV: country, at, until. 1 when this caller got the probe.
const CLAIM_PROBE_LUA = `${LUA_READ_STATE}
if f == 0 then return 0 end
if u ~= '' and tonumber(u) > tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], tostring(f) .. '|' .. o .. '|' .. ARGV[3])
return 1`;

const STATE_PATTERN = /^(\d+)\|(-?\d*)\|(-?\d*)$/;

function optionalTime(text: string): Date | null {
  return text === '' ? null : new Date(Number(text));
}

/** A stored value as a state; null for a value this code did not write. */
function parseState(stored: string): CircuitBreakerState | null {
  const match = STATE_PATTERN.exec(stored);
  if (match === null) return null;
  return {
    consecutiveFailures: Number(match[1]),
    openedAt: optionalTime(match[2] ?? ''),
    openUntil: optionalTime(match[3] ?? ''),
  };
}

/** Rejects with a RedisUnavailableError naming `operation` when Redis fails. */
async function attempt<T>(operation: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw unavailable(operation, error);
  }
}

/** Circuit breakers in `redis`, under `keys.breakers`. */
export function redisBreakerStore(redis: Redis, keys: RedisKeys): CircuitBreakerStore {
  const recordFailureScript = luaScript(redis, RECORD_FAILURE_LUA);
  const openScript = luaScript(redis, OPEN_LUA);
  const claimProbeScript = luaScript(redis, CLAIM_PROBE_LUA);
  const hash = [keys.breakers];

  return {
    get: (countryCode) =>
      attempt('breaker get', async () => {
        const stored = await redis.hget(keys.breakers, countryCode);
        return stored === null ? null : parseState(stored);
      }),
    recordFailure: (countryCode) =>
      attempt('breaker record failure', async () => {
        const stored = String(await recordFailureScript(hash, [countryCode]));
        const state = parseState(stored);
        if (state === null) throw new Error(`unexpected breaker state ${JSON.stringify(stored)}`);
        return state;
      }),
    open: (countryCode, openedAt, openUntil) =>
      attempt('breaker open', async () => {
        await openScript(hash, [countryCode, String(openedAt.getTime()), String(openUntil.getTime())]);
      }),
    claimProbe: (countryCode, at, until) =>
      attempt('breaker claim probe', async () => {
        return Number(await claimProbeScript(hash, [countryCode, String(at.getTime()), String(until.getTime())])) === 1;
      }),
    reset: (countryCode) =>
      attempt('breaker reset', async () => {
        await redis.hdel(keys.breakers, countryCode);
      }),
    list: () =>
      attempt('breaker list', async () => {
        const all = await redis.hgetall(keys.breakers);
        const states: Array<{ countryCode: string; state: CircuitBreakerState }> = [];
        for (const countryCode of Object.keys(all).sort()) {
          const state = parseState(all[countryCode] ?? '');
          if (state !== null) states.push({ countryCode, state });
        }
        return states;
      }),
  };
}
