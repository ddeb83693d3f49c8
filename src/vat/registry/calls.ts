/**
 * `verifyVat`'s calls to the outside, each under a time budget so that neither a slow VIES nor a
 * slow store can hold a lookup: one registry call (its answer or why there is none), one cache or
 * breaker store operation (its result, or undefined), and the checks of what came back, since the
 * ports can be implemented by anyone.
 */
import type { CachedVatAnswer, Clock, VatEntityStatus, VatRegistry, VatRegistryAnswer, VatRegistryFailureScope, VatRegistryQuery } from '../../ports.js';
import { dayOf } from './messages.js';
import { failureScopeOf, STORE_BUDGET_MS } from './policy.js';

/** What one registry call brought: an answer about the number, or a failure and its scope. */
export type LiveOutcome =
  | { kind: 'answered'; answer: VatRegistryAnswer; query: VatRegistryQuery }
  | { kind: 'failed'; scope: VatRegistryFailureScope; error: unknown };

/** Rejection of a lookup that ran out of budget, whether or not the registry honoured the signal. */
class BudgetExceeded extends Error {
  override readonly name = 'BudgetExceeded';
}

/**
 * One registry call under `budgetMs`. The signal asks the registry to stop; the race makes sure
 * the budget holds even for a registry that ignores it.
 */
export async function askRegistry(
  registry: VatRegistry,
  query: VatRegistryQuery,
  budgetMs: number,
  clock: Clock,
): Promise<LiveOutcome> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new BudgetExceeded(`The registry did not answer within ${budgetMs} ms`));
    }, budgetMs);
  });
  try {
    const call = Promise.resolve().then(() => registry.check(query, controller.signal));
    const answer = await Promise.race([call, expired]);
    if (!isRegistryAnswer(answer)) {
      return { kind: 'failed', scope: 'outage', error: new TypeError('The registry answered without a valid flag and a request date') };
    }
    return { kind: 'answered', answer: copyAnswer(answer), query };
  } catch (error) {
    const scope = error instanceof BudgetExceeded ? 'outage' : failureScopeOf(error);
    // VIES refusing the number itself (INVALID_INPUT) is an answer about the input: not registered.
    if (scope === 'input') return { kind: 'answered', answer: { valid: false, requestDate: dayOf(clock()) }, query };
    return { kind: 'failed', scope, error };
  } finally {
    clearTimeout(timer);
  }
}

const ENTITY_STATUSES: ReadonlySet<string> = new Set<VatEntityStatus>(['NOT_VAT_REGISTERED', 'DELETED', 'BANKRUPT', 'UNDER_LIQUIDATION']);
const isEntityStatus = (status: unknown): status is VatEntityStatus => typeof status === 'string' && ENTITY_STATUSES.has(status);

function isRegistryAnswer(value: unknown): value is VatRegistryAnswer {
  return typeof value === 'object' && value !== null && typeof (value as VatRegistryAnswer).valid === 'boolean' &&
    typeof (value as VatRegistryAnswer).requestDate === 'string';
}

/** The fields of the port, nothing an adapter added: this is what the cache keeps. */
function copyAnswer(answer: VatRegistryAnswer): VatRegistryAnswer {
  const copy: VatRegistryAnswer = { valid: answer.valid, requestDate: answer.requestDate };
  if (typeof answer.name === 'string' && answer.name.trim() !== '') copy.name = answer.name;
  if (typeof answer.address === 'string' && answer.address.trim() !== '') copy.address = answer.address;
  if (answer.traderNameMatch !== undefined) copy.traderNameMatch = answer.traderNameMatch;
  if (typeof answer.requestIdentifier === 'string' && answer.requestIdentifier !== '') copy.requestIdentifier = answer.requestIdentifier;
  if (Array.isArray(answer.entityStatus) && answer.entityStatus.length > 0) copy.entityStatus = answer.entityStatus.filter(isEntityStatus);
  return copy;
}

/** Whether a cache entry can be served: a real date and an answer of the port's shape. */
export function isCachedAnswer(entry: CachedVatAnswer): boolean {
  return entry.checkedAt instanceof Date && !Number.isNaN(entry.checkedAt.getTime()) && isRegistryAnswer(entry.answer);
}

/**
 * A store operation that may fail or hang: its result, or undefined when it rejects or takes
 * longer than the store budget. The lookup goes on either way.
 */
export async function withinStoreBudget<T>(operation: () => Promise<T>): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), STORE_BUDGET_MS);
  });
  try {
    return await Promise.race([Promise.resolve().then(operation), late]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
