/**
 * Watched VAT numbers (docs/service.md#vat-monitoring).
 */
/** A watched VAT number (docs/service.md#vat-monitoring). */
export interface VatWatchRecord {
  id: string;
  accountId: string;
  /** The key that created it: re-checks are counted under it. */
  keyId: string;
  /** The normalized VAT number. */
  value: string;
  traderName: string | null;
  /** The last known verdict: null until a check brought a known answer. */
  registered: boolean | null;
  /** Name and address of the last known answer (null when not disclosed). */
  name: string | null;
  address: string | null;
  /** The last check that brought a known answer; null before the first. */
  lastCheckedAt: Date | null;
  /** The last check attempted, known answer or not. */
  lastAttemptAt: Date | null;
  nextCheckAt: Date;
  createdAt: Date;
}

/** What a re-check learned, written with {@link WatchRepository.recordCheck}. */
export interface VatWatchCheck {
  registered: boolean | null;
  name: string | null;
  address: string | null;
  at: Date;
  nextCheckAt: Date;
}

/** Watched VAT numbers. Values, names and addresses are sealed at rest. */
export interface WatchRepository {
  /** Adds a watch; when the account watches that value already, resolves with the existing one. */
  create(watch: VatWatchRecord): Promise<VatWatchRecord>;
  get(accountId: string, id: string): Promise<VatWatchRecord | null>;
  list(accountId: string): Promise<VatWatchRecord[]>;
  delete(accountId: string, id: string): Promise<boolean>;
  /** Claims up to `limit` watches due at `now` by pushing their `nextCheckAt` to `leaseUntil` (one instance checks each). */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<VatWatchRecord[]>;
  /**
   * Records a check: always `lastAttemptAt` and `nextCheckAt`; the verdict, name, address and
   * `lastCheckedAt` only when `registered` is not null (an unknown answer never replaces a known one).
   */
  recordCheck(id: string, check: VatWatchCheck): Promise<VatWatchRecord | null>;
}

/** The store's VAT watches. */
export interface Watches {
  /** Watched VAT numbers. */
  watches: WatchRepository;
}
