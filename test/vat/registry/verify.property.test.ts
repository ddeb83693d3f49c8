/**
 * Properties of verifyVat over any sequence of VIES outcomes and clock steps: `registered` is
 * null or the last answer VIES gave, never false from a failure; and the source follows the
 * order of docs/fields/vat.md#registration-verdict with the breaker of #circuit-breaker, as an independent model of both says.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { memoryBreakerStore, memoryVatCache } from '../../../src/adapters/memory.js';
import { VatRegistryError, type VatRegistry, type VatRegistryAnswer } from '../../../src/ports.js';
import { verifyVat } from '../../../src/vat/registry/verify.js';
import { VALID_VAT_BUILDERS, seededRng } from '../../support/generators/vat.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What the stub registry does when it is called. */
type Outcome =
  | 'registered'
  | 'not-registered'
  | 'invalid-input'
  | 'ms-unavailable'
  | 'max-concurrent'
  | 'vat-blocked'
  | 'hang'
  | 'plain-error'
  | 'nonsense';

const outcome = fc.constantFrom<Outcome>(
  'registered',
  'not-registered',
  'invalid-input',
  'ms-unavailable',
  'max-concurrent',
  'vat-blocked',
  'hang',
  'plain-error',
  'nonsense',
);
const clockStep = fc.oneof(
  fc.integer({ min: 0, max: 2 * MINUTE }),
  fc.integer({ min: 0, max: 2 * DAY }),
  fc.constantFrom(23 * HOUR + 59 * MINUTE, 24 * HOUR + MINUTE, 29 * DAY, 31 * DAY),
);

const fault = (code: string, scope: 'input' | 'number' | 'outage') => new VatRegistryError('fault', code, scope, scope === 'outage', code);

/** A registry playing `outcomes` in order, one per call; counts its calls. */
function scriptedRegistry(outcomes: readonly Outcome[]): VatRegistry & { calls: number } {
  const registry = {
    calls: 0,
    async check(): Promise<VatRegistryAnswer> {
      const next = outcomes[registry.calls % outcomes.length] as Outcome;
      registry.calls++;
      switch (next) {
        case 'registered':
          return { valid: true, requestDate: '2026-11-22', name: 'SOME TRADER' };
        case 'not-registered':
          return { valid: false, requestDate: '2026-11-22' };
        case 'invalid-input':
          throw fault('INVALID_INPUT', 'input');
        case 'ms-unavailable':
          throw fault('MS_UNAVAILABLE', 'outage');
        case 'max-concurrent':
          throw fault('MS_MAX_CONCURRENT_REQ', 'outage');
        case 'vat-blocked':
          throw fault('VAT_BLOCKED', 'number');
        case 'hang':
          return new Promise<never>(() => {});
        case 'plain-error':
          throw new Error('socket hang up');
        default:
          return { nothing: true } as unknown as VatRegistryAnswer;
      }
    },
  };
  return registry;
}

/** The verdict VIES gave, if `outcome` is one. */
function verdictOf(value: Outcome): boolean | null {
  if (value === 'registered') return true;
  if (value === 'not-registered' || value === 'invalid-input') return false;
  return null;
}

const isOutage = (value: Outcome): boolean => ['ms-unavailable', 'max-concurrent', 'hang', 'plain-error', 'nonsense'].includes(value);

const vat = VALID_VAT_BUILDERS.FR?.['numeric key']?.(seededRng(9)) as string;

describe('verifyVat over any sequence of VIES outcomes and clock steps', () => {
  it('registered is null or the last answer VIES gave; the source and the calls follow docs/fields/vat.md#registration-verdict and the breaker', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(outcome, { minLength: 1, maxLength: 12 }),
        fc.array(clockStep, { minLength: 1, maxLength: 25 }),
        async (outcomes, steps) => {
          const registry = scriptedRegistry(outcomes);
          let time = new Date('2026-01-01T00:00:00Z').getTime();
          const options = {
            registry,
            cache: memoryVatCache(),
            breaker: memoryBreakerStore(),
            now: () => new Date(time),
            liveBudgetMs: 5,
          };

          // The model: the last answer VIES gave and when; the breaker's failures and window.
          let lastAnswer: boolean | null = null;
          let answeredAt: number | null = null;
          let failures = 0;
          let openUntil = 0;
          let expectedCalls = 0;

          for (const step of steps) {
            time += step;
            const result = await verifyVat(vat, options);
            const details = result.vatDetails;

            // The model of docs/fields/vat.md#registration-verdict and #circuit-breaker.
            const age = answeredAt === null ? Infinity : time - answeredAt;
            let expectedSource: string;
            let expectedRegistered: boolean | null;
            if (age < DAY) {
              expectedSource = 'CACHE';
              expectedRegistered = lastAnswer;
            } else {
              const open = failures >= 3 && time < openUntil;
              let live: Outcome | null = null;
              if (!open) {
                if (failures >= 3) openUntil = time + MINUTE; // the probe claims the window
                live = outcomes[expectedCalls % outcomes.length] as Outcome;
                expectedCalls++;
              }
              const verdict = live === null ? null : verdictOf(live);
              if (verdict !== null) {
                lastAnswer = verdict;
                answeredAt = time;
                failures = 0;
                expectedSource = 'LIVE';
                expectedRegistered = verdict;
              } else {
                if (live !== null && isOutage(live)) {
                  failures++;
                  if (failures >= 3) openUntil = time + MINUTE;
                } else if (live !== null) {
                  failures = 0; // VIES answered (VAT_BLOCKED): the country is reachable
                }
                const stale = answeredAt !== null && age <= 30 * DAY;
                expectedSource = stale ? 'STALE' : 'UNVERIFIED';
                expectedRegistered = stale ? lastAnswer : null;
              }
            }
            // The property of the issue (lastAnswer includes what VIES just said, if it said anything).
            expect(details.registered === null || details.registered === lastAnswer).toBe(true);
            // The model.
            expect(details.source).toBe(expectedSource);
            expect(details.registered).toBe(expectedRegistered);
            expect(registry.calls).toBe(expectedCalls);
            expect(result.valid).toBe(details.registered ?? true);
          }
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);

  it('with stores that fail at random, registered is still never false unless VIES said so', async () => {
    const flaky = <T extends object>(store: T, fails: () => boolean): T =>
      new Proxy(store, {
        get(target, key, receiver) {
          const member = Reflect.get(target, key, receiver) as unknown;
          if (typeof member !== 'function') return member;
          return (...args: unknown[]) => (fails() ? Promise.reject(new Error('store down')) : (member as (...a: unknown[]) => unknown).apply(target, args));
        },
      });
    await fc.assert(
      fc.asyncProperty(
        fc.array(outcome, { minLength: 1, maxLength: 10 }),
        fc.array(clockStep, { minLength: 1, maxLength: 20 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 16 }),
        async (outcomes, steps, failPattern) => {
          let flips = 0;
          const fails = () => failPattern[flips++ % failPattern.length] as boolean;
          const registry = scriptedRegistry(outcomes);
          let time = Date.UTC(2026, 0, 1);
          const options = {
            registry,
            cache: flaky(memoryVatCache(), fails),
            breaker: flaky(memoryBreakerStore(), fails),
            now: () => new Date(time),
            liveBudgetMs: 5,
          };
          const saidFalse = outcomes.some((o) => verdictOf(o) === false);
          const saidTrue = outcomes.some((o) => verdictOf(o) === true);
          for (const step of steps) {
            time += step;
            const { vatDetails } = await verifyVat(vat, options);
            if (vatDetails.registered === false) expect(saidFalse).toBe(true);
            if (vatDetails.registered === true) expect(saidTrue).toBe(true);
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);

  it('never throws on any string and always answers the envelope', async () => {
    const registry = scriptedRegistry(['registered', 'ms-unavailable', 'not-registered']);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('LU', 'EL', 'XI').chain((p) => fc.string().map((s) => p + s))), async (value) => {
        const result = await verifyVat(value, { registry, liveBudgetMs: 5 });
        expect(result.originalValue).toBe(value);
        expect(result.validationLevel).toBe('STANDARD');
        expect(['LIVE', 'CACHE', 'STALE', 'UNVERIFIED', 'NOT_APPLICABLE']).toContain(result.vatDetails.source);
        if (!result.vatDetails.format_valid) expect(result.valid).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
