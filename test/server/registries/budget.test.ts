/**
 * A registry's budget (src/server/registries/budget.ts): never more calls per window nor more in
 * flight than the registry allows; a call that cannot get a turn in time fails as "busy", which
 * neither the breaker nor the verdict reads as the registry's fault.
 */
import { describe, expect, it } from 'vitest';
import { VatRegistryError, type VatRegistry, type VatRegistryAnswer } from '../../../src/ports.js';
import { BUSY_FAULTS } from '../../../src/server/pipeline/pacing.js';
import { BUDGET_SPENT, budgetedRegistry } from '../../../src/server/registries/budget.js';
import { routedRegistry } from '../../../src/server/registries/router.js';
import { failureScopeOf } from '../../../src/vat/registry/policy.js';

const ANSWER: VatRegistryAnswer = { valid: true, requestDate: '2026-12-03' };
const QUERY = { countryCode: 'CH', vatNumber: 'E116281710' };

/** A registry whose calls end when the test says so. */
function heldRegistry() {
  const pending: Array<() => void> = [];
  let calls = 0;
  const registry: VatRegistry = {
    check: () =>
      new Promise<VatRegistryAnswer>((resolve) => {
        calls += 1;
        pending.push(() => resolve(ANSWER));
      }),
  };
  return { registry, pending, calls: () => calls };
}

describe('budgetedRegistry', () => {
  it('lets at most `max` calls start in a window, and fails the next as busy when its turn is too far off', async () => {
    let clock = 0;
    const inner: VatRegistry = { check: async () => ANSWER };
    const budgeted = budgetedRegistry(inner, 'UID', { max: 20, windowMs: 60_000, concurrent: 20 }, { now: () => clock, waitMs: 2_500 });
    for (let i = 0; i < 20; i++) await expect(budgeted.check(QUERY)).resolves.toEqual(ANSWER);
    const refused = await budgeted.check(QUERY).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(VatRegistryError);
    expect(refused).toMatchObject({ faultCode: BUDGET_SPENT, scope: 'number', retryable: true });
    expect(failureScopeOf(refused)).toBe('number');
    expect(BUSY_FAULTS.has(BUDGET_SPENT)).toBe(true);
    clock = 60_001;
    await expect(budgeted.check(QUERY)).resolves.toEqual(ANSWER);
  });

  it('waits for its turn when the window frees one within the wait', async () => {
    const budgeted = budgetedRegistry({ check: async () => ANSWER }, 'HMRC', { max: 3, windowMs: 200, concurrent: 3 }, { waitMs: 1_000 });
    const started = performance.now();
    await Promise.all(Array.from({ length: 6 }, () => budgeted.check(QUERY)));
    // Three calls in the first window, three in the next: the last three waited about a window.
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
  });

  it('keeps at most `concurrent` calls in flight, and hands a freed slot to a waiting call', async () => {
    const held = heldRegistry();
    const budgeted = budgetedRegistry(held.registry, 'BRREG', { max: 100, windowMs: 1_000, concurrent: 2 }, { waitMs: 2_000 });
    const answers = Array.from({ length: 3 }, () => budgeted.check(QUERY));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(held.calls()).toBe(2);
    expect(budgeted.inFlight()).toBe(2);
    held.pending.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(held.calls()).toBe(3);
    for (const release of held.pending.splice(0)) release();
    await expect(Promise.all(answers)).resolves.toHaveLength(3);
    expect(budgeted.inFlight()).toBe(0);
  });

  it('does not wait past an aborted signal', async () => {
    const held = heldRegistry();
    const budgeted = budgetedRegistry(held.registry, 'UID', { max: 100, windowMs: 1_000, concurrent: 1 }, { waitMs: 10_000 });
    void budgeted.check(QUERY);
    const controller = new AbortController();
    const waiting = budgeted.check(QUERY, controller.signal).catch((error: unknown) => error);
    const started = performance.now();
    controller.abort();
    expect(await waiting).toMatchObject({ faultCode: BUDGET_SPENT });
    expect(performance.now() - started).toBeLessThan(5_000);
    held.pending.shift()?.();
  });
});

describe('routedRegistry', () => {
  it('sends each prefix to its own registry, and says so when a prefix has none', async () => {
    const asked: string[] = [];
    const named = (name: string): VatRegistry => ({ check: async () => (asked.push(name), ANSWER) });
    const router = routedRegistry({ VIES: named('VIES'), UID: named('UID') });
    await router.check({ countryCode: 'DE', vatNumber: '136695976' });
    await router.check({ countryCode: 'XI', vatNumber: '980780684' });
    await router.check(QUERY);
    expect(asked).toEqual(['VIES', 'VIES', 'UID']);
    await expect(router.check({ countryCode: 'GB', vatNumber: '980780684' })).rejects.toMatchObject({ scope: 'outage' });
  });
});
