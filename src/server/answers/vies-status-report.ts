/**
 * The VIES availability report as the service gives it (GET /api/v1/status/vies and the public
 * /status page): the tracker's report of the Commission's feed, with the countries whose own
 * lookups keep failing marked unavailable.
 */
import type { CircuitBreakerStore, ViesStatusResponse } from '../../ports.js';
import { failingCountries } from '../../vat/registry/policy.js';
import type { AvailabilityTracker } from '../../vat/reference/availability.js';

/** What the report reads: the breakers' store, the tracker of the feed, the log (the service's Services fit). */
export interface ViesStatusSources {
  store: { breaker: CircuitBreakerStore };
  tracker: Pick<AvailabilityTracker, 'report'>;
  log: (line: string) => void;
}

/** The availability report now, with the circuit breakers' word on the countries they hold open. */
export async function viesStatusReport(services: ViesStatusSources): Promise<ViesStatusResponse> {
  let failing: string[] = [];
  try {
    failing = await failingCountries(services.store.breaker);
  } catch (error) {
    // The feed's word is still worth reporting when the breaker state cannot be read.
    services.log(JSON.stringify({ level: 'warn', msg: 'breaker state unreadable for the VIES status report', error: String(error) }));
  }
  return services.tracker.report({ failingCountries: failing });
}
