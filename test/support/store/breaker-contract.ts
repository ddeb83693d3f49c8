/**
 * What every CircuitBreakerStore must do (ports.ts), as one set of cases run against each
 * implementation: memoryBreakerStore, the SQL store's (test/server/storage/breakers.test.ts) and Redis's
 * (test/server/storage/redis/redis-breaker.scale.test.ts). The VAT policy behaves the same whichever store it is given
 * only if they agree on every case here.
 */
import { describe, expect, it } from 'vitest';
import type { CircuitBreakerState, CircuitBreakerStore } from '../../../src/ports.js';

const T0 = new Date('2025-03-04T10:00:00.123Z');
const after = (ms: number): Date => new Date(T0.getTime() + ms);
const COOL_DOWN = 60_000;

const state = (consecutiveFailures: number, openedAt: Date | null, openUntil: Date | null): CircuitBreakerState => ({
  consecutiveFailures,
  openedAt,
  openUntil,
});

async function failTimes(store: CircuitBreakerStore, countryCode: string, times: number): Promise<CircuitBreakerState | undefined> {
  let last: CircuitBreakerState | undefined;
  for (let n = 1; n <= times; n++) last = await store.recordFailure(countryCode, after(n));
  return last;
}

/** Registers the contract's cases under `name`; `fresh` gives a store that holds no state. */
export function describeBreakerContract(name: string, fresh: () => Promise<CircuitBreakerStore>): void {
  describe(`CircuitBreakerStore contract: ${name}`, () => {
    it('knows nothing of a country that never failed, and a probe claim does not invent one', async () => {
      const store = await fresh();
      expect(await store.get('DE')).toBeNull();
      expect(await store.list()).toEqual([]);
      expect(await store.claimProbe('DE', T0, after(COOL_DOWN))).toBe(false);
      expect(await store.get('DE')).toBeNull();
    });

    it('counts failures one by one, separately per country', async () => {
      const store = await fresh();
      expect(await store.recordFailure('DE', after(1))).toEqual(state(1, null, null));
      expect(await store.recordFailure('DE', after(2))).toEqual(state(2, null, null));
      expect(await store.recordFailure('FR', after(3))).toEqual(state(1, null, null));
      expect(await store.recordFailure('DE', after(4))).toEqual(state(3, null, null));
      expect(await store.get('DE')).toEqual(state(3, null, null));
      expect(await store.get('FR')).toEqual(state(1, null, null));
    });

    it('opens with the failures on record kept, and a re-opening replaces the window', async () => {
      const store = await fresh();
      await failTimes(store, 'IT', 3);
      await store.open('IT', T0, after(COOL_DOWN));
      expect(await store.get('IT')).toEqual(state(3, T0, after(COOL_DOWN)));
      await store.open('IT', after(5_000), after(5_000 + COOL_DOWN));
      expect(await store.get('IT')).toEqual(state(3, after(5_000), after(5_000 + COOL_DOWN)));
    });

    it('keeps the window when more failures come in while open', async () => {
      const store = await fresh();
      await failTimes(store, 'ES', 3);
      await store.open('ES', T0, after(COOL_DOWN));
      expect(await store.recordFailure('ES', after(10))).toEqual(state(4, T0, after(COOL_DOWN)));
    });

    it('opens a country without failures on record with zero failures, which no probe can claim', async () => {
      const store = await fresh();
      await store.open('PL', T0, after(COOL_DOWN));
      expect(await store.get('PL')).toEqual(state(0, T0, after(COOL_DOWN)));
      expect(await store.claimProbe('PL', after(2 * COOL_DOWN), after(3 * COOL_DOWN))).toBe(false);
      expect(await store.get('PL')).toEqual(state(0, T0, after(COOL_DOWN)));
    });

    it('lets one probe through once the window has passed, and moves the window to the probe', async () => {
      const store = await fresh();
      await failTimes(store, 'NL', 3);
      await store.open('NL', T0, after(COOL_DOWN));
      expect(await store.claimProbe('NL', after(COOL_DOWN - 1), after(2 * COOL_DOWN))).toBe(false);
      expect(await store.get('NL')).toEqual(state(3, T0, after(COOL_DOWN)));
      // The window's end itself is "not after at": the probe goes.
      expect(await store.claimProbe('NL', after(COOL_DOWN), after(2 * COOL_DOWN))).toBe(true);
      expect(await store.get('NL')).toEqual(state(3, T0, after(2 * COOL_DOWN)));
      expect(await store.claimProbe('NL', after(COOL_DOWN), after(2 * COOL_DOWN))).toBe(false);
      expect(await store.claimProbe('NL', after(2 * COOL_DOWN), after(3 * COOL_DOWN))).toBe(true);
    });

    it('lets a probe through for failures on record without a window (the opening write was lost)', async () => {
      const store = await fresh();
      await failTimes(store, 'BE', 1);
      expect(await store.claimProbe('BE', T0, after(COOL_DOWN))).toBe(true);
      expect(await store.get('BE')).toEqual(state(1, null, after(COOL_DOWN)));
      expect(await store.claimProbe('BE', after(1), after(COOL_DOWN + 1))).toBe(false);
    });

    it('forgets a country on reset, and counts from one again afterwards', async () => {
      const store = await fresh();
      await failTimes(store, 'AT', 3);
      await store.open('AT', T0, after(COOL_DOWN));
      await failTimes(store, 'SE', 2);
      await store.reset('AT');
      await store.reset('FI');
      expect(await store.get('AT')).toBeNull();
      expect((await store.list()).map((entry) => entry.countryCode)).toEqual(['SE']);
      expect(await store.recordFailure('AT', after(1))).toEqual(state(1, null, null));
    });

    it('lists every country with its state', async () => {
      const store = await fresh();
      await failTimes(store, 'EL', 2);
      await failTimes(store, 'CZ', 3);
      await store.open('CZ', T0, after(COOL_DOWN));
      await store.open('XI', after(7), after(8));
      const listed = (await store.list()).sort((a, b) => a.countryCode.localeCompare(b.countryCode));
      expect(listed).toEqual([
        { countryCode: 'CZ', state: state(3, T0, after(COOL_DOWN)) },
        { countryCode: 'EL', state: state(2, null, null) },
        { countryCode: 'XI', state: state(0, after(7), after(8)) },
      ]);
    });

    it('hands out copies: changing a returned state changes nothing stored', async () => {
      const store = await fresh();
      const returned = await failTimes(store, 'PT', 2);
      if (returned === undefined) throw new Error('no state returned');
      returned.consecutiveFailures = 99;
      await store.open('PT', T0, after(COOL_DOWN));
      const read = await store.get('PT');
      read?.openUntil?.setTime(0);
      expect(await store.get('PT')).toEqual(state(2, T0, after(COOL_DOWN)));
    });
  });
}
