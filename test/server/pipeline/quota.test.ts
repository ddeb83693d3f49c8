/**
 * The quota check (the one metered validation's, src/server/pipeline/metered.ts) and the quota
 * state (src/server/pipeline/quota.ts): a FREE account at its quota, as the count known to this
 * process says, is refused before any work; the paid plans go on; and the quota state that
 * answers the meter did not decide carry.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { quotaMessage } from '../../../src/server/answers/errors.js';
import type { KnownRequest } from '../../../src/server/pipeline/context.js';
import { meteredValidation, type Metered } from '../../../src/server/pipeline/metered.js';
import { knownQuotaState, peekQuotaState } from '../../../src/server/pipeline/quota.js';
import { meteredAnswer, requestWork } from '../../../src/server/pipeline/validate.js';
import { PLANS } from '../../../src/server/policy/plans.js';
import { AT, jsonInput, knownRequest, pipelineFixture, type PipelineFixture } from '../../support/pipeline.js';

/** Counts `times` validations of the request's account in its period, as the meter would. */
async function countValidations(fixture: PipelineFixture, request: KnownRequest, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    await fixture.store.usage.count(
      { requestId: randomUUID(), accountId: request.account.id, keyId: request.key.id, periodStart: request.period.start, endpoint: 'iban', value: 'x', valid: true, status: 200, latencyMs: 1, sdk: null, at: AT },
      null,
    );
  }
}

/** The request's metered validation of 'DE89' (a FREE one refused over its quota before any work). */
function quotaChecked(fixture: PipelineFixture, request: KnownRequest): Promise<Metered> {
  return meteredValidation(fixture.runtime, requestWork(request, { value: 'DE89' }), { quota: 'block' });
}

describe('the quota check', () => {
  it('lets a FREE account under its quota go on, and refuses it at its quota with 429, echoing the value', async () => {
    const fixture = await pipelineFixture('FREE');
    const request = knownRequest(fixture, jsonInput('{}'), 'iban', { ...PLANS.FREE, quota: 2 });
    await countValidations(fixture, request, 1);
    expect((await quotaChecked(fixture, request)).kind).toBe('counted');
    // The hint read the count once and is told of new counts by the meter, not by the store.
    const refused = await quotaChecked(fixture, request);
    expect(refused).toEqual({ kind: 'over-quota', used: 2 });
    expect(meteredAnswer(request, 'DE89', refused)).toEqual({
      status: 429,
      body: { valid: false, message: quotaMessage(2, '2026-02-15'), reason: null, normalizedValue: null, originalValue: 'DE89', validationLevel: 'STANDARD', errorCode: 'QUOTA_EXCEEDED' },
      headers: {
        'RateLimit-Policy': '"monthly";q=2;w=2678400;verifield-over-quota=refused',
        RateLimit: '"monthly";r=0;t=1166400',
      },
    });
  });

  it('never refuses a paid plan: its overage is counted and billed', async () => {
    const fixture = await pipelineFixture('STARTER');
    const request = knownRequest(fixture, jsonInput('{}'), 'iban', { ...PLANS.STARTER, quota: 1 });
    await countValidations(fixture, request, 3);
    expect(await quotaChecked(fixture, request)).toMatchObject({ kind: 'counted', used: 4 });
  });

  it('tells the quota state from the store once, then from what this process knows', async () => {
    const fixture = await pipelineFixture('FREE');
    const request = knownRequest(fixture, jsonInput('{}'));
    await countValidations(fixture, request, 4);
    expect(peekQuotaState(request)).toBeUndefined();
    const state = { 'RateLimit-Policy': '"monthly";q=250;w=2678400;verifield-over-quota=refused', RateLimit: '"monthly";r=246;t=1166400' };
    expect(await knownQuotaState(request)).toEqual(state);
    expect(peekQuotaState(request)).toEqual(state);
  });

  it('tells no quota state when the count cannot be read', async () => {
    const fixture = await pipelineFixture('FREE');
    const request = knownRequest(fixture, jsonInput('{}'));
    await fixture.store.close();
    expect(await knownQuotaState(request)).toBeUndefined();
  });
});
