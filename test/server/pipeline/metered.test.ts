/**
 * The one metered validation (src/server/pipeline/metered.ts) on its own: a performed validation
 * counted in the usage log and answered 200 with the quota state; a FREE quota used up meanwhile
 * answered 429 and not counted; a count that did not commit rejected; and a request, a job's line
 * and a watch's re-check counted alike: the same usage entry, masked the same, the same quota rule.
 */
import { describe, expect, it } from 'vitest';
import { validateIban } from '../../../src/iban/index.js';
import { validateNif } from '../../../src/nif/index.js';
import { quotaMessage } from '../../../src/server/answers/errors.js';
import type { KnownRequest } from '../../../src/server/pipeline/context.js';
import { meteredValidation, quotaLeft, type MeterOptions } from '../../../src/server/pipeline/metered.js';
import { meteredAnswer, requestWork } from '../../../src/server/pipeline/validate.js';
import type { ValidationResult } from '../../../src/result.js';
import { quotaExhausted } from '../../../src/server/watch/check.js';
import { PLANS } from '../../../src/server/policy/plans.js';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import { instrumentStore } from '../../support/fakes/store.js';
import { AT, jsonInput, knownRequest, pipelineFixture, type PipelineFixture } from '../../support/pipeline.js';

/** A request's metered validation of `value`, answered as validate.ts answers it; `result` is the validator's own answer. */
async function meterValidation(fixture: PipelineFixture, request: KnownRequest, value: string, result: ValidationResult): Promise<ReturnType<typeof meteredAnswer>> {
  const metered = await meteredValidation(fixture.runtime, requestWork(request, { value }), { quota: 'block' });
  if (metered.kind === 'counted') expect(metered.result).toEqual(result);
  return meteredAnswer(request, value, metered);
}

const IBAN = 'DE89 3704 0044 0532 0130 00';

/** The 429 of an IBAN request over a FREE quota of 1 in the period that ends on 2026-02-15. */
const OVER_ONE = {
  status: 429,
  body: { valid: false, message: quotaMessage(1, '2026-02-15'), reason: null, normalizedValue: null, originalValue: IBAN, validationLevel: 'STANDARD', errorCode: 'QUOTA_EXCEEDED' },
  headers: { 'RateLimit-Policy': '"monthly";q=1;w=2678400;verifield-over-quota=refused', RateLimit: '"monthly";r=0;t=1166400' },
};

describe('the meter stage', () => {
  it('counts the validation, then answers 200 with the result and the quota state', async () => {
    const fixture = await pipelineFixture('FREE');
    const request = knownRequest(fixture, jsonInput('{}', { 'X-Service-SDK': 'verifield-js/1.2.3' }));
    const result = validateIban(IBAN);
    const answer = await meterValidation(fixture, request, IBAN, result);
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
    await meterValidation(fixture, knownRequest(fixture, jsonInput('{}'), 'nif'), '12345678Z', validateNif('12345678Z'));
    const [entry] = await fixture.store.usage.log(fixture.account.id, 10);
    expect(entry?.value).toBe('***');
  });

  it('answers 429 and counts nothing when a FREE quota ran out while the request was in flight', async () => {
    const fixture = await pipelineFixture('FREE');
    const plan = { ...PLANS.FREE, quota: 1 };
    const first = knownRequest(fixture, jsonInput('{}'), 'iban', plan);
    const second = knownRequest(fixture, jsonInput('{}'), 'iban', plan);
    const result = validateIban(IBAN);
    // In flight together: both pass the count known here (0), and the meter's exact count refuses one.
    const answers = await Promise.all([meterValidation(fixture, first, IBAN, result), meterValidation(fixture, second, IBAN, result)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429]);
    expect(answers.find((answer) => answer.status === 429)).toEqual(OVER_ONE);
    expect(await fixture.store.usage.used(fixture.account.id, '2026-01-15')).toBe(1);
  });

  it('answers 429 before any work once the count known here reached a FREE quota', async () => {
    const fixture = await pipelineFixture('FREE');
    const plan = { ...PLANS.FREE, quota: 1 };
    const result = validateIban(IBAN);
    expect((await meterValidation(fixture, knownRequest(fixture, jsonInput('{}'), 'iban', plan), IBAN, result)).status).toBe(200);
    const answer = await meterValidation(fixture, knownRequest(fixture, jsonInput('{}'), 'iban', plan), IBAN, result);
    expect(answer).toEqual(OVER_ONE);
    expect(await fixture.store.usage.used(fixture.account.id, '2026-01-15')).toBe(1);
  });

  it('counts a paid plan past its quota (billed overage)', async () => {
    const fixture = await pipelineFixture('STARTER');
    const plan = { ...PLANS.STARTER, quota: 1 };
    const result = validateIban(IBAN);
    await meterValidation(fixture, knownRequest(fixture, jsonInput('{}'), 'iban', plan), IBAN, result);
    const answer = await meterValidation(fixture, knownRequest(fixture, jsonInput('{}'), 'iban', plan), IBAN, result);
    expect(answer.status).toBe(200);
    expect(answer.headers?.RateLimit).toBe('"monthly";r=0;t=1166400');
    expect(await fixture.store.usage.used(fixture.account.id, '2026-01-15')).toBe(2);
  });

  it('rejects when the count did not commit: no answer leaves uncounted', async () => {
    const store = instrumentStore(await openEmbeddedStore());
    const fixture = await pipelineFixture('STARTER', { store });
    store.failCounts(1);
    await expect(meterValidation(fixture, knownRequest(fixture, jsonInput('{}')), IBAN, validateIban(IBAN))).rejects.toThrow('connection to the database lost');
    expect(await store.usage.used(fixture.account.id, '2026-01-15')).toBe(0);
  });

  describe('a request, a job line and a watch re-check are counted alike', () => {
    // Each caller's options, as validate.ts, batch/runner.ts and watch/check.ts pass them.
    const CALLERS: ReadonlyArray<[string, MeterOptions]> = [
      ['request', { quota: 'block' }],
      ['job line', { quota: 'reserved', proceed: () => true }],
      ['watch re-check', { quota: 'reserved', cache: 'bypass', paced: {}, counts: () => true }],
    ];

    it.each([
      ['iban', IBAN, IBAN],
      ['nif', '12345678Z', '***'],
    ] as const)('the same usage entry for %s, its value logged once as the field allows (%s)', async (field, value, logged) => {
      const entries = [];
      for (const [caller, options] of CALLERS) {
        const fixture = await pipelineFixture('STARTER');
        const request = knownRequest(fixture, jsonInput('{}'), field);
        const metered = await meteredValidation(fixture.runtime, { ...requestWork(request, { value }), sdk: null, requestId: `${caller}:1` }, options);
        expect(metered.kind, caller).toBe('counted');
        const [entry] = await fixture.store.usage.log(fixture.account.id, 10);
        entries.push({ ...entry, requestId: undefined, latencyMs: undefined, keyId: undefined, accountId: undefined });
        expect(entry?.value, caller).toBe(logged);
        // The count is known here at once, whoever counted it.
        expect(fixture.runtime.quota.peek(fixture.account.id, '2026-01-15'), caller).toBe(1);
      }
      expect(entries[1]).toEqual(entries[0]);
      expect(entries[2]).toEqual(entries[0]);
    });

    it('one quota rule: a FREE account at its quota is refused a request, a job of one line and a re-check', async () => {
      const fixture = await pipelineFixture('FREE');
      const plan = { ...PLANS.FREE, quota: 1 };
      expect((await meterValidation(fixture, knownRequest(fixture, jsonInput('{}'), 'iban', plan), IBAN, validateIban(IBAN))).status).toBe(200);
      // The request: refused by the one function.
      const refused = await meteredValidation(fixture.runtime, requestWork(knownRequest(fixture, jsonInput('{}'), 'iban', plan), { value: IBAN }), { quota: 'block' });
      expect(refused).toEqual({ kind: 'over-quota', used: 1 });
      // A job's total (batch/submit.ts) and a re-check (watch/check.ts) reserve theirs by the same rule.
      expect(quotaLeft(plan, 1)).toBe(0);
      expect(await quotaExhausted(fixture.runtime, fixture.account, plan, AT)).toEqual({ quota: 1, resetsOn: '2026-02-15' });
      expect(quotaLeft(PLANS.STARTER, 10_000_000)).toBe(Number.POSITIVE_INFINITY);
    });

    it('nothing is validated or counted while the store cannot count: the same outcome for every caller', async () => {
      for (const [caller, options] of CALLERS) {
        const fixture = await pipelineFixture('STARTER');
        const outage = { kind: 'failing', message: 'The store is unavailable', retryAfterSeconds: 5, since: 0 } as const;
        let refused = 0;
        const runtime = { ...fixture.runtime, availability: { outage: () => outage, refused: () => void (refused += 1) } };
        const request = knownRequest(fixture, jsonInput('{}'));
        expect(await meteredValidation(runtime, requestWork(request, { value: IBAN }), options), caller).toEqual({ kind: 'unavailable', outage });
        expect(refused, caller).toBe(1);
        expect(await fixture.store.usage.used(fixture.account.id, '2026-01-15'), caller).toBe(0);
      }
    });

    it('a job line the job stopped owning, or an answer the caller does not count, is not counted', async () => {
      const fixture = await pipelineFixture('STARTER');
      const work = requestWork(knownRequest(fixture, jsonInput('{}')), { value: IBAN });
      expect((await meteredValidation(fixture.runtime, work, { quota: 'reserved', proceed: () => false })).kind).toBe('not-counted');
      expect((await meteredValidation(fixture.runtime, work, { quota: 'reserved', counts: () => false })).kind).toBe('not-counted');
      expect(await fixture.store.usage.used(fixture.account.id, '2026-01-15')).toBe(0);
    });
  });
});
