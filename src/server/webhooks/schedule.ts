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
  const gap = Math.min(MAX_RETRY_GAP_MS, FIRST_RETRY_MS * 2 ** Math.min(Math.max(attempts - 1, 0), 20));
  const next = new Date(at.getTime() + gap);
  if (next.getTime() > createdAt.getTime() + RETRY_WINDOW_MS) return { status: 'failed', nextAttemptAt: at };
  return { status: 'pending', nextAttemptAt: next };
}
