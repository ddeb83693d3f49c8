/**
 * One VIES cache and one breaker per country across instances (issue 9): an answer fetched by one
 * instance is a CACHE hit on the others, and a breaker opened by one instance's failed lookups
 * keeps the others off VIES for that country. With Redis (breakers and hot cache there) and with
 * PostgreSQL alone (both in tables).
 */
import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { redisKeys } from '../../src/server/storage/redis/keys.js';
import { createSealer } from '../../src/server/storage/sealing.js';
import { FAILURE_THRESHOLD } from '../../src/vat/registry/policy.js';
import { luxembourgVat, seededRng, VALID_VAT_BUILDERS } from '../support/generators/vat.js';
import { accountWithKeyByCli, SCALE_DATA_KEY, useCluster, useClusterFakes, validate, type Instance } from '../support/scale/cluster.js';

const fakes = useClusterFakes();

const keys = redisKeys();

/** Runs one command on the test's Redis database. */
async function redisValue<T>(url: string, command: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    return await command(redis);
  } finally {
    redis.disconnect();
  }
}

const germanVat = VALID_VAT_BUILDERS.DE?.standard as (rng: () => number) => string;
const MODES = [
  { mode: 'PostgreSQL and Redis', redisIndex: 2, seed: 11, luxembourg: '271828' },
  { mode: 'PostgreSQL alone', redisIndex: null, seed: 12, luxembourg: '161803' },
] as const;

interface VatAnswerBody {
  valid: boolean;
  vatDetails?: { source?: string; registered?: boolean | null; trader_name?: string | null };
}

describe.each(MODES)('three instances on $mode', ({ redisIndex, seed, luxembourg }) => {
  const cluster = useCluster(fakes, { label: 'shared', count: 3, redisIndex });
  let key: string;
  const rng = seededRng(seed);

  beforeAll(async () => {
    ({ key } = await accountWithKeyByCli(cluster.databaseUrl, 'PRO', 'Shared state'));
  });

  const vat = async (instance: number, value: string): Promise<VatAnswerBody & { status: number }> => {
    const answer = await validate((cluster.instances[instance] as Instance).url, 'vat', value, key);
    return { status: answer.status, ...(answer.body as unknown as VatAnswerBody) };
  };

  it('an answer one instance fetched is a CACHE hit on the others: VIES is asked once', async () => {
    const { store, redisUrl } = cluster;
    const { vies } = fakes;
    const number = luxembourgVat(luxembourg);
    vies.register(number, { valid: true, name: 'SHARED CACHE SARL' });
    const before = vies.callsFor('LU');

    const first = await vat(0, number);
    expect(first.status).toBe(200);
    expect(first.vatDetails).toMatchObject({ source: 'LIVE', registered: true, trader_name: 'SHARED CACHE SARL' });
    for (const instance of [1, 2]) {
      const again = await vat(instance, number);
      expect(again.status).toBe(200);
      expect(again.vatDetails).toMatchObject({ source: 'CACHE', registered: true, trader_name: 'SHARED CACHE SARL' });
    }
    expect(vies.callsFor('LU') - before).toBe(1);
    // The table stays the record of the answers, Redis or not; with Redis a hot copy is there too.
    expect(await store.viesCache.get('LU', number.slice(2))).toMatchObject({ answer: { valid: true } });
    if (redisUrl !== undefined) expect(await redisValue(redisUrl, (redis) => redis.exists(keys.viesAnswer('LU', createSealer(Buffer.from(SCALE_DATA_KEY, 'base64')).index(number))))).toBe(1);
  });

  it(`${FAILURE_THRESHOLD} failed lookups on one instance open the breaker for the others: they answer UNVERIFIED without asking VIES`, async () => {
    const { instances, store, redisUrl } = cluster;
    const { vies } = fakes;
    vies.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' }, { country: 'DE' });
    try {
      for (let failure = 0; failure < FAILURE_THRESHOLD; failure++) {
        const failed = await vat(0, germanVat(rng));
        expect(failed.status).toBe(200);
        expect(failed.vatDetails).toMatchObject({ source: 'UNVERIFIED', registered: null });
      }
      const callsWhenOpened = vies.callsFor('DE');
      for (const instance of [1, 2, 1, 2]) {
        const shortCut = await vat(instance, germanVat(rng));
        expect(shortCut.status).toBe(200);
        expect(shortCut.vatDetails).toMatchObject({ source: 'UNVERIFIED', registered: null });
      }
      expect(vies.callsFor('DE')).toBe(callsWhenOpened);
      // Where the breaker lives: the Redis hash with Redis, the table without.
      const inTable = await store.breaker.get('DE');
      if (redisUrl === undefined) expect(inTable?.consecutiveFailures).toBe(FAILURE_THRESHOLD);
      else {
        expect(inTable).toBeNull();
        expect(await redisValue(redisUrl, (redis) => redis.hexists(keys.breakers, 'DE'))).toBe(1);
      }

      // The availability report of another instance says the service's own lookups decided.
      const report = (await (await fetch(`${(instances[2] as Instance).url}/api/v1/status/vies`)).json()) as {
        countries: Array<{ countryCode: string; availableNow: boolean; decidedBy: string }>;
      };
      expect(report.countries.find((country) => country.countryCode === 'DE')).toMatchObject({
        availableNow: false,
        decidedBy: 'SERVICE_LOOKUPS',
      });
      // Other countries are not affected.
      const other = luxembourgVat(String(Number(luxembourg) + 1));
      expect((await vat(1, other)).vatDetails?.source).toBe('LIVE');
    } finally {
      vies.reset();
    }
  });
});
