/**
 * When a destination (one webhook URL) is paused (docs/service.md#webhooks): after
 * {@link PAUSE_AFTER_FAILURES} failed attempts in a row. A paused destination gets one attempt at a
 * time, a probe, spaced like a delivery's retries (schedule.ts); its other deliveries are held until
 * the probe's time, and a delivered probe resumes it. The sender (delivery.ts) keeps this state
 * attempt by attempt; the account's pages read it from the attempt log, by the same rule.
 */
import { retryGap } from './schedule.js';

/** Failed attempts in a row that pause a destination. */
export const PAUSE_AFTER_FAILURES = 5;

/** What the attempts so far say of one destination. */
export interface DestinationState {
  /** Failed attempts since the last delivered one. */
  failures: number;
  /** When the failure that paused it happened; null while it is not paused. */
  pausedSince: Date | null;
  /** The last attempt's error; null when it delivered. */
  lastError: string | null;
  /** When the last attempt was made. */
  lastAttemptAt: Date | null;
}

/** A destination nothing is known of. */
export const FRESH_DESTINATION: DestinationState = { failures: 0, pausedSince: null, lastError: null, lastAttemptAt: null };

/**
 * The state after one more attempt (`error` null: delivered).
 * @example
 * ```ts
 * const at = new Date('2026-01-01T00:00:00Z');
 * let state = FRESH_DESTINATION;
 * for (let i = 0; i < 5; i += 1) state = afterAttempt(state, { at, error: 'answered 500' });
 * state.pausedSince?.toISOString(); // '2026-01-01T00:00:00.000Z'
 * afterAttempt(state, { at, error: null }).pausedSince; // null
 * ```
 */
export function afterAttempt(state: DestinationState, attempt: { at: Date; error: string | null }): DestinationState {
  if (attempt.error === null) return { ...FRESH_DESTINATION, lastAttemptAt: attempt.at };
  const failures = state.failures + 1;
  const pausedSince = state.pausedSince ?? (failures >= PAUSE_AFTER_FAILURES ? attempt.at : null);
  return { failures, pausedSince, lastError: attempt.error, lastAttemptAt: attempt.at };
}

/** The state after `attempts`, in any order (they are taken oldest first). */
export function destinationState(attempts: ReadonlyArray<{ at: Date; error: string | null }>): DestinationState {
  return [...attempts].sort((a, b) => a.at.getTime() - b.at.getTime()).reduce(afterAttempt, FRESH_DESTINATION);
}

/** When a paused destination's next probe may go; null when it is not paused. */
export function nextProbeAt(state: DestinationState): Date | null {
  if (state.pausedSince === null || state.lastAttemptAt === null) return null;
  return new Date(state.lastAttemptAt.getTime() + retryGap(state.failures - PAUSE_AFTER_FAILURES + 1));
}
