/**
 * The `serve` options of jobs, watches, webhooks and evidence (src/cli/serve-options.ts): each flag and variable,
 * wrong values refused naming the flag or variable, the data key from the environment only and never quoted.
 */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.js';
import { readServeOptions, readStoreLocation, serveUsage } from '../../src/cli/serve-options.js';
import type { ServerConfig } from '../../src/server/config.js';

function config(argv: string[], env: Record<string, string> = {}): ServerConfig {
  const request = readServeOptions(argv, env);
  if (request.help) throw new Error('unexpected help');
  return request.config;
}

const KEY = Buffer.alloc(32, 9).toString('base64');

describe('serve options of the background work', () => {
  it('reads each flag and its variable, the flag winning', () => {
    expect(config(['--job-concurrency-per-state', '4', '--watch-interval', '12h', '--evidence-years', '7', '--allow-private-webhooks', '--no-workers'])).toEqual({
      jobConcurrencyPerState: 4,
      watchIntervalMs: 12 * 3_600_000,
      evidenceYears: 7,
      allowPrivateWebhooks: true,
      workers: false,
    });
    const env = {
      VERIFIELD_JOB_CONCURRENCY_PER_STATE: '3',
      VERIFIELD_WATCH_INTERVAL: '1m',
      VERIFIELD_EVIDENCE_YEARS: '12',
      VERIFIELD_ALLOW_PRIVATE_WEBHOOKS: 'on',
      VERIFIELD_WORKERS: 'off',
      VERIFIELD_DATA_KEY: KEY,
    };
    expect(config([], env)).toEqual({ jobConcurrencyPerState: 3, watchIntervalMs: 60_000, evidenceYears: 12, allowPrivateWebhooks: true, workers: false, dataKey: KEY });
    expect(config(['--watch-interval', '45s'], env).watchIntervalMs).toBe(45_000);
    expect(config([])).toEqual({});
  });

  it('refuses wrong values, naming the flag or variable', () => {
    expect(() => config(['--watch-interval', '7 days'])).toThrow(new UsageError('--watch-interval: "7 days" is not a duration such as 7d, 12h, 30m or 45s'));
    expect(() => config(['--job-concurrency-per-state', '0'])).toThrow(UsageError);
    expect(() => config([], { VERIFIELD_EVIDENCE_YEARS: 'ten' })).toThrow('VERIFIELD_EVIDENCE_YEARS');
    expect(() => config([], { VERIFIELD_ALLOW_PRIVATE_WEBHOOKS: 'maybe' })).toThrow('VERIFIELD_ALLOW_PRIVATE_WEBHOOKS');
  });

  it('takes the data key from the environment only, and never quotes a wrong one', () => {
    expect(() => config(['--data-key', KEY])).toThrow(UsageError);
    const wrong = 'c2hvcnQta2V5LXNlY3JldA==';
    let message = '';
    try {
      config([], { VERIFIELD_DATA_KEY: wrong });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe('VERIFIELD_DATA_KEY: use the base64 of 32 bytes (e.g. openssl rand -base64 32)');
    expect(readStoreLocation(new Map([['database-url', 'postgres://db/app']]), { VERIFIELD_DATA_KEY: KEY })).toEqual({ databaseUrl: 'postgres://db/app', dataKey: KEY });
  });

  it('lists them in the help text', () => {
    for (const text of ['--job-concurrency-per-state N', '--watch-interval DUR', '--evidence-years N', '--allow-private-webhooks', '--no-workers', 'VERIFIELD_DATA_KEY']) {
      expect(serveUsage).toContain(text);
    }
  });
});
