/**
 * Which registry answers for which prefix (docs/fields/vat.md#registries-beyond-vies): VIES for the member
 * states and Northern Ireland, a national registry for each prefix outside VIES. The library asks
 * a national registry only when `verifyVat` was given its adapter; without one such a number keeps
 * the structure's answer (NOT_APPLICABLE).
 */
import type { VatRegistry, VatRegistryName } from '../../ports.js';
import type { OutsideViesPrefix } from '../outside-vies.js';
import { EU_MEMBER_STATES } from '../reference/member-states.js';

export { registryDisplayName } from '../registry-names.js';

/** The registry of each prefix outside VIES. */
export const NATIONAL_REGISTRIES: Readonly<Record<OutsideViesPrefix, Exclude<VatRegistryName, 'VIES'>>> = {
  GB: 'HMRC',
  CH: 'UID',
  NO: 'BRREG',
};

/** The adapters `verifyVat` takes, one option per registry. */
export interface VatRegistryAdapters {
  /** VIES, e.g. `viesRestClient()` from `verifield/adapters`. */
  registry: VatRegistry;
  /** HMRC for GB numbers, e.g. `hmrcVatClient({ clientId, clientSecret })`. */
  hmrc?: VatRegistry;
  /** The Swiss UID register for CH numbers, e.g. `swissUidClient()`. */
  uid?: VatRegistry;
  /** Brønnøysund's Enhetsregisteret for NO numbers, e.g. `brregClient()`. */
  brreg?: VatRegistry;
}

const OPTION_OF: Readonly<Record<VatRegistryName, keyof VatRegistryAdapters>> = {
  VIES: 'registry',
  HMRC: 'hmrc',
  UID: 'uid',
  BRREG: 'brreg',
};

/** The prefixes VIES answers for, in code order: the member states (Greece as EL) and Northern Ireland. */
// Marked pure: validateVat shares a chunk of the build with this file and must not carry it.
export const VIES_PREFIXES: readonly string[] = /* @__PURE__ */ [...EU_MEMBER_STATES, 'XI'].sort();

const VIES_PREFIX_SET: ReadonlySet<string> = /* @__PURE__ */ new Set(VIES_PREFIXES);

/** The registry that answers for the prefix `countryCode`: VIES, or the national one of GB, CH, NO; null for any other. */
export function registryNameOf(countryCode: string): VatRegistryName | null {
  if (VIES_PREFIX_SET.has(countryCode)) return 'VIES';
  return Object.prototype.hasOwnProperty.call(NATIONAL_REGISTRIES, countryCode) ? NATIONAL_REGISTRIES[countryCode as OutsideViesPrefix] : null;
}

/** The adapter given for `name`, or undefined when none was (or it has no `check`). */
export function adapterOf(adapters: VatRegistryAdapters, name: VatRegistryName): VatRegistry | undefined {
  const adapter = adapters[OPTION_OF[name]];
  return typeof adapter?.check === 'function' ? adapter : undefined;
}
