/**
 * A budget of failed authentications per source (the client's address, docs/service.md#failed-authentication):
 * a token bucket per source, `burst` failures at once, refilled at `burst` per `windowMs`. A source
 * whose bucket is empty is limited until a token comes back: its requests are refused (429
 * AUTH_RATE_LIMITED) without a key lookup or a body read, so a flood of guessed keys costs the
 * service next to nothing and is slowed to the refill rate. The sources are kept in an LRU
 * (lru.ts): memory stays bounded whatever addresses a flood comes from. While a source is limited,
 * one log line per source per minute says so (the address and the count refused, never a key).
 */
import { LruMap } from './lru.js';

/** How many failures, over how long, and how many sources are remembered. */
export interface FailureBudgetOptions {
  /** Failures a source may make at once (the bucket's size). */
  burst: number;
  /** Time in which a source's whole burst comes back (the refill rate is burst / windowMs). */
  windowMs: number;
  /** Sources remembered; the least recently seen is forgotten first. Default {@link BUDGET_SOURCES}. */
  maxSources?: number;
  /** What the log line calls the failures, e.g. `API key`. */
  what: string;
  /** Operational log line sink. */
  log: (line: string) => void;
  /** Milliseconds from any origin, never going back (tests pass a fake). Default performance.now. */
  ticks?: () => number;
}

/** The validation endpoints' budget: 20 failed keys at once per source, 20 more every 10 s. */
export const KEY_FAILURES = Object.freeze({ burst: 20, windowMs: 10_000 });
/** The operator token's budget (admin API): 10 failures a minute per source. */
export const OPERATOR_TOKEN_FAILURES = Object.freeze({ burst: 10, windowMs: 60_000 });
/** Sources remembered by a budget: about 1 MB. */
export const BUDGET_SOURCES = 10_000;
/** While a source is limited, one log line per this time. */
export const LIMITED_LOG_MS = 60_000;

export interface FailureBudget {
  /** Whether any source may be limited now: false (a clock read, no lookup) lets a caller skip finding the source. */
  limiting(): boolean;
  /**
   * Seconds the source must wait (the Retry-After of its 429, at least 1) while it has no failure
   * left; 0 when it may go on.
   */
  retryAfter(source: string): number;
  /** Counts a failed authentication of `source`. */
  failed(source: string): void;
}

interface Bucket {
  tokens: number;
  /** ticks() when `tokens` was last brought up to date. */
  at: number;
  /** ticks() of the last "limited" log line; -Infinity before any. */
  loggedAt: number;
  /** Requests refused since that line. */
  refused: number;
}

/** A budget as the file comment says. */
export function createFailureBudget(options: FailureBudgetOptions): FailureBudget {
  const { burst, windowMs, what, log } = options;
  const ticks = options.ticks ?? (() => performance.now());
  const perMs = burst / windowMs;
  const sources = new LruMap<string, Bucket>(options.maxSources ?? BUDGET_SOURCES);
  // No source can be limited after this time: until then a request's source is looked up, after it not.
  let limitedUntil = -Infinity;

  function refill(bucket: Bucket, now: number): void {
    bucket.tokens = Math.min(burst, bucket.tokens + (now - bucket.at) * perMs);
    bucket.at = now;
  }

  return {
    limiting() {
      return ticks() < limitedUntil;
    },
    retryAfter(source) {
      const now = ticks();
      if (now >= limitedUntil) return 0;
      const bucket = sources.get(source);
      if (bucket === undefined) return 0;
      refill(bucket, now);
      if (bucket.tokens >= 1) return 0;
      bucket.refused++;
      if (now - bucket.loggedAt >= LIMITED_LOG_MS) {
        log(JSON.stringify({ level: 'warn', msg: `too many failed ${what} authentications: source limited`, source, refused: bucket.refused }));
        bucket.loggedAt = now;
        bucket.refused = 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1_000));
    },
    failed(source) {
      const now = ticks();
      let bucket = sources.get(source);
      if (bucket === undefined) {
        bucket = { tokens: burst, at: now, loggedAt: -Infinity, refused: 0 };
        sources.set(source, bucket);
      } else {
        refill(bucket, now);
      }
      bucket.tokens = Math.max(0, bucket.tokens - 1);
      if (bucket.tokens < 1) limitedUntil = Math.max(limitedUntil, now + (1 - bucket.tokens) / perMs);
    },
  };
}
