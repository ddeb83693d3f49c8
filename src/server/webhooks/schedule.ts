/**
 * When a failed delivery is tried again (docs/service.md#webhooks): 30 s after the first attempt,
 * doubling, at most an hour apart, until 24 h after the event; then the delivery is `failed`.
 */

/** Wait after the first failed attempt. */
export const FIRST_RETRY_MS = 30_000;
/** The longest wait between two attempts. */
export const MAX_RETRY_GAP_MS = 3_600_000;
/** How long after the event a delivery is still tried. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;

/**
 * The wait after the `failures`-th failure in a row (1 for the first): 30 s, doubling, at most 1 h.
 * A delivery's retries and a paused destination's probes (pause.ts) both follow it.
 * @example
 * ```ts
 * retryGap(1); // 30000
 * retryGap(3); // 120000
 * retryGap(12); // 3600000
 * ```
 */
export function retryGap(failures: number): number {
  return Math.min(MAX_RETRY_GAP_MS, FIRST_RETRY_MS * 2 ** Math.min(Math.max(failures - 1, 0), 20));
}

/**
 * The delivery's state after its `attempts`-th attempt (1 for the first) failed at `at`: the next
 * attempt's time, or `failed` when that would fall after the window.
 * @example
 * ```ts
 * const created = new Date('2026-01-01T00:00:00Z');
 * nextAfterFailure(created, 1, created).nextAttemptAt.toISOString(); // '2026-01-01T00:00:30.000Z'
 * nextAfterFailure(created, 3, created).nextAttemptAt.toISOString(); // '2026-01-01T00:02:00.000Z'
 * nextAfterFailure(created, 40, new Date('2026-01-01T23:30:00Z')).status; // 'failed'
 * ```
 */
export function nextAfterFailure(createdAt: Date, attempts: number, at: Date): { status: 'pending' | 'failed'; nextAttemptAt: Date } {
  const next = new Date(at.getTime() + retryGap(attempts));
  if (next.getTime() > createdAt.getTime() + RETRY_WINDOW_MS) return { status: 'failed', nextAttemptAt: at };
  return { status: 'pending', nextAttemptAt: next };
}
