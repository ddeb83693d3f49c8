/**
 * The functions that answer the VAT field: the offline check, and the registries through the
 * service's ports. The service's `registry` routes each prefix to its own registry
 * (src/server/registries/router.ts), so it stands for every national registry it has configured.
 */
import type { FieldValidators } from '../fields/manifest.js';
import type { VatValidationResult } from './details.js';
import { validateVat, verifyVat } from './index.js';

export const validators: FieldValidators<VatValidationResult> = {
  offline: validateVat,
  verified: (value, context) =>
    verifyVat(value, {
      registry: context.registry,
      ...(context.nationalRegistries.includes('HMRC') ? { hmrc: context.registry } : {}),
      ...(context.nationalRegistries.includes('UID') ? { uid: context.registry } : {}),
      ...(context.nationalRegistries.includes('BRREG') ? { brreg: context.registry } : {}),
      cache: context.viesCache,
      breaker: context.breaker,
      now: context.now,
      ...(context.options.traderName === undefined ? {} : { traderName: context.options.traderName }),
      ...(context.requester === null ? {} : { requester: context.requester }),
    }),
};
