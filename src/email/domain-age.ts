/**
 * The age of a domain for `verifyEmail` (ADVANCED): whole days since its registration, from a
 * DomainAgeSource such as RDAP. Unknown is null, never "young".
 */
import type { DomainAgeSource } from '../ports.js';

const DAY_MS = 86_400_000;

/** Whole days from the registration to `now` (0 for a date in the future), or null when unknown. */
export async function domainAgeDays(source: DomainAgeSource, domain: string, now: () => Date, signal: AbortSignal | undefined): Promise<number | null> {
  let registered: Date | null;
  try {
    registered = await source.registeredAt(domain, signal);
  } catch {
    return null;
  }
  if (!(registered instanceof Date)) return null;
  const ms = now().getTime() - registered.getTime();
  if (Number.isNaN(ms)) return null;
  return Math.max(0, Math.floor(ms / DAY_MS));
}
