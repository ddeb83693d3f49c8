/**
 * Ports: the small interfaces through which the pure core reaches the outside world. The core
 * (`verifyVat`, `createRatesService`, …) knows only these; adapters in src/adapters implement
 * them, and tests or users plug in their own. Each port is a few members with plain data in and
 * out, so a fake is a few lines.
 */

/**
 * A VAT rate in percent: above 0, at most 100.
 * @exclusiveMinimum 0
 * @maximum 100
 */
type Percent = number;

/**
 * A VIES prefix or member state code: two capital letters.
 * @pattern ^[A-Z]{2}$
 */
type CountryCode = string;

/**
 * An ISO 8601 date-time.
 * @format date-time
 */
type DateTime = string;

/**
 * A whole number of zero or more.
 * @asType integer
 * @format int32
 * @minimum 0
 */
type Count = number;

/** A rate that applies to part of a member state's territory only (an island, a region). */
export interface RegionalVatRate {
  /** Rate in percent, e.g. 7 or 0.9. */
  rate: Percent;
  /** The source's own text saying where the rate applies, e.g. "Jungholz, Mittelberg". */
  note: string;
}

/** VAT rates of one member state (docs/fields/vat.md#vat-rates). */
export interface CountryVatRates {
  /** Member state code as the EU registry writes it: Greece is `EL`. */
  countryCode: CountryCode;
  /** National standard rate in percent. */
  standardRate: Percent;
  /**
   * Every reduced, super-reduced and parking rate of the mainland: ascending, no duplicates, no 0.
   * @uniqueItems
   */
  reducedRates: Percent[];
  /** Rates for part of the territory only. */
  regionalRates: RegionalVatRate[];
  /**
   * Date (YYYY-MM-DD) from which the source says these rates apply; varies by member state.
   * @format date
   */
  situationOn: string;
  /** When the service last retrieved these rates (ISO 8601 date-time). */
  fetchedAt: DateTime;
}

/** VAT rates of every member state (docs/fields/vat.md#vat-rates). */
export interface VatRates {
  /**
   * One entry per member state, ordered by country code.
   * @maxItems 27
   */
  rates: CountryVatRates[];
  /** Where the rates come from: the Commission's Taxes in Europe Database. */
  source: 'TEDB';
}

/** A member state's rates as a source returns them: the service stamps `fetchedAt` itself. */
export type SourceCountryVatRates = Omit<CountryVatRates, 'fetchedAt'>;

/** Where the VAT rates of the member states come from (TEDB in production, a stub in tests). */
export interface RatesSource {
  /**
   * The rates of the member states in force on `situationOn` (YYYY-MM-DD). Resolves with one
   * entry per member state the source knows; rejects when the source cannot answer (down, slow,
   * fault, unreadable answer). `signal` aborts the request.
   */
  fetchRates(situationOn: string, signal?: AbortSignal): Promise<readonly SourceCountryVatRates[]>;
}

// ---------------------------------------------------------------------------------------------
// VAT registry (VIES) and what the registry policy keeps between lookups (docs/architecture.md#ports-and-adapters)

/** The clock the core reads; tests pass a controllable one. */
export type Clock = () => Date;

/** The account's own VAT number, sent so that VIES issues a consultation number. */
export interface VatRequester {
  /** VIES prefix, e.g. "DE" (Greece is EL). */
  countryCode: string;
  /** The number without its prefix, e.g. "123456789". */
  vatNumber: string;
}

/** A question for the VAT registry. */
export interface VatRegistryQuery {
  /** VIES prefix of the number (the 27 member states, EL for Greece, XI for Northern Ireland). */
  countryCode: string;
  /** The number without its prefix, as the registry wants it (e.g. "U12345678" for Austria). */
  vatNumber: string;
  /** Name the caller expects to hold the number; asks the registry for its own comparison (Spain). */
  traderName?: string;
  /** The caller's own VAT number; the registry then returns a consultation number. */
  requester?: VatRequester;
}

/**
 * A comparison made by the registry itself (VIES `matchCode`): `VALID` the value matches,
 * `INVALID` it does not, `NOT_PROCESSED` the member state did not compare.
 */
export type VatRegistryMatch = 'VALID' | 'INVALID' | 'NOT_PROCESSED';

/**
 * The registries `verifyVat` asks (docs/fields/vat.md#registries-beyond-vies): `VIES` for the EU member states
 * and Northern Ireland, `HMRC` for GB, `UID` (the Swiss UID register) for CH, `BRREG`
 * (Brønnøysund's Enhetsregisteret) for NO.
 */
export type VatRegistryName = 'VIES' | 'HMRC' | 'UID' | 'BRREG';

/**
 * What a registry outside VIES says of the entity behind a number besides its VAT registration:
 * `NOT_VAT_REGISTERED` the entity exists but is not registered for VAT (UID, BRREG), `DELETED`,
 * `BANKRUPT` and `UNDER_LIQUIDATION` as the registry reports them (BRREG).
 */
export type VatEntityStatus = 'NOT_VAT_REGISTERED' | 'DELETED' | 'BANKRUPT' | 'UNDER_LIQUIDATION';

/** What the registry answered about a number. */
export interface VatRegistryAnswer {
  /** The number is registered (valid for intra-EU transactions) today. */
  valid: boolean;
  /** Registered name; absent when the member state does not disclose it (VIES sends `---` or nothing). */
  name?: string;
  /** Registered address (may hold line breaks); absent when not disclosed. */
  address?: string;
  /** Day of the answer as the registry wrote it, YYYY-MM-DD (VIES sends a date with an offset and no time). */
  requestDate: string;
  /** The registry's own comparison of the trader name sent with the query, when it made one. */
  traderNameMatch?: VatRegistryMatch;
  /** Consultation number (VIES `requestIdentifier`); only when a requester was sent. */
  requestIdentifier?: string;
  /**
   * Hex SHA-256 of the registry's raw reply body, byte for byte as received, when the adapter can
   * see it (every adapter of `verifield/adapters` does): the proof kept with an evidence record that the answer
   * is the registry's own. Not part of what a cache keeps.
   */
  replySha256?: string;
  /**
   * What the registry said of the entity besides its registration (UID, BRREG), in the order of
   * {@link VatEntityStatus}; absent or empty when it said nothing more.
   */
  entityStatus?: VatEntityStatus[];
}

/**
 * A VAT registry (VIES through `viesRestClient` or `viesSoapClient`, HMRC, UID or BRREG through their
 * clients of `verifield/adapters` in production, a stub in tests). `check`
 * resolves with the registry's answer, or rejects; a {@link VatRegistryError} says why.
 */
export interface VatRegistry {
  /** Asks the registry about one number; `signal` aborts the call (the policy gives it 4 s). */
  check(query: VatRegistryQuery, signal?: AbortSignal): Promise<VatRegistryAnswer>;
}

/**
 * What a failed lookup means for the policy:
 * - `input`: the registry refused the number itself (VIES `INVALID_INPUT`). An answer about the
 *   input, not an outage.
 * - `requester`: the requester's own VAT number was refused (`INVALID_REQUESTER_INFO`).
 * - `number`: lookups of this one number are blocked (`VAT_BLOCKED`); the registry itself works.
 * - `outage`: the registry, the member state's system or the way to them failed. Counts toward
 *   the country's circuit breaker.
 */
export type VatRegistryFailureScope = 'input' | 'requester' | 'number' | 'outage';

/** How a registry call failed: a fault sent by the registry, or no readable answer. */
export type VatRegistryFailureKind = 'fault' | 'timeout' | 'aborted' | 'network' | 'http' | 'malformed';

/** A registry lookup that brought no answer about the number's registration. */
export class VatRegistryError extends Error {
  /** Always `VatRegistryError`: recognisable in logs and after `structuredClone`. */
  override readonly name = 'VatRegistryError';
  /** HTTP status, when a response arrived. */
  readonly status: number | null;
  constructor(
    /** How the call failed: a fault the registry sent, or no readable answer. */
    readonly kind: VatRegistryFailureKind,
    /** The registry's fault code (e.g. `MS_UNAVAILABLE`); null when no fault was received. */
    readonly faultCode: string | null,
    /** What the failure is about: the input, the requester, this one number, or an outage. */
    readonly scope: VatRegistryFailureScope,
    /** Whether asking again later may bring an answer. */
    readonly retryable: boolean,
    message: string,
    options: { status?: number | null; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = options.status ?? null;
  }
}

/** A registry answer kept by a {@link VatAnswerCache}, with what is needed to reuse it honestly. */
export interface CachedVatAnswer {
  /** The registry's answer as it was received. */
  answer: VatRegistryAnswer;
  /** When the answer was received: the registration was last confirmed then. */
  checkedAt: Date;
  /** Trader name sent with the query (the registry's `traderNameMatch` is about this name); null if none. */
  traderName: string | null;
  /** Requester VAT number (prefix included) whose consultation number `answer` holds; null if none. */
  requester: string | null;
}

/**
 * Registry answers kept per country and number (memory, SQL or Redis). Every method may reject;
 * the policy then acts as if nothing were cached, never as if the number were unregistered.
 */
export interface VatAnswerCache {
  /** The last answer kept for the number, or null. */
  get(countryCode: string, vatNumber: string): Promise<CachedVatAnswer | null>;
  /** Keeps `entry` as the last answer for the number, replacing any older one. */
  set(countryCode: string, vatNumber: string, entry: CachedVatAnswer): Promise<void>;
}

/** A country's circuit breaker as stored (docs/fields/vat.md#circuit-breaker). */
export interface CircuitBreakerState {
  /** Live lookups that failed in a row since the last success. */
  consecutiveFailures: number;
  /** When the breaker last opened; null while it has not. */
  openedAt: Date | null;
  /** No live call before this time (a probe is let through after it); null while closed. */
  openUntil: Date | null;
}

/**
 * Per-country circuit breaker state (memory, SQL or Redis), shared by every instance that uses
 * the same store. Each method is one atomic step, so a shared implementation needs no lock; the
 * thresholds live in the policy (src/vat/registry/policy.ts), not in the store.
 */
export interface CircuitBreakerStore {
  /** The country's state, or null when it never failed (or was closed since). */
  get(countryCode: string): Promise<CircuitBreakerState | null>;
  /** Adds one failure at `at`; resolves with the state after it. */
  recordFailure(countryCode: string, at: Date): Promise<CircuitBreakerState>;
  /** Opens (or re-opens) the breaker until `openUntil`. */
  open(countryCode: string, openedAt: Date, openUntil: Date): Promise<void>;
  /**
   * Lets one probe through: when the country has failures on record and its `openUntil` is null
   * or not after `at`, moves `openUntil` to `until` and resolves true; otherwise resolves false.
   * Atomic, so that of many instances asking at once exactly one probes.
   */
  claimProbe(countryCode: string, at: Date, until: Date): Promise<boolean>;
  /** Closes the breaker after a success: forgets the failures. */
  reset(countryCode: string): Promise<void>;
  /** Every country with a stored state (for the availability report). */
  list(): Promise<Array<{ countryCode: string; state: CircuitBreakerState }>>;
}

/**
 * A country's entry of the Commission's status feed: `Available`, `Unavailable` or
 * `Monitoring Disabled`; any other word is kept as sent and read as not available.
 */
export interface ViesCountryAvailability {
  /** VIES prefix of the member state (Greece is EL, Northern Ireland XI). */
  countryCode: string;
  /** The feed's word for the country, e.g. `Available`. */
  availability: string;
}

/** One reading of the VIES status feed (`GET …/rest-api/check-status`). */
export interface ViesStatusSnapshot {
  /** The VIES service as a whole answers (`vow.available`). */
  vowAvailable: boolean;
  /** One entry per country the feed lists. */
  countries: ViesCountryAvailability[];
}

/** The Commission's VIES status feed. Rejects when it cannot be read. */
export interface ViesStatusFeed {
  /** Reads the feed once; rejects when it cannot be read or understood. */
  fetchStatus(signal?: AbortSignal): Promise<ViesStatusSnapshot>;
}

/** Which source decided a country's verdict in the availability report (docs/fields/vat.md#vies-availability). */
export type ViesStatusDecider = 'COMMISSION_FEED' | 'SERVICE_LOOKUPS';

/** A country of the availability report (docs/fields/vat.md#vies-availability). */
export interface ViesCountryStatus {
  /** VIES prefix of the member state (Greece is EL, Northern Ireland XI). */
  countryCode: CountryCode;
  /**
   * Share of the counted samples of the window in which the country was reachable, in percent (2 decimals); null with no counted sample.
   * @minimum 0
   * @maximum 100
   */
  availabilityPercent: number | null;
  /** Samples counted (`Monitoring Disabled` ones are not). */
  sampleCount: Count;
  /** Reachable now: the latest sample does not say otherwise, and the service's own lookups are not failing. */
  availableNow: boolean;
  /** `SERVICE_LOOKUPS` when three failed lookups in a row made the circuit breaker override the Commission's feed, else `COMMISSION_FEED`. */
  decidedBy: ViesStatusDecider;
}

/** The VIES availability report (docs/fields/vat.md#vies-availability, GET /api/v1/status/vies). */
export interface ViesStatusResponse {
  /** When the report was made (ISO 8601). */
  generatedAt: DateTime;
  /**
   * Reporting window in days (30).
   * @asType integer
   * @format int32
   * @minimum 1
   */
  windowDays: number;
  /** Number of countries in the report. */
  countriesTracked: Count;
  /** Number of countries whose `availableNow` is false. */
  countriesUnavailableNow: Count;
  /** Ordered by country code. */
  countries: ViesCountryStatus[];
}

// ---------------------------------------------------------------------------------------------
// Health (GET /readyz, docs/service.md#health)

/** Whether something the service keeps up to date is: `none` yet, `current`, or `stale` (older than it should be). */
export type Freshness = 'current' | 'stale' | 'none';

/**
 * The body of GET /readyz: 200 when `status` is `ready`, 503 when it is `not-ready`. The store must
 * take writes; the VAT rates and the VIES status feed are reported, not required.
 */
export interface ReadinessReport {
  /** `ready` (status 200) when the store took the probe's write in time; `not-ready` (503) otherwise. */
  status: 'ready' | 'not-ready';
  /** When the check ran (a check is reused for a second). */
  checkedAt: DateTime;
  /** The check of the store: a write read back (and a key of Redis, on a scaled-out deployment), within 2 seconds. */
  store: {
    /** The probe's write was taken and read back in time. */
    writable: boolean;
    /** How long the probe took, in milliseconds; null when it did not finish. */
    latencyMs: Count | null;
    /** Why the store is not ready, in words; null when it is. */
    message: string | null;
  };
  /** The VAT rates the rates endpoints serve; null until the service has started. */
  vatRates: {
    /** `current`: today's daily refresh is in; `stale`: older rates are served; `none`: the rates endpoints answer 503. */
    state: Freshness;
    /** When the newest rates served were fetched. */
    fetchedAt: DateTime | null;
    /** When the last refresh failed, if one failed after the last success. */
    lastFailureAt: DateTime | null;
    /**
     * The member states without rates, in code order (their rates endpoint answers 503): the rates
     * are partial while it is not empty; all 27 before the first refresh.
     */
    missing: CountryCode[];
  } | null;
  /**
   * The VAT registries, VIES first, then HMRC, UID and BRREG (docs/service.md#registries); null
   * until the service has started. Reported, not required: a registry that fails makes its numbers
   * STALE or UNVERIFIED, never the service unready.
   */
  registries: Array<{
    /** The registry. */
    registry: VatRegistryName;
    /** The prefixes it answers for, in code order. */
    countryCodes: CountryCode[];
    /** The service asks it (HMRC needs credentials; UID and BRREG may be turned off). */
    configured: boolean;
    /** Its prefixes whose last three lookups failed (their circuit breaker is open or probing), in code order. */
    failingCountryCodes: CountryCode[];
  }> | null;
  /** The samples of the Commission's VIES status feed; null until the service has started. */
  viesStatusFeed: {
    /** `current`: a sample of the last 15 minutes (one is taken every 5); `stale`: older ones only; `none`: no sample yet. */
    state: Freshness;
    /** When the newest sample was taken. */
    lastSampleAt: DateTime | null;
    /** Samples held for the 30-day availability window. */
    samples: Count;
  } | null;
}

// ---------------------------------------------------------------------------------------------
// DNS and domain age (verifyEmail, docs/architecture.md#ports-and-adapters)

/**
 * Why a DNS question brought no answer: `timeout` (nobody answered in time, or the caller
 * aborted), `servfail` (the resolver failed), `refused` (the resolver would not answer), `other`
 * (any other resolver error). It says nothing about the domain, so it is never a negative answer.
 */
export type DnsFailureReason = 'timeout' | 'servfail' | 'refused' | 'other';

/**
 * A DNS answer as plain data: records (with how many seconds they may be reused), no such
 * domain (NXDOMAIN), a name without records of the type asked (NODATA), or no answer at all.
 */
export type DnsAnswer<T> =
  | { kind: 'records'; records: T[]; ttl: number }
  | { kind: 'nxdomain' }
  | { kind: 'nodata' }
  | { kind: 'error'; reason: DnsFailureReason };

/** One MX record: the host that takes the domain's mail, and its preference (lower first). */
export interface MxRecord {
  /** Host name, lower-case, without a trailing dot. */
  exchange: string;
  /** MX preference: the lower, the sooner a sender tries the host. */
  priority: number;
}

/** An MX answer; `null-mx` is RFC 7505's single `MX 0 .`: the domain says it accepts no mail. */
export type MxAnswer = DnsAnswer<MxRecord> | { kind: 'null-mx'; ttl: number };

/**
 * DNS as `verifyEmail` needs it (`nodeDnsResolver` in Node, a few lines of fake in tests).
 * Methods resolve with an answer, also for failures; a rejection is read as `error`.
 */
export interface DnsResolver {
  /** The MX records of `domain`, null MX apart. */
  mx(domain: string, signal?: AbortSignal): Promise<MxAnswer>;
  /** The A and AAAA addresses of `domain` together (the implicit MX of RFC 5321 5.1). */
  a(domain: string, signal?: AbortSignal): Promise<DnsAnswer<string>>;
}

/**
 * Where the registration date of a domain comes from (RDAP through `rdapDomainAge`). Resolves
 * null when it is not known (no service for the TLD, lookup failed); a rejection counts as null.
 */
export interface DomainAgeSource {
  /** When the registrable domain of `domain` was registered, or null. */
  registeredAt(domain: string, signal?: AbortSignal): Promise<Date | null>;
}
