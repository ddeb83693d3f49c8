/**
 * The VAT registries of a configuration (docs/service.md#registries): VIES always, and each
 * national registry that is configured (HMRC with its credentials; UID and BRREG unless turned
 * `off`), each behind its own budget (./budget.ts), all behind one router (./router.ts).
 */
import type { VatRegistry, VatRegistryName } from '../../ports.js';
import type { ServerConfig } from '../config.js';
import { budgetedRegistry, type RegistryBudget } from './budget.js';
import { routedRegistry, type RegistriesByName } from './router.js';

/** The national registries' budgets, from what each registry allows (docs/service.md#registries). */
export const REGISTRY_BUDGETS: Readonly<Record<Exclude<VatRegistryName, 'VIES'>, RegistryBudget>> = {
  // HMRC allows an application 3 requests a second.
  HMRC: { max: 3, windowMs: 1_000, concurrent: 3 },
  // The UID register's public services allow 20 requests a minute.
  UID: { max: 20, windowMs: 60_000, concurrent: 2 },
  // Brønnøysund publishes no limit: a modest one, so that one tenant's job cannot get the service's address blocked.
  BRREG: { max: 10, windowMs: 1_000, concurrent: 4 },
};

/** The registries the service asks. */
export interface ConfiguredRegistries {
  /** One registry over all of them (routed by prefix). */
  registry: VatRegistry;
  /** The national registries configured, in the order HMRC, UID, BRREG. */
  nationalRegistries: readonly VatRegistryName[];
}

/** The unbudgeted adapters of the national registries a configuration names (built by services.ts). */
export type NationalAdapters = Partial<Record<Exclude<VatRegistryName, 'VIES'>, VatRegistry>>;

/** VIES and the configured national registries, each national one within its budget. */
export function configuredRegistries(vies: VatRegistry, national: NationalAdapters): ConfiguredRegistries {
  const registries: { VIES: VatRegistry } & NationalAdapters = { VIES: vies };
  const names: VatRegistryName[] = [];
  for (const name of ['HMRC', 'UID', 'BRREG'] as const) {
    const adapter = national[name];
    if (adapter === undefined) continue;
    registries[name] = budgetedRegistry(adapter, name, REGISTRY_BUDGETS[name]);
    names.push(name);
  }
  return { registry: routedRegistry(registries as RegistriesByName), nationalRegistries: names };
}

/** Whether `config` turns a public registry off (`off` as its URL). */
export function isOff(url: string | undefined): boolean {
  return url === 'off';
}

/** The configured URL of a registry, or undefined for its default. */
export function urlOption(url: string | undefined): { url?: string } {
  return url === undefined || isOff(url) ? {} : { url };
}

export type { ServerConfig };
