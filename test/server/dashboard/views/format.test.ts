import { describe, expect, it } from 'vitest';
import { formatAge, formatCount, formatPercent, formatTime, timeTag } from '../../../../src/server/dashboard/views/format.js';

describe('how the dashboard writes numbers and times', () => {
  it('writes counts with thousands separators', () => {
    expect([0, 999, 1000, 50_000, 1_234_567].map(formatCount)).toEqual(['0', '999', '1,000', '50,000', '1,234,567']);
  });

  it('writes times in UTC to the minute', () => {
    expect(formatTime(new Date('2026-11-26T14:03:59.999Z'))).toBe('2026-11-26 14:03 UTC');
    expect(formatTime(new Date('2026-11-26T23:30:00-05:00'))).toBe('2026-11-27 04:30 UTC');
    expect(timeTag(new Date('2026-01-02T03:04:05Z')).text).toBe('<time datetime="2026-01-02T03:04:05.000Z">2026-01-02 03:04 UTC</time>');
  });

  it('writes an age in its largest whole unit', () => {
    const now = new Date('2026-11-26T14:00:00Z');
    const before = (ms: number) => new Date(now.getTime() - ms);
    expect(formatAge(before(59_999), now)).toBe('less than a minute ago');
    expect(formatAge(before(60_000), now)).toBe('1 minute ago');
    expect(formatAge(before(59 * 60_000), now)).toBe('59 minutes ago');
    expect(formatAge(before(3_600_000), now)).toBe('1 hour ago');
    expect(formatAge(before(3 * 3_600_000 + 59 * 60_000), now)).toBe('3 hours ago');
    expect(formatAge(before(86_400_000), now)).toBe('1 day ago');
    expect(formatAge(before(1500 * 86_400_000), now)).toBe('1,500 days ago');
  });

  it('writes percentages with at most two decimals', () => {
    expect([100, 99.5, 66.67, 0, 12.345].map(formatPercent)).toEqual(['100%', '99.5%', '66.67%', '0%', '12.35%']);
  });
});
