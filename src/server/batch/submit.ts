/**
 * A job accepted: the FREE quota checked up front for the whole job (a FREE account never runs a
 * job its quota cannot pay for; paid plans count their overage), then the job and its lines
 * stored in one transaction, queued for the runner (runner.ts).
 */
import { randomUUID } from 'node:crypto';
import { periodOf } from '../pipeline/period.js';
import type { PlanLimits } from '../policy/plans.js';
import type { Account, ApiKeyRecord, BatchJobRecord, Store } from '../storage/types.js';
import type { JobInput } from './input.js';

export type Submission = { ok: true; job: BatchJobRecord } | { ok: false; status: 429; message: string };

/** The 429 message: how many values, how many validations are left, when the quota resets. */
export function jobQuotaMessage(total: number, remaining: number, quota: number, resetsOn: string): string {
  const n = (count: number): string => count.toLocaleString('en-US');
  return (
    `This job has ${n(total)} value${total === 1 ? '' : 's'} but only ${n(remaining)} of the ${n(quota)} validations ` +
    `of this billing period are left; the quota resets on ${resetsOn}`
  );
}

export async function submitJob(
  store: Pick<Store, 'usage' | 'batchJobs'>,
  request: { account: Account; key: ApiKeyRecord; plan: PlanLimits; input: JobInput; now: Date },
): Promise<Submission> {
  const { account, key, plan, input, now } = request;
  const total = input.values.length;
  if (plan.blocksOverQuota) {
    const period = periodOf(account.subscriptionStart, now);
    const used = await store.usage.used(account.id, period.start);
    const remaining = Math.max(0, plan.quota - used);
    if (remaining < total) return { ok: false, status: 429, message: jobQuotaMessage(total, remaining, plan.quota, period.end) };
  }
  const job: BatchJobRecord = {
    id: randomUUID(),
    accountId: account.id,
    keyId: key.id,
    field: input.field,
    status: 'queued',
    total,
    done: 0,
    valid: 0,
    invalid: 0,
    webhookUrl: input.webhookUrl,
    createdAt: now,
    startedAt: null,
    finishedAt: null,
    error: null,
  };
  await store.batchJobs.create(job, input.values);
  return { ok: true, job };
}
