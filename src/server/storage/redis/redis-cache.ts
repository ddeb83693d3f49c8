/**
 * A hot cache in front of the VIES answer table (docs/architecture.md#vies-answer-cache): reads try Redis
 * first and fall back to the table, filling Redis on the way; writes go to both. Each answer is a
 * JSON string, sealed (../sealing.ts) under a key made of the number's keyed hash, that expires
 * 30 days after `checkedAt`, when the policy could no longer use it even as STALE: Redis may write
 * its memory to disk and be shared, so it holds no number, name or address in clear. The table stays the record: whatever Redis does (down, slow, emptied by a restart,
 * holding a value this code cannot read), the front answers from the table and never rejects
 * because of Redis.
 */
import type { Redis } from 'ioredis';
import type { CachedVatAnswer, VatAnswerCache, VatRegistryAnswer } from '../../../ports.js';
import { STALE_FOR_MS } from '../../../vat/registry/policy.js';
import { luaScript } from './connection.js';
import type { RedisKeys } from './keys.js';
import type { Sealer } from '../sealing.js';

export interface RedisCacheOptions {
  keys: RedisKeys;
  /** A Redis read or write without an answer after this long is given up: the table answers. */
  budgetMs: number;
  /** The clock deciding how long an answer is kept (ms since the epoch). */
  nowMs: () => number;
  /** Seals the entries and hashes the numbers of the keys. */
  sealer: Sealer;
}

/** The JSON kept in Redis: the entry with `checkedAt` as an ISO 8601 string. */
interface StoredEntry {
  answer: VatRegistryAnswer;
  checkedAt: string;
  traderName: string | null;
  requester: string | null;
}

const isNullableString = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** The entry a stored sealed JSON string holds; null for anything else (then the table decides). */
function parseEntry(sealed: string, sealer: Sealer): CachedVatAnswer | null {
  let stored: Partial<StoredEntry>;
  try {
    stored = JSON.parse(sealer.open(sealed)) as Partial<StoredEntry>;
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const { answer, checkedAt, traderName, requester } = stored;
  if (typeof answer !== 'object' || answer === null || typeof answer.valid !== 'boolean' || typeof answer.requestDate !== 'string') {
    return null;
  }
  if (typeof checkedAt !== 'string' || !isNullableString(traderName) || !isNullableString(requester)) return null;
  const checkedAtDate = new Date(checkedAt);
  if (Number.isNaN(checkedAtDate.getTime())) return null;
  return { answer, checkedAt: checkedAtDate, traderName, requester };
}

function serialise(entry: CachedVatAnswer, sealer: Sealer): string {
  const stored: StoredEntry = {
    answer: entry.answer,
    checkedAt: entry.checkedAt.toISOString(),
    traderName: entry.traderName,
    requester: entry.requester,
  };
  return sealer.seal(JSON.stringify(stored));
}

/** `promise`'s value, or `undefined` when it rejects or takes longer than `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
    );
  });
}

// KEYS: the answer's key. ARGV: JSON, PX, the value the reader found ('' for none). A fill from
// the table must not overwrite what a write-through put there meanwhile (a newer answer), so it
// only replaces what the reader saw.
const FILL_LUA = `local current = redis.call('GET', KEYS[1])
if (current == false and ARGV[3] == '') or current == ARGV[3] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;

/** `table` with Redis in front of it. */
export function redisCacheFront(redis: Redis, table: VatAnswerCache, options: RedisCacheOptions): VatAnswerCache {
  const { keys, budgetMs, nowMs, sealer } = options;
  const keyOf = (countryCode: string, vatNumber: string): string => keys.viesAnswer(countryCode, sealer.index(`${countryCode}${vatNumber}`));
  const fillScript = luaScript(redis, FILL_LUA);

  /** Milliseconds Redis should keep `entry`; 0 when the policy could no longer use it. */
  function keepFor(entry: CachedVatAnswer): number {
    // Capped: an answer dated ahead of this clock (instances' clocks disagree) is kept 30 days.
    const ms = Math.min(entry.checkedAt.getTime() + STALE_FOR_MS - nowMs(), STALE_FOR_MS);
    return ms >= 1 ? Math.ceil(ms) : 0;
  }

  /** Writes the entry to Redis; resolves false when Redis did not take it. */
  async function putInRedis(key: string, entry: CachedVatAnswer): Promise<boolean> {
    const keepForMs = keepFor(entry);
    if (keepForMs === 0) return true;
    try {
      await redis.set(key, serialise(entry, sealer), 'PX', keepForMs);
      return true;
    } catch {
      return false;
    }
  }

  /** Copies a table answer into Redis in place of `seen` (null: nothing was there). */
  function fill(key: string, entry: CachedVatAnswer, seen: string | null): void {
    const keepForMs = keepFor(entry);
    if (keepForMs === 0) return;
    fillScript([key], [serialise(entry, sealer), keepForMs, seen ?? '']).catch(() => undefined);
  }

  return {
    async get(countryCode, vatNumber) {
      const key = keyOf(countryCode, vatNumber);
      // undefined: Redis did not answer; null: it answered that it has nothing.
      const stored = await within(redis.get(key), budgetMs);
      if (typeof stored === 'string') {
        const entry = parseEntry(stored, sealer);
        if (entry !== null) return entry;
      }
      const entry = await table.get(countryCode, vatNumber);
      // Filled on the way so that the next read on any instance is hot; nobody waits for it.
      if (entry !== null && stored !== undefined) fill(key, entry, stored);
      return entry;
    },
    async set(countryCode, vatNumber, entry) {
      const key = keyOf(countryCode, vatNumber);
      const [, inRedis] = await Promise.all([table.set(countryCode, vatNumber, entry), within(putInRedis(key, entry), budgetMs)]);
      // Redis may still hold an older answer: drop it (sent after the SET, so it wins even if the
      // SET lands late) so that reads reach the table's newer one. Nobody waits for it.
      if (inRedis !== true) redis.del(key).catch(() => undefined);
    },
  };
}
