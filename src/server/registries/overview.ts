/**
 * Which registry answers for which prefixes, and whether the service asks it: the list /readyz
 * and the status page show (docs/service.md#registries).
 */
import type { VatRegistryName } from '../../ports.js';
import { NATIONAL_REGISTRIES, VIES_PREFIXES } from '../../vat/registry/registries.js';

/** A registry, its prefixes (in code order) and whether the service asks it. */
export interface RegistryEntry {
  registry: VatRegistryName;
  countryCodes: string[];
  configured: boolean;
}


/** VIES, then the national registries in the order HMRC, UID, BRREG; `national` are the ones configured. */
export function registryOverview(national: readonly VatRegistryName[]): RegistryEntry[] {
  const entries: RegistryEntry[] = [{ registry: 'VIES', countryCodes: [...VIES_PREFIXES], configured: true }];
  for (const [countryCode, registry] of Object.entries(NATIONAL_REGISTRIES)) {
    entries.push({ registry, countryCodes: [countryCode], configured: national.includes(registry) });
  }
  return entries;
}

/** A registry with its prefixes whose own lookups keep failing (their breaker is open or probing). */
export interface RegistryState extends RegistryEntry {
  failingCountryCodes: string[];
}

/** {@link registryOverview} with each registry's failing prefixes among `failing`. */
export function registryStates(national: readonly VatRegistryName[], failing: ReadonlySet<string>): RegistryState[] {
  return registryOverview(national).map((entry) => ({ ...entry, failingCountryCodes: entry.countryCodes.filter((code) => failing.has(code)) }));
}
