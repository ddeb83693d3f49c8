/**
 * `verifield serve` options (docs/service.md#configuration): every flag and its environment variable, flags winning,
 * wrong values refused with a message that names the flag or the variable, and a help text that
 * lists them all.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.js';
import { readServeOptions, readStoreLocation, serveUsage } from '../../src/cli/serve-options.js';
import type { ServerConfig } from '../../src/server/config.js';

function config(argv: string[], env: Record<string, string> = {}): ServerConfig {
  const request = readServeOptions(argv, env);
  if (request.help) throw new Error('unexpected help');
  return request.config;
}

/** Every option of docs/service.md#configuration (and of ServerConfig): flag, variable, a good raw value, what it becomes. */
const OPTIONS: Array<[flag: string, env: string, raw: string, key: keyof ServerConfig, value: unknown]> = [
  ['--port', 'PORT', '9090', 'port', 9090],
  ['--host', 'HOST', '0.0.0.0', 'host', '0.0.0.0'],
  ['--data-dir', 'VERIFIELD_DATA_DIR', '/var/lib/verifield', 'dataDir', '/var/lib/verifield'],
  ['--database-url', 'DATABASE_URL', 'postgres://app:secret@db:5432/app', 'databaseUrl', 'postgres://app:secret@db:5432/app'],
  ['--redis-url', 'REDIS_URL', 'redis://cache:6379/0', 'redisUrl', 'redis://cache:6379/0'],
  ['--vies-protocol', 'VERIFIELD_VIES_PROTOCOL', 'soap', 'viesProtocol', 'soap'],
  ['--vies-url', 'VERIFIELD_VIES_URL', 'http://127.0.0.1:7001/vies', 'viesUrl', 'http://127.0.0.1:7001/vies'],
  ['--vies-status-url', 'VERIFIELD_VIES_STATUS_URL', 'http://127.0.0.1:7002/status', 'viesStatusUrl', 'http://127.0.0.1:7002/status'],
  ['--tedb-url', 'VERIFIELD_TEDB_URL', 'https://tedb.example/ws', 'tedbUrl', 'https://tedb.example/ws'],
  ['--dns-servers', 'VERIFIELD_DNS_SERVERS', '127.0.0.1:5353,[::1]:53', 'dnsServers', ['127.0.0.1:5353', '[::1]:53']],
  ['--rdap-bootstrap-url', 'VERIFIELD_RDAP_BOOTSTRAP_URL', 'http://127.0.0.1:7003/dns.json', 'rdapBootstrapUrl', 'http://127.0.0.1:7003/dns.json'],
  ['--shared-pool-size', 'VERIFIELD_SHARED_POOL_SIZE', '16', 'sharedPoolSize', 16],
  ['--usage-log-days', 'VERIFIELD_USAGE_LOG_DAYS', '30', 'usageLogDays', 30],
];

describe('verifield serve options', () => {
  it('has nothing set when neither a flag nor a variable is given (the service applies its defaults)', () => {
    expect(config([])).toEqual({});
  });

  it.each(OPTIONS)('%s and %s set the same setting', (flag, env, raw, key, value) => {
    expect(config([flag, raw])[key]).toEqual(value);
    expect(config([`${flag}=${raw}`])[key]).toEqual(value);
    expect(config([], { [env]: raw })[key]).toEqual(value);
  });

  it('lets a flag win over its variable, and ignores empty variables', () => {
    expect(config(['--port', '7000'], { PORT: '9000' }).port).toBe(7000);
    expect(config([], { PORT: '' }).port).toBeUndefined();
    expect(config(['--data-dir', './here'], { VERIFIELD_DATA_DIR: './there' }).dataDir).toBe('./here');
  });

  it('turns the jobs off with --no-jobs or VERIFIELD_JOBS=off', () => {
    expect(config(['--no-jobs']).jobs).toBe(false);
    expect(config([], { VERIFIELD_JOBS: 'off' }).jobs).toBe(false);
    expect(config([], { VERIFIELD_JOBS: 'true' }).jobs).toBe(true);
    expect(config(['--no-jobs'], { VERIFIELD_JOBS: 'on' }).jobs).toBe(false);
  });

  it.each([
    [['--port', '80a'], '--port'],
    [['--port', '70000'], '--port'],
    [['--port'], '--port needs a value'],
    [['--port', '--host', 'x'], '--port needs a value'],
    [['--vies-url', 'ftp://x'], '--vies-url'],
    [['--vies-protocol', 'graphql'], '--vies-protocol: "graphql" is not rest or soap'],
    [['--vies-protocol'], '--vies-protocol needs a value'],
    [['--tedb-url', 'not a url'], '--tedb-url'],
    [['--database-url', 'mysql://x'], '--database-url'],
    [['--redis-url', 'http://x'], '--redis-url'],
    [['--dns-servers', '1.1.1.1:99999'], '--dns-servers'],
    [['--shared-pool-size', '0'], '--shared-pool-size'],
    [['--usage-log-days', '0'], '--usage-log-days'],
    [['--colour'], 'unknown option: --colour'],
    [['-p', '80'], 'unknown option: -p'],
    [['extra'], 'unexpected argument: extra'],
    [['--no-jobs=yes'], '--no-jobs takes no value'],
  ])('refuses %j, naming %s', (argv, words) => {
    expect(() => config(argv)).toThrow(UsageError);
    expect(() => config(argv)).toThrow(words);
  });

  it('names the variable when the environment holds a wrong value', () => {
    expect(() => config([], { PORT: 'eighty' })).toThrow('PORT: "eighty" is not a whole number');
    expect(() => config([], { VERIFIELD_JOBS: 'maybe' })).toThrow('VERIFIELD_JOBS');
    expect(() => config([], { VERIFIELD_VIES_PROTOCOL: 'xml' })).toThrow('VERIFIELD_VIES_PROTOCOL: "xml" is not rest or soap');
  });

  it('never repeats a database or Redis URL in a message: it may hold a password', () => {
    expect(() => config(['--database-url', 'mysql://root:hunter2@db/app'])).toThrow(/^(?!.*hunter2)/);
    expect(() => config([], { REDIS_URL: 'memcached://:hunter2@cache' })).toThrow(/^(?!.*hunter2)/);
  });

  it('answers --help and -h with a text that lists every flag and variable', () => {
    expect(readServeOptions(['--help'], {})).toEqual({ help: true });
    expect(readServeOptions(['-h'], {})).toEqual({ help: true });
    for (const [flag, env] of OPTIONS) {
      expect(serveUsage).toContain(flag);
      expect(serveUsage).toContain(env);
    }
    expect(serveUsage).toContain('--no-jobs');
  });
});

describe('the operator token of the admin API', () => {
  const token = 'f3a9c1d27be84e6a9d0c5b7e2f1a4c8d';

  it('comes from VERIFIELD_ADMIN_TOKEN only: there is no flag, which would show in ps', () => {
    expect(config([], { VERIFIELD_ADMIN_TOKEN: token }).adminToken).toBe(token);
    expect(config([], { VERIFIELD_ADMIN_TOKEN: `  ${token}\n` }).adminToken).toBe(token);
    expect(config([]).adminToken).toBeUndefined();
    expect(config([], { VERIFIELD_ADMIN_TOKEN: '' }).adminToken).toBeUndefined();
    expect(() => config(['--admin-token', token])).toThrow('unknown option: --admin-token');
  });

  it('refuses a token under 32 characters or with spaces, without repeating it', () => {
    for (const weak of ['hunter2hunter2', `${token.slice(0, 31)}`, `${token.slice(0, 20)} ${token.slice(20)}`]) {
      expect(() => config([], { VERIFIELD_ADMIN_TOKEN: weak }), weak).toThrow(UsageError);
      expect(() => config([], { VERIFIELD_ADMIN_TOKEN: weak })).toThrow('VERIFIELD_ADMIN_TOKEN: use 32 or more printable characters');
      expect(() => config([], { VERIFIELD_ADMIN_TOKEN: weak })).toThrow(/^(?!.*hunter2)/);
    }
  });

  it('refuses a visibly weak token of any length: one character repeated, a few cycled, or a run', () => {
    const cases: [string, string][] = [
      ['a'.repeat(32), 'it repeats a few characters'],
      ['abab'.repeat(16), 'it repeats a few characters'],
      ['passwd12'.repeat(5).slice(0, 33), 'it repeats a few characters'],
      ['abcdefghijklmnopqrstuvwxyz012345', 'it is a run of neighbouring characters'],
      ['0123456789'.repeat(4), 'it is a run of neighbouring characters'],
      ['ZYXWVUTSRQPONMLKJIHGFEDCBAzyxwvu', 'it is a run of neighbouring characters'],
    ];
    for (const [weak, why] of cases) {
      expect(() => config([], { VERIFIELD_ADMIN_TOKEN: weak }), weak).toThrow(`VERIFIELD_ADMIN_TOKEN: ${why}: make one with openssl rand -hex 32`);
    }
  });

  it('accepts what the generators it names make: 200 hex and base64 tokens of 32 random bytes', () => {
    for (let i = 0; i < 100; i++) {
      const bytes = randomBytes(32);
      for (const made of [bytes.toString('hex'), bytes.toString('base64')]) expect(config([], { VERIFIELD_ADMIN_TOKEN: made }).adminToken, made).toBe(made);
    }
  });

  it('is named in the help text, as a variable without a flag', () => {
    const line = serveUsage.split('\n').find((text) => text.includes('VERIFIELD_ADMIN_TOKEN')) ?? '';
    expect(line).toContain('Authorization: Bearer');
    expect(line).not.toContain('--');
  });
});

describe('the store options of the admin commands', () => {
  it('read --data-dir and --database-url like serve, the flag winning over the variable', () => {
    expect(readStoreLocation(new Map(), {})).toEqual({});
    expect(readStoreLocation(new Map([['data-dir', './a']]), { VERIFIELD_DATA_DIR: './b' })).toEqual({ dataDir: './a' });
    expect(readStoreLocation(new Map(), { VERIFIELD_DATA_DIR: './b', DATABASE_URL: 'postgresql://h/db' })).toEqual({
      dataDir: './b',
      databaseUrl: 'postgresql://h/db',
    });
  });
});
