/**
 * The one table that says which library function answers each validation endpoint. No field
 * logic lives here: the server passes the plan's email depth, the VIES ports backed by the store,
 * and the account's own VAT number as requester, and returns what the library returns.
 */
import { verifyEmail } from '../../email/verify.js';
import { validateIban } from '../../iban/index.js';
import { validateNas } from '../../nas/index.js';
import { validateNif } from '../../nif/index.js';
import { validatePhone } from '../../phone/index.js';
import type { ValidationResult } from '../../result.js';
import { validateSsn } from '../../ssn/index.js';
import { validateVat, verifyVat } from '../../vat/index.js';
import type { PlanLimits } from '../policy/plans.js';
import type { Services } from '../services.js';
import type { Account, Field } from '../storage/types.js';

/** What a validator may use besides the value. */
export interface ValidationContext {
  services: Pick<Services, 'registry' | 'store' | 'dns' | 'domainAge' | 'now'>;
  account: Account;
  plan: PlanLimits;
  /** VAT only: the company name the caller expects. */
  traderName?: string;
}

export type FieldValidator = (value: string, context: ValidationContext) => ValidationResult | Promise<ValidationResult>;

// An account's VAT number is checked once per distinct number: a malformed one is not sent as
// requester (VIES would refuse every lookup with INVALID_REQUESTER_INFO).
const requesters = new Map<string, string | null>();

/** The account's VAT number in the form VIES takes as requester, or null when it has none usable. */
export function requesterOf(account: Account): string | null {
  const own = account.vatNumber;
  if (own === null || own === '') return null;
  let requester = requesters.get(own);
  if (requester === undefined) {
    const checked = validateVat(own);
    requester = checked.valid && checked.vatDetails.source !== 'NOT_APPLICABLE' ? checked.normalizedValue : null;
    if (requesters.size >= 10_000) requesters.clear();
    requesters.set(own, requester);
  }
  return requester;
}

/** Field -> the library call that answers it. */
export const FIELD_VALIDATORS: Readonly<Record<Field, FieldValidator>> = {
  iban: (value) => validateIban(value),
  nif: (value) => validateNif(value),
  nas: (value) => validateNas(value),
  ssn: (value) => validateSsn(value),
  phone: (value) => validatePhone(value),
  email: (value, { services, plan }) =>
    verifyEmail(value, {
      dns: services.dns,
      domainAge: services.domainAge,
      // No plan runs email below STANDARD (docs/fields/email.md#depth).
      level: plan.emailLevel === 'BASIC' ? 'STANDARD' : plan.emailLevel,
      now: services.now,
    }),
  vat: (value, { services, account, traderName }) => {
    const requester = requesterOf(account);
    return verifyVat(value, {
      registry: services.registry,
      cache: services.store.viesCache,
      breaker: services.store.breaker,
      now: services.now,
      ...(traderName === undefined ? {} : { traderName }),
      ...(requester === null ? {} : { requester }),
    });
  },
};
