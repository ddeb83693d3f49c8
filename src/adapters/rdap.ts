/**
 * The DomainAgeSource port on RDAP (RFC 9082/9083), the successor of WHOIS: the IANA bootstrap
 * file (RFC 9224) says which server answers for a TLD, that server's domain object carries a
 * `registration` event. Protocol facts: docs/protocols.md#rdap.
 */
import { getDomain } from 'tldts';
import type { DomainAgeSource } from '../ports.js';

/** IANA's bootstrap file for domain names. */
export const RDAP_BOOTSTRAP_URL = 'https://data.iana.org/rdap/dns.json';

/** Options of {@link rdapDomainAge}. */
export interface RdapDomainAgeOptions {
  /** Where the bootstrap file is read. Default {@link RDAP_BOOTSTRAP_URL}. */
  bootstrapUrl?: string;
  /** The fetch to use (tests pass one that counts or fails). Default the global fetch. */
  fetch?: typeof fetch;
  /** Budget of one lookup in milliseconds, the bootstrap included when it must be read first. Default 3000. */
  timeoutMs?: number;
  /** How long the bootstrap file is used before it is read again, in milliseconds. Default 24 hours. */
  bootstrapMaxAgeMs?: number;
  /** How many domains the cache keeps; the oldest go first. Default 10,000. */
  cacheEntries?: number;
  /** Milliseconds clock of the caches; tests pass a controllable one. Default `Date.now`. */
  now?: () => number;
}

const DEFAULT_TIMEOUT_MS = 3000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_CACHE_ENTRIES = 10_000;
/** A registration date is kept a day: it changes only when a domain lapses and is registered anew. */
const FOUND_FOR_MS = DAY_MS;
/** The registry answered that it knows no date (404, no event, no RDAP service for the TLD). */
const NOT_FOUND_FOR_MS = 60 * 60 * 1000;
/** The lookup failed (timeout, 429, 5xx): not asked again for a while, which also eases a rate limit. */
const FAILED_FOR_MS = 5 * 60 * 1000;
/** After a failed bootstrap read, the next attempt waits this long. */
const BOOTSTRAP_RETRY_MS = 60 * 1000;

const HTTP_URL = /^https?:\/\//i;
const HTTPS_URL = /^https:/i;

/** TLD (or longer suffix) -> base URL of its RDAP service, from the bootstrap file. */
/** RDAP base URL of each TLD, read from IANA's bootstrap file. */
export type RdapServices = ReadonlyMap<string, string>;
type Services = RdapServices;

interface Bootstrap {
  services: Services;
  readAt: number;
}

interface Remembered {
  date: Date | null;
  expiresAt: number;
}

/** How a lookup ended: a date, a statement that there is none, or a failure to ask. */
type Outcome = { date: Date } | { date: null; failed: boolean };

const FAILED: Outcome = { date: null, failed: true };
/** No bootstrap to route the question: not remembered per domain, the bootstrap has its own retry pause. */
const NO_BOOTSTRAP: Outcome = { date: null, failed: true };
const NOT_FOUND: Outcome = { date: null, failed: false };

/**
 * The services of an RFC 9224 bootstrap file (`{"services": [[["com","net"], ["https://…/"]], …]}`),
 * or null when the text is not one. Of a service's URLs the first https one is taken (RFC 9224
 * section 3 prefers it), else the first.
 *
 * @example
 * ```ts
 * const services = readRdapBootstrap({ services: [[['com', 'net'], ['http://rdap.example/', 'https://rdap.example/']]] });
 * services?.get('net'); // 'https://rdap.example/'
 * readRdapBootstrap('not a bootstrap file'); // null
 * ```
 */
export function readRdapBootstrap(json: unknown): Services | null {
  if (typeof json !== 'object' || json === null) return null;
  const list = (json as { services?: unknown }).services;
  if (!Array.isArray(list)) return null;
  const services = new Map<string, string>();
  for (const service of list) {
    if (!Array.isArray(service)) continue;
    const [entries, urls] = service as unknown[];
    if (!Array.isArray(entries) || !Array.isArray(urls)) continue;
    const candidates = urls.filter((url): url is string => typeof url === 'string' && HTTP_URL.test(url));
    const base = candidates.find((url) => HTTPS_URL.test(url)) ?? candidates[0];
    if (base === undefined) continue;
    for (const entry of entries) {
      if (typeof entry === 'string' && entry !== '') services.set(entry.toLowerCase(), base.endsWith('/') ? base : `${base}/`);
    }
  }
  return services;
}

/**
 * The date of the `registration` event of an RDAP domain object (RFC 9083 4.5), or null.
 *
 * @example
 * ```ts
 * readRegistrationDate({ events: [{ eventAction: 'registration', eventDate: '1995-08-14T04:00:00Z' }] })?.toISOString(); // '1995-08-14T04:00:00.000Z'
 * readRegistrationDate({ events: [] }); // null
 * ```
 */
export function readRegistrationDate(json: unknown): Date | null {
  if (typeof json !== 'object' || json === null) return null;
  const events = (json as { events?: unknown }).events;
  if (!Array.isArray(events)) return null;
  for (const event of events) {
    if (typeof event !== 'object' || event === null) continue;
    const { eventAction, eventDate } = event as { eventAction?: unknown; eventDate?: unknown };
    if (typeof eventAction !== 'string' || eventAction.toLowerCase() !== 'registration') continue;
    if (typeof eventDate !== 'string') return null;
    const ms = Date.parse(eventDate);
    return Number.isNaN(ms) ? null : new Date(ms);
  }
  return null;
}

/** The base URL of the service for `domain`: the longest suffix of it that the bootstrap lists. */
function serviceFor(services: Services, domain: string): string | undefined {
  let start = 0;
  for (;;) {
    const base = services.get(start === 0 ? domain : domain.slice(start));
    if (base !== undefined) return base;
    const dot = domain.indexOf('.', start);
    if (dot < 0) return undefined;
    start = dot + 1;
  }
}

/** Settles with `promise`, or with `aborted` as soon as `signal` aborts (the promise runs on). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal, aborted: T): Promise<T> {
  if (signal.aborted) return Promise.resolve(aborted);
  return new Promise<T>((resolve) => {
    const onAbort = (): void => resolve(aborted);
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then((value) => {
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    });
  });
}

/**
 * A DomainAgeSource on RDAP. For `mail.example.co.uk` it asks about the registrable domain
 * `example.co.uk` (public suffixes from the PSL through tldts), at the server the IANA bootstrap
 * file names for its TLD, and reads the `registration` event. It resolves null, never rejects,
 * when the TLD has no RDAP service, the registry knows no date, or the lookup fails (404, 429,
 * 5xx, timeout, unreadable answer).
 *
 * The bootstrap file is read on first use and again after `bootstrapMaxAgeMs` (the old copy
 * keeps answering while the new one is fetched, and when that fails). Answers are cached per
 * registrable domain: dates for a day, "no date" for an hour, failures for 5 minutes.
 *
 * @example
 * ```ts
 * const domainAge = rdapDomainAge({ bootstrapUrl: process.env.VERIFIELD_RDAP_BOOTSTRAP_URL, timeoutMs: 3000 });
 * // The date of example.com's registration (null when it cannot be known):
 * (await domainAge.registeredAt('mail.example.com'))?.toISOString(); // '1995-08-14T04:00:00.000Z'
 * ```
 */
export function rdapDomainAge(options: RdapDomainAgeOptions = {}): DomainAgeSource {
  const bootstrapUrl = options.bootstrapUrl ?? RDAP_BOOTSTRAP_URL;
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!(timeoutMs > 0) || !Number.isFinite(timeoutMs)) throw new RangeError('rdapDomainAge: timeoutMs must be a positive number');
  const bootstrapMaxAgeMs = options.bootstrapMaxAgeMs ?? DAY_MS;
  const cacheEntries = options.cacheEntries ?? DEFAULT_CACHE_ENTRIES;
  const now = options.now ?? Date.now;

  let bootstrap: Bootstrap | null = null;
  let bootstrapLoad: Promise<Bootstrap | null> | null = null;
  let nextBootstrapAttempt = 0;
  const cache = new Map<string, Remembered>();
  const inFlight = new Map<string, Promise<Outcome>>();

  async function getJson(url: string, signal: AbortSignal): Promise<{ status: number; json: unknown }> {
    const response = await fetchFn(url, { signal, headers: { accept: 'application/rdap+json, application/json' } });
    if (response.status !== 200) {
      // Free the connection; the body is of no use.
      await response.body?.cancel().catch(() => undefined);
      return { status: response.status, json: null };
    }
    return { status: 200, json: JSON.parse(await response.text()) as unknown };
  }

  function readBootstrap(): Promise<Bootstrap | null> {
    const deadline = AbortSignal.timeout(timeoutMs);
    const read = getJson(bootstrapUrl, deadline).then(
      ({ json }): Bootstrap | null => {
        const services = readRdapBootstrap(json);
        return services === null ? null : { services, readAt: now() };
      },
      () => null,
    );
    return untilAborted(read, deadline, null);
  }

  /** The bootstrap to use now: a fresh one, a stale one while it is being refreshed, or null. */
  function currentBootstrap(): Promise<Bootstrap | null> {
    const at = now();
    if (bootstrap !== null && at - bootstrap.readAt < bootstrapMaxAgeMs) return Promise.resolve(bootstrap);
    if (bootstrapLoad === null && at >= nextBootstrapAttempt) {
      bootstrapLoad = readBootstrap().then((loaded) => {
        bootstrapLoad = null;
        if (loaded !== null) bootstrap = loaded;
        else nextBootstrapAttempt = now() + BOOTSTRAP_RETRY_MS;
        return bootstrap;
      });
    }
    if (bootstrap !== null || bootstrapLoad === null) return Promise.resolve(bootstrap);
    return bootstrapLoad;
  }

  async function lookUp(domain: string, signal: AbortSignal): Promise<Outcome> {
    const loaded = await untilAborted(currentBootstrap(), signal, null);
    if (loaded === null) return NO_BOOTSTRAP;
    const base = serviceFor(loaded.services, domain);
    if (base === undefined) return NOT_FOUND;
    try {
      const { status, json } = await getJson(`${base}domain/${domain}`, signal);
      if (status === 404) return NOT_FOUND;
      if (status !== 200) return FAILED;
      const date = readRegistrationDate(json);
      return date === null ? NOT_FOUND : { date };
    } catch {
      return FAILED;
    }
  }

  function remember(domain: string, outcome: Outcome): void {
    if (cacheEntries <= 0 || outcome === NO_BOOTSTRAP) return;
    const keepFor = outcome.date !== null ? FOUND_FOR_MS : outcome.failed ? FAILED_FOR_MS : NOT_FOUND_FOR_MS;
    cache.delete(domain);
    if (cache.size >= cacheEntries) {
      const oldest = cache.keys().next();
      if (oldest.done !== true) cache.delete(oldest.value);
    }
    cache.set(domain, { date: outcome.date, expiresAt: now() + keepFor });
  }

  return {
    async registeredAt(name: string, signal?: AbortSignal): Promise<Date | null> {
      const domain = getDomain(name.toLowerCase(), { allowPrivateDomains: false, validateHostname: true });
      if (domain === null) return null;
      const hit = cache.get(domain);
      if (hit !== undefined) {
        if (now() < hit.expiresAt) return hit.date === null ? null : new Date(hit.date.getTime());
        cache.delete(domain);
      }
      let pending = inFlight.get(domain);
      if (pending === undefined) {
        // The lookup has its own budget, kept even by a fetch that ignores its signal; a
        // caller's signal only stops that caller's wait.
        const deadline = AbortSignal.timeout(timeoutMs);
        pending = untilAborted(lookUp(domain, deadline), deadline, FAILED).then((outcome) => {
          inFlight.delete(domain);
          remember(domain, outcome);
          return outcome;
        });
        inFlight.set(domain, pending);
      }
      const outcome = signal === undefined ? await pending : await untilAborted(pending, signal, FAILED);
      return outcome.date === null ? null : new Date(outcome.date.getTime());
    },
  };
}
