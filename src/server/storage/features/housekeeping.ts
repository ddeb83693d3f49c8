/**
 * The small tables of the periodic jobs: the last good VAT rates and the job slot claims
 * (docs/architecture.md#job-slots).
 */
import type { VatRates } from '../../../ports.js';

/** The last good VAT rates. */
export interface RatesRepository {
  save(rates: VatRates): Promise<void>;
  load(): Promise<VatRates | null>;
}

/** Periodic jobs: the first instance to claim (job, slot) runs it (docs/architecture.md#job-slots). */
export interface JobSlotRepository {
  claim(job: string, slot: string, instance: string): Promise<boolean>;
}

/** The store's saved rates and job slots. */
export interface Housekeeping {
  /** The last good VAT rates. */
  rates: RatesRepository;
  /** Periodic jobs: the first instance to claim (job, slot) runs it (docs/architecture.md#job-slots). */
  jobs: JobSlotRepository;
}
