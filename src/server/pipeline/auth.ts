/**
 * The auth stage of the validation pipeline: the key presented checked by the service's one
 * authenticator (authenticator.ts, shared with every other /api/v1 endpoint), and the outcome turned
 * into the request with its account, or a 401/403.
 */
import { errorAnswer } from '../answers/errors.js';
import type { PlanLimits } from '../policy/plans.js';
import type { Plan } from '../storage/types.js';
import { Refusal, type ArrivedRequest, type KnownRequest, type ValidateRuntime } from './context.js';
import { knownQuotaState } from './quota.js';

/**
 * The auth stage: the key presented (undefined when none) checked for the request's field.
 * Resolves with the request, its account, key, plan and billing period, or with the 401/403
 * refusal; a 403 (a good key without the scope) tells the account's quota state.
 */
export async function authenticateRequest(
  arrived: ArrivedRequest,
  presented: string | undefined,
  runtime: ValidateRuntime,
  plans: Readonly<Record<Plan, PlanLimits>>,
): Promise<KnownRequest | Refusal> {
  const { services, auth: authenticator, quota: hint, periods } = runtime;
  const auth = await authenticator.authenticate(presented, arrived.field);
  if (!auth.ok) {
    const { account, holder } = auth;
    const at = services.now();
    const found = holder === undefined ? undefined : { ...holder, period: periods.of(holder.account.subscriptionStart, at), at };
    if (account === undefined) return new Refusal(errorAnswer(auth.status, auth.code, auth.message), found);
    const state = await knownQuotaState({ hint, account, plan: plans[account.plan], period: periods.of(account.subscriptionStart, at), at });
    return new Refusal(errorAnswer(auth.status, auth.code, auth.message, '', state), found);
  }
  const { account, key } = auth;
  const plan = plans[account.plan];
  const at = services.now();
  return {
    field: arrived.field,
    input: arrived.input,
    requestId: arrived.requestId,
    started: arrived.started,
    services,
    hint,
    account,
    key,
    plan,
    period: periods.of(account.subscriptionStart, at),
    at,
  };
}
