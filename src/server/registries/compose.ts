/**
 * The VAT registries of a configuration (docs/service.md#registries): VIES always, and each
 * national registry that is configured (HMRC with its credentials; UID and BRREG unless turned
 * `off`), each behind its own budget (./budget.ts), all behind one router (./router.ts).
 */
import { lazyBrregClient, lazyHmrcVatClient, lazySwissUidClient } from '../../adapters/lazy.js';
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

/** The configured URL of a registry: `{}` for its default. */
function urlOption(url: string | undefined): { url?: string } {
  return url === undefined ? {} : { url };
}

/**
 * The national registries `config` names, each loaded on its first lookup: HMRC when both
 * credentials are set, UID and BRREG unless their URL is `off`.
 */
export function nationalAdaptersOf(config: ServerConfig): NationalAdapters {
  const fetchOption = config.fetch === undefined ? {} : { fetch: config.fetch };
  const adapters: NationalAdapters = {};
  if (config.hmrcClientId !== undefined && config.hmrcClientSecret !== undefined) {
    adapters.HMRC = lazyHmrcVatClient({ ...fetchOption, ...urlOption(config.hmrcUrl), clientId: config.hmrcClientId, clientSecret: config.hmrcClientSecret });
  }
  if (config.uidUrl !== 'off') adapters.UID = lazySwissUidClient({ ...fetchOption, ...urlOption(config.uidUrl) });
  if (config.brregUrl !== 'off') adapters.BRREG = lazyBrregClient({ ...fetchOption, ...urlOption(config.brregUrl) });
  return adapters;
}
