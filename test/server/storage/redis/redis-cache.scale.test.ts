/**
 * The hot VIES cache against a real redis-server: what instances gain from it (an answer one of
 * them got is a hit on the others, even before their own table is asked), and that the table
 * behind it stays the record (writes reach it; Redis only holds answers the policy can still use).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { memoryVatCache } from '../../../../src/adapters/memory.js';
import type { CachedVatAnswer } from '../../../../src/ports.js';
import { STALE_FOR_MS } from '../../../../src/vat/registry/policy.js';
import { createSealer } from '../../../../src/server/storage/sealing.js';
import { backplaneGroup, runRedis, type BackplaneGroup } from '../../../support/scale/redis.js';

// Every instance of a deployment seals with the same data key.
const sealer = createSealer(Buffer.alloc(32, 3));
/** The Redis key of a number's hot answer: its keyed hash, never the number. */
const redisKey = (group: BackplaneGroup, countryCode: string, vatNumber: string): string => `${group.prefix}vies:${countryCode}:${sealer.index(`${countryCode}${vatNumber}`)}`;

const DAY_MS = 24 * 60 * 60 * 1000;

function entry(checkedAt: Date, overrides: Partial<CachedVatAnswer['answer']> = {}): CachedVatAnswer {
  return {
    answer: {
      valid: true,
      name: 'Example Trading GmbH',
      address: 'Musterstraße 1\n10115 Berlin',
      requestDate: checkedAt.toISOString().slice(0, 10),
      traderNameMatch: 'VALID',
      requestIdentifier: 'WAPIAAAAXYZ123',
      ...overrides,
    },
    checkedAt,
    traderName: 'Example Trading',
    requester: 'FR40303265045',
  };
}

async function eventually(check: () => Promise<boolean>, withinMs = 2_000): Promise<void> {
  const until = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.runIf(runRedis)('Redis hot cache in front of the VIES answer table', () => {
  let group: BackplaneGroup;
  afterEach(async () => {
    await group.close();
  });

  it('serves an answer cached by one instance as a hit on another, without asking its table', async () => {
    group = backplaneGroup();
    const [tableA, tableB] = [memoryVatCache(), memoryVatCache()];
    const a = (await group.open()).cacheFront(tableA, sealer);
    const b = (await group.open()).cacheFront(tableB, sealer);
    const cached = entry(new Date(Date.now() - 60_000));
    await a.set('DE', '123456789', cached);

    expect(await tableA.get('DE', '123456789')).toEqual(cached);
    // Redis holds the answer sealed under a hashed key: no number, name or address in clear.
    const redisKeys = await group.raw().keys(`${group.prefix}vies:*`);
    expect(redisKeys).toEqual([redisKey(group, 'DE', '123456789')]);
    const held = (await group.raw().get(redisKeys[0] as string)) ?? '';
    for (const clear of ['123456789', 'Example Trading', 'Musterstraße', 'FR40303265045']) expect(held).not.toContain(clear);
    expect(await b.get('DE', '123456789')).toEqual(cached);
    expect(tableB.size).toBe(0);
    expect(await b.get('DE', '987654321')).toBeNull();
  });

  it('reads through to the table on a miss and fills Redis for the other instances', async () => {
    group = backplaneGroup();
    const table = memoryVatCache();
    // A negative answer: no name or address disclosed.
    const stored = entry(new Date(Date.now() - 2 * DAY_MS), { valid: false });
    delete stored.answer.name;
    delete stored.answer.address;
    await table.set('FR', '40303265045', stored);

    const a = (await group.open()).cacheFront(table, sealer);
    expect(await a.get('FR', '40303265045')).toEqual(stored);
    await eventually(async () => (await group.raw().exists(redisKey(group, 'FR', '40303265045'))) === 1);
    const b = (await group.open()).cacheFront(memoryVatCache(), sealer);
    expect(await b.get('FR', '40303265045')).toEqual(stored);
  });

  it('keeps an answer in Redis until 30 days after it was checked, and an older one not at all', async () => {
    group = backplaneGroup();
    const table = memoryVatCache();
    const front = (await group.open()).cacheFront(table, sealer);
    const redis = group.raw();

    const tenDaysOld = entry(new Date(Date.now() - 10 * DAY_MS));
    await front.set('IT', '00743110157', tenDaysOld);
    const left = await redis.pttl(redisKey(group, 'IT', '00743110157'));
    expect(Math.abs(left - (STALE_FOR_MS - 10 * DAY_MS))).toBeLessThan(60_000);

    const tooOld = entry(new Date(Date.now() - STALE_FOR_MS - DAY_MS));
    await front.set('IT', '00000010215', tooOld);
    expect(await redis.exists(redisKey(group, 'IT', '00000010215'))).toBe(0);
    expect(await table.get('IT', '00000010215')).toEqual(tooOld);
    expect(await front.get('IT', '00000010215')).toEqual(tooOld);
  });

  it('replaces an older answer with a newer one on every instance', async () => {
    group = backplaneGroup();
    const table = memoryVatCache();
    const a = (await group.open()).cacheFront(table, sealer);
    const b = (await group.open()).cacheFront(table, sealer);
    await a.set('NL', '004495445B01', entry(new Date(Date.now() - 3 * DAY_MS)));
    const newer = entry(new Date(), { valid: false });
    await b.set('NL', '004495445B01', newer);
    expect(await a.get('NL', '004495445B01')).toEqual(newer);
    expect(await table.get('NL', '004495445B01')).toEqual(newer);
  });

  it('never lets a fill from the table overwrite a newer answer another instance wrote meanwhile', async () => {
    group = backplaneGroup();
    const older = entry(new Date(Date.now() - 3 * DAY_MS));
    const newer = entry(new Date(), { valid: false });
    // Instance A's table read returns what the table held before B's write, and waits for a go.
    const slowTable = memoryVatCache();
    await slowTable.set('PL', '5261040828', older);
    let tableReadStarted = false;
    let go: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      go = resolve;
    });
    const heldBack = {
      get: async (countryCode: string, vatNumber: string) => {
        const found = await slowTable.get(countryCode, vatNumber);
        tableReadStarted = true;
        await released;
        return found;
      },
      set: (countryCode: string, vatNumber: string, value: CachedVatAnswer) => slowTable.set(countryCode, vatNumber, value),
    };
    const a = (await group.open()).cacheFront(heldBack, sealer);
    const b = (await group.open()).cacheFront(memoryVatCache(), sealer);

    const reading = a.get('PL', '5261040828');
    await eventually(async () => tableReadStarted);
    await b.set('PL', '5261040828', newer);
    go();
    expect(await reading).toEqual(older);
    // Give A's fill every chance to land, then read from an instance that has only Redis.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await (await group.open()).cacheFront(memoryVatCache(), sealer).get('PL', '5261040828')).toEqual(newer);
  });

  it('ignores a value in Redis it cannot read, answers from the table and puts a good copy back', async () => {
    group = backplaneGroup();
    const table = memoryVatCache();
    const stored = entry(new Date(Date.now() - DAY_MS));
    await table.set('ES', 'B12345674', stored);
    const key = redisKey(group, 'ES', 'B12345674');
    const front = (await group.open()).cacheFront(table, sealer);
    for (const unreadable of ['not json', '{"answer":{"valid":"yes"},"checkedAt":"2025-01-01T00:00:00Z"}', '{"answer":null}', '42']) {
      await group.raw().set(key, unreadable);
      expect(await front.get('ES', 'B12345674')).toEqual(stored);
      await eventually(async () => (await group.raw().get(key)) !== unreadable);
    }
    expect(await (await group.open()).cacheFront(memoryVatCache(), sealer).get('ES', 'B12345674')).toEqual(stored);
  });
});
