/**
 * The meter stage (src/server/pipeline/meter.ts) on its own: a performed validation counted in
 * the usage log and answered 200 with the quota state; a FREE quota used up meanwhile answered
 * 429 and not counted; a count that did not commit rejected.
 */
import { describe, expect, it } from 'vitest';
import { validateIban } from '../../../src/iban/index.js';
import { validateNif } from '../../../src/nif/index.js';
import { quotaMessage } from '../../../src/server/answers/errors.js';
import { meterValidation } from '../../../src/server/pipeline/meter.js';
import { PLANS } from '../../../src/server/policy/plans.js';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import { instrumentStore } from '../../support/fakes/store.js';
import { AT, jsonInput, knownRequest, pipelineFixture } from '../../support/pipeline.js';

const IBAN = 'DE89 3704 0044 0532 0130 00';

describe('the meter stage', () => {
  it('counts the validation, then answers 200 with the result and the quota state', async () => {
    const fixture = await pipelineFixture('FREE');
    const request = knownRequest(fixture, jsonInput('{}', { 'X-Service-SDK': 'verifield-js/1.2.3' }));
    const result = validateIban(IBAN);
    const answer = await meterValidation(request, IBAN, result);
    expect(answer).toEqual({
      status: 200,
      body: result,
      headers: { 'RateLimit-Policy': '"monthly";q=250;w=2678400;verifield-over-quota=refused', RateLimit: '"monthly";r=249;t=1166400' },
    });
    expect(await fixture.store.usage.used(fixture.account.id, '2026-01-15')).toBe(1);
    const [entry] = await fixture.store.usage.log(fixture.account.id, 10);
    expect(entry).toMatchObject({
      requestId: request.requestId,
      keyId: fixture.record.id,
      periodStart: '2026-01-15',
      endpoint: 'iban',
      value: IBAN,
      valid: true,
      status: 200,
      sdk: 'verifield-js/1.2.3',
      at: AT,
    });
    // The meter tells the hint, so the next answers know the count without reading it.
    expect(fixture.runtime.quota.peek(fixture.account.id, '2026-01-15')).toBe(1);
  });

  it('never logs a personal number in clear', async () => {
    const fixture = await pipelineFixture('STARTER');
    await meterValidation(knownRequest(fixture, jsonInput('{}'), 'nif'), '12345678Z', validateNif('12345678Z'));
    const [entry] = await fixture.store.usage.log(fixture.account.id, 10);
    expect(entry?.value).toBe('***');
  });

  it('answers 429 and counts nothing when a FREE quota ran out while the request was in flight', async () => {
    const fixture = await pipelineFixture('FREE');
    const plan = { ...PLANS.FREE, quota: 1 };
    const first = knownRequest(fixture, jsonInput('{}'), 'iban', plan);
    const second = knownRequest(fixture, jsonInput('{}'), 'iban', plan);
    const result = validateIban(IBAN);
    expect((await meterValidation(first, IBAN, result)).status).toBe(200);
    const answer = await meterValidation(second, IBAN, result);
    expect(answer).toEqual({
      status: 429,
      body: { valid: false, message: quotaMessage(1, '2026-02-15'), reason: null, normalizedValue: null, originalValue: IBAN, validationLevel: 'STANDARD', errorCode: 'QUOTA_EXCEEDED' },
      headers: { 'RateLimit-Policy': '"monthly";q=1;w=2678400;verifield-over-quota=refused', RateLimit: '"monthly";r=0;t=1166400' },
    });
    expect(await fixture.store.usage.used(fixture.account.id, '2026-01-15')).toBe(1);
  });

  it('counts a paid plan past its quota (billed overage)', async () => {
    const fixture = await pipelineFixture('STARTER');
    const plan = { ...PLANS.STARTER, quota: 1 };
    const result = validateIban(IBAN);
    await meterValidation(knownRequest(fixture, jsonInput('{}'), 'iban', plan), IBAN, result);
    const answer = await meterValidation(knownRequest(fixture, jsonInput('{}'), 'iban', plan), IBAN, result);
    expect(answer.status).toBe(200);
    expect(answer.headers?.RateLimit).toBe('"monthly";r=0;t=1166400');
    expect(await fixture.store.usage.used(fixture.account.id, '2026-01-15')).toBe(2);
  });

  it('rejects when the count did not commit: no answer leaves uncounted', async () => {
    const store = instrumentStore(await openEmbeddedStore());
    const fixture = await pipelineFixture('STARTER', { store });
    store.failCounts(1);
    await expect(meterValidation(knownRequest(fixture, jsonInput('{}')), IBAN, validateIban(IBAN))).rejects.toThrow('connection to the database lost');
    expect(await store.usage.used(fixture.account.id, '2026-01-15')).toBe(0);
  });
});
