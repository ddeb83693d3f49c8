/** Durations as operators write them (src/server/policy/durations.ts): `serve --watch-interval`. */
import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from '../../../src/server/policy/durations.js';

describe('parseDuration', () => {
  it('reads a whole number and one unit', () => {
    expect(parseDuration('7d')).toBe(7 * 86_400_000);
    expect(parseDuration('12h')).toBe(12 * 3_600_000);
    expect(parseDuration('30m')).toBe(30 * 60_000);
    expect(parseDuration('1m')).toBe(60_000);
    expect(parseDuration('45s')).toBe(45_000);
    expect(parseDuration(' 2D ')).toBe(2 * 86_400_000);
  });

  it('is null for anything else, and never throws on a string', () => {
    for (const text of ['', '7', 'd', '0s', '-1h', '1.5h', '7 days', '1w', '1h30m', '9999999999d', '\u0000']) expect(parseDuration(text)).toBeNull();
  });

  it('writes back in the largest whole unit', () => {
    expect(formatDuration(7 * 86_400_000)).toBe('7d');
    expect(formatDuration(90 * 60_000)).toBe('90m');
    expect(formatDuration(45_000)).toBe('45s');
  });
});
