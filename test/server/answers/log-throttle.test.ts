/**
 * Log throttling (src/server/answers/log-throttle.ts) on a fake clock: one line per distinct error per
 * 10 s, then one line that counts the repeats not written; distinct errors apart; a burst of the
 * issue's size (97,749 failures in 15 s) comes down to a handful of lines. Over HTTP, a store that
 * fails every count gives one log line for many failed requests; two services over one log sink
 * each throttle their own.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogThrottle, logFailure, MAX_KINDS } from '../../../src/server/answers/log-throttle.js';
import { createApp } from '../../../src/server/http/app.js';
import { startServer } from '../../../src/server/http/start.js';
import { instrumentStore } from '../../support/fakes/store.js';
import { accountWithKey } from '../../support/server.js';
import { openTestStore } from '../../support/store/test-store.js';
import { germanIban } from '../../support/generators/iban.js';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-05-01T00:00:00Z') });
});

afterEach(() => {
  vi.useRealTimers();
});

const DISK_FULL = 'validation request failed: SqliteError: database or disk is full';

describe('createLogThrottle', () => {
  it('writes the first line of an error, counts the repeats for 10 s, then writes the count', () => {
    const lines: string[] = [];
    const throttle = createLogThrottle({ log: (line) => lines.push(line) });
    for (let i = 0; i < 5; i++) throttle.write(DISK_FULL, () => `{"msg":"failed","n":${i}}`);
    expect(lines).toEqual(['{"msg":"failed","n":0}']);
    vi.advanceTimersByTime(9_999);
    expect(lines).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1] as string)).toEqual({
      level: 'warn',
      msg: `${DISK_FULL} (and 4 more like it in the last 10 s)`,
      suppressed: 4,
    });
    // The next one opens a new window and is written again.
    throttle.write(DISK_FULL, () => 'again');
    expect(lines.at(-1)).toBe('again');
  });

  it('writes no count when the error did not repeat, and builds no line it does not write', () => {
    const lines: string[] = [];
    const throttle = createLogThrottle({ log: (line) => lines.push(line) });
    throttle.write('lease release failed', () => 'once');
    vi.advanceTimersByTime(10_000);
    expect(lines).toEqual(['once']);
    const build = vi.fn(() => 'built');
    throttle.write('x', build);
    throttle.write('x', build);
    throttle.write('x', build);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('keeps distinct errors apart', () => {
    const lines: string[] = [];
    const throttle = createLogThrottle({ log: (line) => lines.push(line) });
    throttle.write('a', () => 'a1');
    throttle.write('b', () => 'b1');
    throttle.write('a', () => 'a2');
    throttle.write('b', () => 'b2');
    throttle.write('b', () => 'b3');
    expect(lines).toEqual(['a1', 'b1']);
    vi.advanceTimersByTime(10_000);
    expect(lines.slice(2).map((line) => JSON.parse(line).msg).sort()).toEqual([
      'a (and 1 more like it in the last 10 s)',
      'b (and 2 more like it in the last 10 s)',
    ]);
  });

  it("turns the issue's 97,749 failures in 15 s into four lines", () => {
    const lines: string[] = [];
    const throttle = createLogThrottle({ log: (line) => lines.push(line) });
    const total = 97_749;
    let elapsed = 0;
    for (let i = 0; i < total; i++) {
      // Evenly over 15 s.
      const at = Math.floor((i * 15_000) / total);
      if (at > elapsed) {
        vi.advanceTimersByTime(at - elapsed);
        elapsed = at;
      }
      throttle.write(DISK_FULL, () => 'disk full');
    }
    vi.advanceTimersByTime(10_000);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('disk full');
    expect(lines[2]).toBe('disk full');
    const [first = 0, second = 0] = [lines[1], lines[3]].map((line) => (JSON.parse(line as string) as { suppressed: number }).suppressed);
    expect(first + second + 2).toBe(total);
    expect(JSON.parse(lines[1] as string).msg).toMatch(/^validation request failed: .* \(and \d{2},\d{3} more like it in the last 10 s\)$/);
  });

  it('counts the errors beyond its limit of kinds together, so random messages cannot flood the log', () => {
    const lines: string[] = [];
    const throttle = createLogThrottle({ log: (line) => lines.push(line), maxKinds: 3 });
    for (let i = 0; i < 100; i++) throttle.write(`error ${i}`, () => `line ${i}`);
    expect(lines).toEqual(['line 0', 'line 1', 'line 2', 'line 3']);
    throttle.flush();
    expect(JSON.parse(lines.at(-1) as string).msg).toBe('other errors (and 96 more like it in the last 10 s)');
    expect(MAX_KINDS).toBeGreaterThanOrEqual(100);
  });

  it('flush writes the open counts at once and forgets them', () => {
    const lines: string[] = [];
    const throttle = createLogThrottle({ log: (line) => lines.push(line) });
    throttle.write('a', () => 'a1');
    throttle.write('a', () => 'a2');
    throttle.flush();
    expect(lines).toHaveLength(2);
    vi.advanceTimersByTime(20_000);
    expect(lines).toHaveLength(2);
    throttle.write('a', () => 'a3');
    expect(lines.at(-1)).toBe('a3');
  });
});

describe('logFailure', () => {
  it('writes the entry and the error as one JSON line, and throttles by what failed and the error', () => {
    const lines: string[] = [];
    const log = createLogThrottle({ log: (line) => lines.push(line) });
    const failure = 'Error: connection to the database lost | at count (meter.ts:1:1)';
    for (let i = 0; i < 3; i++) logFailure(log, { level: 'error', msg: 'validation request failed', requestId: `r${i}` }, failure);
    logFailure(log, { level: 'error', msg: 'validation request failed', requestId: 'r9' }, 'Error: disk full | at x');
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { level: 'error', msg: 'validation request failed', requestId: 'r0', error: failure },
      { level: 'error', msg: 'validation request failed', requestId: 'r9', error: 'Error: disk full | at x' },
    ]);
    vi.advanceTimersByTime(10_000);
    expect(JSON.parse(lines[2] as string).msg).toBe('validation request failed: Error: connection to the database lost (and 2 more like it in the last 10 s)');
  });
});

describe('the throttle of a service', () => {
  it('is one for every place that logs failures, and another service over the same sink has its own', async () => {
    const places: string[] = [];
    const throttle = createLogThrottle({ log: (line) => places.push(line) });
    logFailure(throttle, { level: 'error', msg: 'request failed', path: '/a' }, 'Error: e | at a');
    logFailure(throttle, { level: 'error', msg: 'request failed', path: '/b' }, 'Error: e | at b');
    expect(places).toHaveLength(1);

    vi.useRealTimers();
    const logs: string[] = [];
    const log = (line: string): void => void logs.push(line);
    const stores = [instrumentStore(await openTestStore()), instrumentStore(await openTestStore())];
    const services = stores.map((store) => ({ store, app: createApp({ store, jobs: false, workers: false, log }) }));
    try {
      for (const { store, app } of services) {
        const { key } = await accountWithKey(store, 'PRO');
        store.failCounts(1);
        const response = await app.fetch(
          new Request('http://localhost/api/v1/validate/iban', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-API-KEY': key },
            body: JSON.stringify({ value: germanIban('370400440532013000') }),
          }),
        );
        expect(response.status).toBeGreaterThanOrEqual(500);
      }
      expect(logs.filter((line) => line.includes('validation request failed'))).toHaveLength(2);
    } finally {
      for (const { store, app } of services) {
        await app.close();
        await store.close();
      }
    }
  });
});

describe('over HTTP', () => {
  it('30 validations failing alike are refused (5xx) each and logged once', async () => {
    vi.useRealTimers();
    const store = instrumentStore(await openTestStore());
    const { key } = await accountWithKey(store, 'PRO');
    const logs: string[] = [];
    const server = await startServer({ port: 0, host: '127.0.0.1', jobs: false, store, log: (line) => logs.push(line) });
    try {
      store.failCounts(30);
      const statuses = await Promise.all(
        Array.from({ length: 30 }, async () => {
          const response = await fetch(`${server.url}/api/v1/validate/iban`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-API-KEY': key },
            body: JSON.stringify({ value: germanIban('370400440532013000') }),
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      expect(statuses.every((status) => status >= 500 && status < 600)).toBe(true);
      const failures = logs.filter((line) => line.includes('validation request failed'));
      expect(failures).toHaveLength(1);
      expect(failures[0]).toContain('connection to the database lost');
    } finally {
      await server.close();
      await store.close();
    }
  });
});
