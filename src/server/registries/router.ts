/**
 * One VatRegistry over all the registries the service asks: each query goes to the registry of
 * its prefix (src/vat/registry/registries.ts), so that what wraps "the registry" for one
 * validation (pacing, evidence) wraps every registry alike.
 */
import { VatRegistryError, type VatRegistry, type VatRegistryName } from '../../ports.js';
import { registryNameOf } from '../../vat/registry/registries.js';

/** The registries by name; VIES is always there. */
export type RegistriesByName = { readonly VIES: VatRegistry } & Partial<Readonly<Record<Exclude<VatRegistryName, 'VIES'>, VatRegistry>>>;

/** A registry that passes each query to the registry of its prefix. */
export function routedRegistry(registries: RegistriesByName): VatRegistry {
  return {
    check(query, signal) {
      const name = registryNameOf(query.countryCode);
      const registry = name === null ? undefined : registries[name];
      if (registry === undefined) {
        // verifyVat asks only registries the service named (../pipeline/validators.ts): this is a bug, said as an outage.
        return Promise.reject(new VatRegistryError('fault', null, 'outage', false, `No registry is configured for ${query.countryCode}`));
      }
      return registry.check(query, signal);
    },
  };
}
