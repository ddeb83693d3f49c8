/**
 * Names of the backplane's Redis keys. Everything sits under one prefix (default `verifield:`),
 * so several deployments (or test runs) can share a Redis server without seeing each other.
 */

/** Default prefix of every key. */
export const DEFAULT_KEY_PREFIX = 'verifield:';

export interface RedisKeys {
  /** Sorted set of an account's leases, scored by expiry (ms, Redis clock). */
  accountLeases(accountId: string): string;
  /** Sorted set of the shared pool's leases (non-PRO plans). */
  poolLeases: string;
  /** Hash of every country's circuit breaker: field = country code. */
  breakers: string;
  /** A cached VIES answer, by the number's keyed hash (never the number itself). */
  viesAnswer(countryCode: string, numberIndex: string): string;
  /** The claim of one slot of a periodic job. */
  jobSlot(job: string, slot: string): string;
  /** The readiness probe's key, written and read back by GET /readyz (expires by itself). */
  probe: string;
}

/** The keys under `prefix`. */
export function redisKeys(prefix: string = DEFAULT_KEY_PREFIX): RedisKeys {
  return {
    accountLeases: (accountId) => `${prefix}lease:account:${accountId}`,
    poolLeases: `${prefix}lease:pool`,
    breakers: `${prefix}breakers`,
    viesAnswer: (countryCode, numberIndex) => `${prefix}vies:${countryCode}:${numberIndex}`,
    jobSlot: (job, slot) => `${prefix}job:${job}:${slot}`,
    probe: `${prefix}readyz`,
  };
}
