/**
 * Pacing of background VIES calls (src/server/pipeline/pacing.ts, slots.ts): at most N calls of a
 * member state at once, busy faults waited out with a doubling backoff and hidden from the
 * circuit breaker until the last try, which lets the real fault through.
 */
import { describe, expect, it } from 'vitest';
import { backoffMs, BUSY_RETRIES, countryOfValue, pacedValidation, SLOT_WAIT_MS } from '../../../src/server/pipeline/pacing.js';
import { createCountrySlots } from '../../../src/server/pipeline/slots.js';
import { VatRegistryError, type VatRegistry, type VatRegistryQuery } from '../../../src/ports.js';

const query = (countryCode: string): VatRegistryQuery => ({ countryCode, vatNumber: '12345678' });
const busy = (): VatRegistryError => new VatRegistryError('fault', 'MS_MAX_CONCURRENT_REQ', 'outage', true, 'VIES fault: MS_MAX_CONCURRENT_REQ');

describe('country slots', () => {
  it('let N calls of a country through at once, serve waiters in order, and time a waiter out', async () => {
    const slots = createCountrySlots(2);
    const a = await slots.acquire('LU', 100);
    const b = await slots.acquire('LU', 100);
    expect(await slots.acquire('DE', 10)).not.toBeNull();
    expect(await slots.acquire('LU', 20)).toBeNull();
    const order: string[] = [];
    const c = slots.acquire('LU', 1_000).then((release) => {
      order.push('c');
      return release;
    });
    const d = slots.acquire('LU', 1_000).then((release) => {
      order.push('d');
      return release;
    });
    a?.();
    a?.(); // a second release of the same slot changes nothing
    await c;
    expect(slots.inUse('LU')).toBe(2);
    b?.();
    await d;
    expect(order).toEqual(['c', 'd']);
  });
});

describe('backoff', () => {
  it('doubles from 0.5 s, jittered between half and all of it', () => {
    expect([0, 1, 2, 7].map((n) => backoffMs(n, () => 0))).toEqual([250, 500, 1000, 32_000]);
    expect([0, 1, 2, 7].map((n) => backoffMs(n, () => 1))).toEqual([500, 1000, 2000, 64_000]);
  });
});

describe('pacedValidation', () => {
  it('tries again after a busy fault, with the fault hidden from the breaker (scope number)', async () => {
    let calls = 0;
    const inner: VatRegistry = {
      async check() {
        calls += 1;
        if (calls <= 2) throw busy();
        return { valid: true, requestDate: '2026-01-01' };
      },
    };
    const seen: string[] = [];
    const sleeps: number[] = [];
    const outcome = await pacedValidation(
      inner,
      createCountrySlots(2),
      async (registry) => {
        try {
          return (await registry.check(query('LU'))).valid;
        } catch (error) {
          seen.push((error as VatRegistryError).scope);
          return null;
        }
      },
      { sleep: async (ms) => void sleeps.push(ms) },
    );
    expect(outcome).toEqual({ result: true, retries: 2 });
    expect(seen).toEqual(['number', 'number']);
    expect(sleeps).toHaveLength(2);
  });

  it('gives up after 8 retries and lets the real fault through on the last try', async () => {
    const inner: VatRegistry = {
      async check() {
        throw busy();
      },
    };
    const scopes: string[] = [];
    const outcome = await pacedValidation(
      inner,
      createCountrySlots(1),
      async (registry) => {
        try {
          await registry.check(query('LU'));
          return 'answered';
        } catch (error) {
          scopes.push((error as VatRegistryError).scope);
          return 'UNVERIFIED';
        }
      },
      { sleep: async () => undefined },
    );
    expect(outcome).toEqual({ result: 'UNVERIFIED', retries: BUSY_RETRIES });
    expect(scopes).toEqual([...Array.from({ length: BUSY_RETRIES }, () => 'number'), 'outage']);
  });

  it('never has more than the limit of one country in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const inner: VatRegistry = {
      async check() {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        return { valid: true, requestDate: '2026-01-01' };
      },
    };
    const slots = createCountrySlots(3);
    await Promise.all(Array.from({ length: 40 }, () => pacedValidation(inner, slots, (registry) => registry.check(query('DE')))));
    expect(most).toBe(3);
  });

  it('with the country named up front, a long queue of one member state waits without a busy try', async () => {
    const inner: VatRegistry = {
      async check() {
        await new Promise((resolve) => setTimeout(resolve, 400));
        return { valid: true, requestDate: '2026-01-01' };
      },
    };
    const slots = createCountrySlots(2);
    const started = performance.now();
    // 16 lines, 2 at a time, 400 ms each: the last waits 2.8 s, longer than a registry call may wait for a slot.
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, () => pacedValidation(inner, slots, (registry) => registry.check(query('DE')), { country: 'DE', sleep: async () => undefined })),
    );
    expect(performance.now() - started).toBeGreaterThan(SLOT_WAIT_MS);
    expect(outcomes.map((o) => o.retries)).toEqual(Array.from({ length: 16 }, () => 0));
  });

  it('with a slot limit of 1 and the country named up front, the call made inside the try does not wait for its own slot', async () => {
    const inner: VatRegistry = { check: async () => ({ valid: false, requestDate: '2026-01-01' }) };
    const outcome = await pacedValidation(inner, createCountrySlots(1), async (registry) => (await registry.check(query('LU'))).valid, { country: 'LU' });
    expect(outcome).toEqual({ result: false, retries: 0 });
  });
});

describe('countryOfValue', () => {
  it('reads the prefix as typed, EL for GR, null without two letters', () => {
    expect(['de 123.456.789', 'Gr123456789', 'EL123', '123456789', 'x', ''].map(countryOfValue)).toEqual(['DE', 'EL', 'EL', null, null, null]);
  });
});
