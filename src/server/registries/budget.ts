/**
 * A registry's own budget (docs/service.md#registries): at most `max` calls started in any window
 * of `windowMs`, and at most `concurrent` in flight, in this process. A call that would break it
 * waits while the wait fits `waitMs` (well inside verifyVat's 4 s for the call), else it ends at
 * once with a "busy" failure scoped to the number: the circuit breaker does not count it (it says
 * nothing of the registry), a request gets its cached or UNVERIFIED answer, and background work
 * tries again after a backoff (../pipeline/pacing.ts). So the service never sends a registry more
 * than the registry allows, whatever the tenants ask.
 */
import { VatRegistryError, type VatRegistry } from '../../ports.js';

/** The fault code of a call the budget did not let through (one of pacing.ts BUSY_FAULTS). */
export const BUDGET_SPENT = 'REGISTRY_BUDGET_SPENT';

/** How much of a registry the service may use. */
export interface RegistryBudget {
  /** Calls started in any window of `windowMs`. */
  max: number;
  windowMs: number;
  /** Calls in flight at once. */
  concurrent: number;
}

/** What a budgeted registry waits with: the clock and how long a call may wait for its turn. */
export interface BudgetTiming {
  /** Milliseconds of a monotonic clock; default performance.now. */
  now?: () => number;
  /** Longest wait for a turn; default 2 500 ms. */
  waitMs?: number;
}

/** Longest wait for a turn by default: verifyVat gives a whole call 4 s (src/vat/registry/policy.ts). */
export const BUDGET_WAIT_MS = 2_500;

/** `inner` within `budget`; `name` says whose budget it is in the failure's message. */
export function budgetedRegistry(inner: VatRegistry, name: string, budget: RegistryBudget, timing: BudgetTiming = {}): VatRegistry & { inFlight(): number } {
  const now = timing.now ?? (() => performance.now());
  const waitMs = timing.waitMs ?? BUDGET_WAIT_MS;
  // Start times of the calls of the current window, oldest first.
  const starts: number[] = [];
  let inFlight = 0;
  const waiters: Array<() => void> = [];

  const spent = (): VatRegistryError =>
    new VatRegistryError('fault', BUDGET_SPENT, 'number', true, `${name}: this service's budget of ${budget.max} calls per ${budget.windowMs / 1000} s is spent; asked again later`);

  /** Milliseconds until a call may start (0: now). */
  const delay = (at: number): number => {
    while (starts.length > 0 && (starts[0] as number) <= at - budget.windowMs) starts.shift();
    if (inFlight >= budget.concurrent) return Number.POSITIVE_INFINITY;
    return starts.length < budget.max ? 0 : (starts[0] as number) + budget.windowMs - at;
  };

  async function turn(signal: AbortSignal | undefined): Promise<void> {
    const deadline = now() + waitMs;
    for (;;) {
      const at = now();
      const wait = delay(at);
      if (wait === 0) {
        starts.push(at);
        inFlight += 1;
        return;
      }
      const remaining = deadline - at;
      // A slot may come free any moment (wait is infinite); the window's turn only at its time.
      if (signal?.aborted === true || remaining <= 0 || (Number.isFinite(wait) && wait > remaining)) throw spent();
      // Woken by a call that ends (a slot came free) or by the time the window frees one.
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', wake);
          const index = waiters.indexOf(wake);
          if (index >= 0) waiters.splice(index, 1);
          resolve();
        };
        const timer = setTimeout(wake, Math.max(1, Math.min(wait, remaining)));
        signal?.addEventListener('abort', wake, { once: true });
        waiters.push(wake);
      });
    }
  }

  return {
    async check(query, signal) {
      await turn(signal);
      try {
        return await inner.check(query, signal);
      } finally {
        inFlight -= 1;
        waiters.shift()?.();
      }
    },
    inFlight: () => inFlight,
  };
}
