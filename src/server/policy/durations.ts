/**
 * Durations as operators write them (`serve --watch-interval 7d`, the admin API's watch interval):
 * a whole number and one unit, `d`, `h`, `m` or `s`. Validators never throw on a string: anything
 * else reads as null.
 */

const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000 } as const;
const DURATION = /^(\d{1,9})\s*([dhms])$/;

/** The milliseconds of `text` (`7d`, `12h`, `30m`, `1m`, `45s`); null for anything else, zero included. */
export function parseDuration(text: string): number | null {
  if (typeof text !== 'string') return null;
  const match = DURATION.exec(text.trim().toLowerCase());
  if (match === null) return null;
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  return ms > 0 && Number.isSafeInteger(ms) ? ms : null;
}

/** `ms` in the largest unit that divides it (`604800000` → `7d`); seconds otherwise, rounded up. */
export function formatDuration(ms: number): string {
  for (const unit of ['d', 'h', 'm'] as const) {
    if (ms >= UNIT_MS[unit] && ms % UNIT_MS[unit] === 0) return `${ms / UNIT_MS[unit]}${unit}`;
  }
  return `${Math.ceil(ms / UNIT_MS.s)}s`;
}
