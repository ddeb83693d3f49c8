/**
 * What the service keeps of VIES: answers (30 days at most), the per-country circuit breakers and
 * samples of the Commission's status feed.
 */
import type { CircuitBreakerStore, VatAnswerCache, ViesStatusSnapshot } from '../../../ports.js';

/** VIES answers (ports.VatAnswerCache), 30 days at most. */
export interface ViesCacheRepository extends VatAnswerCache {
  prune(before: Date): Promise<number>;
}

/** Samples of the Commission's VIES status feed. */
export interface StatusSampleRepository {
  add(at: Date, snapshot: ViesStatusSnapshot): Promise<void>;
  since(from: Date): Promise<Array<{ at: Date; snapshot: ViesStatusSnapshot }>>;
  prune(before: Date): Promise<number>;
}

/** The store's VIES data. */
export interface ViesData {
  /** VIES answers (ports.VatAnswerCache), 30 days at most. */
  viesCache: ViesCacheRepository;
  /** Per-country circuit breakers (ports.CircuitBreakerStore). */
  breaker: CircuitBreakerStore;
  /** Samples of the Commission's VIES status feed. */
  statusSamples: StatusSampleRepository;
}
