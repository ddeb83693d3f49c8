/** The functions that answer the VAT field: the offline check, and VIES through the service's ports. */
import type { FieldValidators } from '../fields/manifest.js';
import type { VatValidationResult } from './details.js';
import { validateVat, verifyVat } from './index.js';

export const validators: FieldValidators<VatValidationResult> = {
  offline: validateVat,
  verified: (value, context) =>
    verifyVat(value, {
      registry: context.registry,
      cache: context.viesCache,
      breaker: context.breaker,
      now: context.now,
      ...(context.options.traderName === undefined ? {} : { traderName: context.options.traderName }),
      ...(context.requester === null ? {} : { requester: context.requester }),
    }),
};
