/**
 * The DnsResolver port on Node's `node:dns/promises` (c-ares), with its own resolvers so that
 * servers are configurable (tests point it at a loopback DNS server), a hard time budget per
 * lookup, and a small in-process cache. Semantics: docs/protocols.md#dns.
 */
import { Resolver } from 'node:dns/promises';
import type { DnsAnswer, DnsFailureReason, DnsResolver, MxAnswer, MxRecord } from '../ports.js';

/** Options of {@link nodeDnsResolver}. */
export interface NodeDnsResolverOptions {
  /**
   * DNS servers to ask, in order: `'192.0.2.53'`, `'192.0.2.53:5353'`, `'[2001:db8::53]:53'`.
   * Default: the system's resolvers (/etc/resolv.conf), read once when the adapter is made.
   */
  servers?: readonly string[];
  /**
   * Budget of one lookup in milliseconds, retries and failover to the next server included;
   * when it runs out the lookup answers `error` / `timeout`. An A lookup asks A and AAAA at once
   * within one budget. Default 2000.
   */
  timeoutMs?: number;
  /** The longest an answer is reused, in seconds (also for records with a longer TTL); 0 turns the cache off. Default 300. */
  maxTtlSeconds?: number;
  /** How many answers the cache keeps; the oldest go first. Default 10,000. */
  cacheEntries?: number;
  /** Milliseconds clock of the cache; tests pass a controllable one. Default `Date.now`. */
  now?: () => number;
}

const DEFAULT_TIMEOUT_MS = 2000;
const DEFAULT_MAX_TTL_SECONDS = 300;
const DEFAULT_CACHE_ENTRIES = 10_000;
/**
 * How long answers whose TTL Node does not expose are reused: MX records (`resolveMx` drops the
 * TTL) and negative answers (the SOA minimum of RFC 2308 is not passed on). A minute stays below
 * the TTL that mail domains publish in practice (300 to 3600 s), so the bound is kept.
 */
const UNSEEN_TTL_SECONDS = 60;
/**
 * c-ares tries: each try waits a quarter of the budget, then the next server or a resend (a lost
 * UDP datagram); our own deadline cancels whatever is left when the budget ends.
 */
const TRIES = 3;

type Answer = MxAnswer | DnsAnswer<string>;
type Outcome = 'nxdomain' | 'nodata' | DnsFailureReason;

const NO_DOMAIN = Object.freeze({ kind: 'nxdomain' as const });
const NO_DATA = Object.freeze({ kind: 'nodata' as const });
const TIMED_OUT = Object.freeze({ kind: 'error' as const, reason: 'timeout' as const });

/** Reads a rejection of `node:dns` (its `code`) as an outcome of the port. */
function outcomeOf(error: unknown): Outcome {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  switch (code) {
    case 'ENOTFOUND':
      return 'nxdomain';
    case 'ENODATA':
      return 'nodata';
    case 'ETIMEOUT':
    case 'ECANCELLED':
      return 'timeout';
    case 'ESERVFAIL':
      return 'servfail';
    case 'EREFUSED':
    case 'ECONNREFUSED':
      return 'refused';
    default:
      return 'other';
  }
}

function answerOf(outcome: Outcome): DnsAnswer<never> {
  if (outcome === 'nxdomain') return NO_DOMAIN;
  if (outcome === 'nodata') return NO_DATA;
  if (outcome === 'timeout') return TIMED_OUT;
  return { kind: 'error', reason: outcome };
}

/** Lower-case, without the trailing dot of a fully qualified name. */
function canonicalName(name: string): string {
  return (name.endsWith('.') ? name.slice(0, -1) : name).toLowerCase();
}

/** Settles with `promise`, or with `aborted` as soon as `signal` aborts (the promise runs on). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, aborted: T): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.resolve(aborted);
  return new Promise<T>((resolve) => {
    const onAbort = (): void => resolve(aborted);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve(aborted);
      },
    );
  });
}

interface CacheEntry {
  answer: Answer;
  /** When the entry was stored and when it stops being used (ms). */
  storedAt: number;
  expiresAt: number;
}

/**
 * A DnsResolver on `node:dns/promises`. It distinguishes no such domain (`nxdomain`), a name
 * without records of the type (`nodata`), RFC 7505's null MX (`null-mx`) and a question nobody
 * could answer (`error`: timeout, SERVFAIL, refused). It never rejects.
 *
 * Each lookup gets its own c-ares channel, so one lookup's deadline cancels nothing else, and
 * ends within `timeoutMs` whatever the servers do. Answers are cached per name and type for
 * their TTL, at most `maxTtlSeconds`; MX and negative answers, whose TTL Node hides, for 60 s at
 * most; failures are not cached. Lookups of the same name in flight at the same time share one
 * query.
 *
 * @example
 * ```ts
 * // Without `servers`, the system's resolvers; `verifield serve` reads VERIFIELD_DNS_SERVERS.
 * const dns = nodeDnsResolver({ servers: process.env.VERIFIELD_DNS_SERVERS?.split(','), timeoutMs: 2000 });
 * await dns.mx('gmail.com'); // { kind: 'records', records: [{ exchange: 'gmail-smtp-in.l.google.com', priority: 5 }], ttl: 60 }
 * (await dns.mx('example.com')).kind; // 'null-mx'
 * ```
 */
export function nodeDnsResolver(options: NodeDnsResolverOptions = {}): DnsResolver {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!(timeoutMs > 0) || !Number.isFinite(timeoutMs)) throw new RangeError('nodeDnsResolver: timeoutMs must be a positive number');
  const maxTtlSeconds = options.maxTtlSeconds ?? DEFAULT_MAX_TTL_SECONDS;
  if (!(maxTtlSeconds >= 0)) throw new RangeError('nodeDnsResolver: maxTtlSeconds must be 0 or more');
  const cacheEntries = options.cacheEntries ?? DEFAULT_CACHE_ENTRIES;
  const now = options.now ?? Date.now;
  const perTryMs = Math.max(1, Math.floor(timeoutMs / (TRIES + 1)));
  const servers = options.servers === undefined ? new Resolver().getServers() : [...options.servers];
  // Refuses a malformed server list now, not on every lookup.
  new Resolver().setServers(servers);

  const cache = new Map<string, CacheEntry>();
  const inFlight = new Map<string, Promise<Answer>>();

  function remember(key: string, answer: Answer): void {
    let ttl: number;
    if (answer.kind === 'records' || answer.kind === 'null-mx') ttl = answer.ttl;
    else if (answer.kind === 'nxdomain' || answer.kind === 'nodata') ttl = Math.min(UNSEEN_TTL_SECONDS, maxTtlSeconds);
    else return;
    if (ttl <= 0 || cacheEntries <= 0) return;
    cache.delete(key);
    if (cache.size >= cacheEntries) {
      const oldest = cache.keys().next();
      if (oldest.done !== true) cache.delete(oldest.value);
    }
    const at = now();
    cache.set(key, { answer, storedAt: at, expiresAt: at + ttl * 1000 });
  }

  function cached(key: string): Answer | undefined {
    const entry = cache.get(key);
    if (entry === undefined) return undefined;
    const at = now();
    if (at >= entry.expiresAt) {
      cache.delete(key);
      return undefined;
    }
    const { answer } = entry;
    if (answer.kind !== 'records' && answer.kind !== 'null-mx') return answer;
    // Like a caching resolver, say how long the answer remains good.
    return { ...answer, ttl: Math.max(1, Math.floor((entry.expiresAt - at) / 1000)) } as Answer;
  }

  /** Runs `question` on a fresh channel that is cancelled when the budget ends. */
  async function ask<T>(question: (resolver: Resolver) => Promise<T>): Promise<T> {
    const resolver = new Resolver({ timeout: perTryMs, tries: TRIES });
    resolver.setServers(servers);
    const deadline = setTimeout(() => resolver.cancel(), timeoutMs);
    try {
      return await question(resolver);
    } finally {
      clearTimeout(deadline);
    }
  }

  function boundTtl(ttl: number): number {
    return Math.min(ttl, maxTtlSeconds);
  }

  async function lookUpMx(domain: string): Promise<MxAnswer> {
    let found: { exchange: string; priority: number }[];
    try {
      found = await ask((resolver) => resolver.resolveMx(domain));
    } catch (error) {
      return answerOf(outcomeOf(error));
    }
    const records: MxRecord[] = [];
    let nullMx = false;
    for (const { exchange, priority } of found) {
      const host = canonicalName(exchange);
      // Node reports RFC 7505's `MX 0 .` as an empty exchange. Next to real records it is a
      // misconfiguration; the real records are used then.
      if (host === '') nullMx = true;
      else records.push({ exchange: host, priority });
    }
    const ttl = boundTtl(UNSEEN_TTL_SECONDS);
    if (records.length === 0) return nullMx ? { kind: 'null-mx', ttl } : NO_DATA;
    records.sort((x, y) => x.priority - y.priority || (x.exchange < y.exchange ? -1 : x.exchange > y.exchange ? 1 : 0));
    return { kind: 'records', records, ttl };
  }

  async function lookUpAddresses(domain: string): Promise<DnsAnswer<string>> {
    const [v4, v6] = await ask((resolver) =>
      Promise.allSettled([resolver.resolve4(domain, { ttl: true }), resolver.resolve6(domain, { ttl: true })]),
    );
    const records: string[] = [];
    let ttl = Infinity;
    const outcomes: Outcome[] = [];
    for (const settled of [v4, v6]) {
      if (settled.status === 'rejected') {
        outcomes.push(outcomeOf(settled.reason));
        continue;
      }
      for (const record of settled.value) {
        records.push(record.address);
        ttl = Math.min(ttl, record.ttl);
      }
    }
    // One family with addresses is enough for mail, even if the other query failed.
    if (records.length > 0) return { kind: 'records', records, ttl: boundTtl(ttl) };
    if (outcomes.includes('nxdomain')) return NO_DOMAIN;
    const failure = outcomes.find((outcome) => outcome !== 'nodata');
    return failure === undefined ? NO_DATA : answerOf(failure);
  }

  function lookUp<A extends Answer>(type: 'mx' | 'a', name: string, signal: AbortSignal | undefined, run: (domain: string) => Promise<A>): Promise<A> {
    const domain = canonicalName(name);
    const key = `${type} ${domain}`;
    const hit = cached(key);
    if (hit !== undefined) return Promise.resolve(hit as A);
    let pending = inFlight.get(key) as Promise<A> | undefined;
    if (pending === undefined) {
      pending = run(domain).then(
        (answer) => {
          inFlight.delete(key);
          remember(key, answer);
          return answer;
        },
        () => {
          inFlight.delete(key);
          return answerOf('other') as A;
        },
      );
      inFlight.set(key, pending);
    }
    return untilAborted(pending, signal, TIMED_OUT as A);
  }

  return {
    mx: (domain, signal) => lookUp('mx', domain, signal, lookUpMx),
    a: (domain, signal) => lookUp('a', domain, signal, lookUpAddresses),
  };
}
