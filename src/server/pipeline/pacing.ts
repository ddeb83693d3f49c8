/**
 * How background work (batch jobs, watch re-checks; metered.ts runs it) asks VIES without hurting it or the requests:
 * at most `jobConcurrencyPerState` calls in flight per member state in this process (slots.ts),
 * and on VIES's own "too many requests" faults (MS_MAX_CONCURRENT_REQ(_TIME),
 * GLOBAL_MAX_CONCURRENT_REQ(_TIME)) the work is tried again after an exponential backoff with
 * jitter (0.5 s doubling, 8 tries) before it gives up and keeps the UNVERIFIED answer.
 *
 * The backoff cannot run inside one registry call: verifyVat gives a call 4 s
 * (src/vat/registry/policy.ts LIVE_BUDGET_MS) and counts a failure toward the country's circuit
 * breaker. So a call that met a "too many requests" fault (or found no slot within
 * SLOT_WAIT_MS) ends with a failure scoped to the number, which the breaker does not count, and
 * the caller runs the whole validation again after the backoff ({@link pacedValidation}). The last
 * try lets the real fault through, so the answer kept is the one a request would get.
 */
import { VatRegistryError, type VatRegistry } from '../../ports.js';
import { BUDGET_SPENT } from '../registries/budget.js';
import type { CountrySlots } from './slots.js';

/** The faults by which VIES says it is busy, not that anything is wrong. */
export const BUSY_FAULTS: ReadonlySet<string> = new Set([
  // The service's own budget of a registry (../registries/budget.ts).
  BUDGET_SPENT,
  'MS_MAX_CONCURRENT_REQ',
  'MS_MAX_CONCURRENT_REQ_TIME',
  'GLOBAL_MAX_CONCURRENT_REQ',
  'GLOBAL_MAX_CONCURRENT_REQ_TIME',
]);

/** Tries after the first one. */
export const BUSY_RETRIES = 8;
/** The first backoff; each next one doubles. */
export const FIRST_BACKOFF_MS = 500;
/** Longest wait for a slot, well inside verifyVat's 4 s budget for the whole call. */
export const SLOT_WAIT_MS = 2_500;

/** The backoff before try `retry` (0-based): 0.5 s doubling, jittered to between half and all of it. */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  const full = FIRST_BACKOFF_MS * 2 ** retry;
  return Math.round(full / 2 + random() * (full / 2));
}

function isBusyFault(error: unknown): boolean {
  return error instanceof VatRegistryError && error.faultCode !== null && BUSY_FAULTS.has(error.faultCode);
}

/** One try of one validation: the registry it must use, and what its calls met. */
export interface PacedTry {
  registry: VatRegistry;
  /** Whether a call met VIES busy (or no slot came free): the try's answer is not to be kept. */
  readonly busy: boolean;
}

/**
 * A try's registry over `inner`, paced by `slots`; `last` lets every failure through as it came.
 * `held`: the member state whose slot the caller holds for the whole try already (its calls take no other).
 */
export function pacedTry(inner: VatRegistry, slots: CountrySlots, last: boolean, held: string | null = null): PacedTry {
  const state = { busy: false };
  const hidden = (code: string, cause?: unknown): VatRegistryError => {
    state.busy = true;
    return new VatRegistryError('fault', code, 'number', true, `VIES is busy (${code}); tried again later`, { cause });
  };
  const registry: VatRegistry = {
    async check(query, signal) {
      const release = query.countryCode === held ? () => undefined : await slots.acquire(query.countryCode, SLOT_WAIT_MS);
      if (release === null) {
        if (last) throw new VatRegistryError('fault', 'MS_MAX_CONCURRENT_REQ', 'outage', true, 'No VIES slot came free for this member state');
        throw hidden('MS_MAX_CONCURRENT_REQ');
      }
      try {
        return await inner.check(query, signal);
      } catch (error) {
        if (!last && isBusyFault(error)) throw hidden((error as VatRegistryError).faultCode as string, error);
        throw error;
      } finally {
        release();
      }
    },
  };
  return {
    registry,
    get busy() {
      return state.busy;
    },
  };
}

/** What {@link pacedValidation} reports besides the answer. */
export interface PacedOutcome<T> {
  result: T;
  /** Tries run after the first (each after a backoff). */
  retries: number;
}

/** Longest a try waits for the slot of the member state it names up front (see {@link pacedValidation}). */
const COUNTRY_WAIT_MS = 2 ** 31 - 1;

/**
 * The member state a VAT value most likely names (its first two letters, EL for GR), so that its
 * slot can be taken before the validation starts; null when it starts with no two letters.
 */
export function countryOfValue(value: string): string | null {
  const prefix = value.replace(/[\s.\-/]/g, '').slice(0, 2).toUpperCase();
  if (!/^[A-Z]{2}$/.test(prefix)) return null;
  return prefix === 'GR' ? 'EL' : prefix;
}

/**
 * Runs `validate` with a paced registry until a try meets no busy VIES, at most 1 + BUSY_RETRIES
 * tries; `sleep` waits between them (and may end early when the work is cancelled: `stopped`).
 * With `country` (see {@link countryOfValue}) each try first takes that member state's slot, for as
 * long as it has to wait: waiting then costs none of the 4 s verifyVat gives the VIES call itself,
 * so a queue of lines of one member state never turns into timeouts.
 */
export async function pacedValidation<T>(
  inner: VatRegistry,
  slots: CountrySlots,
  validate: (registry: VatRegistry) => Promise<T> | T,
  options: { sleep?: (ms: number) => Promise<void>; stopped?: () => boolean; country?: string | null } = {},
): Promise<PacedOutcome<T>> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const country = options.country ?? null;
  for (let retry = 0; ; retry += 1) {
    const last = retry >= BUSY_RETRIES || options.stopped?.() === true;
    const release = country === null ? null : await slots.acquire(country, COUNTRY_WAIT_MS);
    const attempt = pacedTry(inner, slots, last, release === null ? null : country);
    let result: T;
    try {
      result = await validate(attempt.registry);
    } finally {
      release?.();
    }
    if (!attempt.busy || last) return { result, retries: retry };
    await sleep(backoffMs(retry));
  }
}
