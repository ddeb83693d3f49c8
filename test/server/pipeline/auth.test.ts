/**
 * The auth stage (src/server/pipeline/auth.ts, authenticateRequest) on its own: a presented key
 * in, the request with its account, key, plan and billing period out, or the 401/403 refusal.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, forbiddenMessage } from '../../../src/server/answers/errors.js';
import { createAuthenticator } from '../../../src/server/pipeline/authenticator.js';
import { authenticateRequest } from '../../../src/server/pipeline/auth.js';
import { Refusal, type ArrivedRequest } from '../../../src/server/pipeline/context.js';
import { PLANS } from '../../../src/server/policy/plans.js';
import { AT, jsonInput, pipelineFixture } from '../../support/pipeline.js';
import { refusedBeforeValue } from '../../support/envelopes.js';

const arrived = (field: ArrivedRequest['field'] = 'iban'): ArrivedRequest => ({ field, input: jsonInput('{}'), requestId: 'r-1', started: 1 });

/** A FREE account's quota state with nothing counted, at AT, in the period from 2026-01-15 to 2026-02-15. */
const FREE_UNUSED = {
  'RateLimit-Policy': '"monthly";q=250;w=2678400;verifield-over-quota=refused',
  RateLimit: '"monthly";r=250;t=1166400',
};

describe('the auth stage', () => {
  it('hands on the request with the account, its key, its plan and the billing period at the clock', async () => {
    const fixture = await pipelineFixture('GROWTH');
    const request = arrived('vat');
    const known = await authenticateRequest(request, fixture.key, fixture.runtime, PLANS);
    expect(known).not.toBeInstanceOf(Refusal);
    if (known instanceof Refusal) return;
    expect(known).toMatchObject({ field: 'vat', input: request.input, requestId: 'r-1', started: 1, at: AT, plan: PLANS.GROWTH });
    expect(known.account.id).toBe(fixture.account.id);
    expect(known.key.id).toBe(fixture.record.id);
    expect(known.period).toEqual({ start: '2026-01-15', end: '2026-02-15', endMs: Date.parse('2026-02-15T00:00:00Z'), windowSeconds: 2_678_400 });
    expect(known.services).toBe(fixture.runtime.services);
    expect(known.hint).toBe(fixture.runtime.quota);
  });

  it('reads the plan from the table it is given (plan overrides)', async () => {
    const fixture = await pipelineFixture('FREE');
    const plans = { ...PLANS, FREE: { ...PLANS.FREE, quota: 5 } };
    const known = await authenticateRequest(arrived(), fixture.key, fixture.runtime, plans);
    expect(known instanceof Refusal ? null : known.plan.quota).toBe(5);
  });

  it('refuses no key, a key of the wrong shape and an unknown key with 401, telling nothing of any account', async () => {
    const fixture = await pipelineFixture('FREE');
    const cases = [
      [undefined, 'MISSING_API_KEY', ERROR_MESSAGES.MISSING_API_KEY],
      ['not-a-key', 'INVALID_API_KEY', ERROR_MESSAGES.INVALID_API_KEY],
      [`vf_${'0'.repeat(43)}`, 'INVALID_API_KEY', ERROR_MESSAGES.INVALID_API_KEY],
    ] as const;
    for (const [presented, code, message] of cases) {
      const refused = await authenticateRequest(arrived(), presented, fixture.runtime, PLANS);
      expect(refused).toBeInstanceOf(Refusal);
      expect((refused as Refusal).answer).toEqual({
        status: 401,
        body: refusedBeforeValue(code, message),
      });
    }
  });

  it('refuses an expired key with 401 EXPIRED_API_KEY, in the words of an invalid one', async () => {
    const fixture = await pipelineFixture('FREE', { expires: '1h', now: new Date(AT.getTime() - 2 * 3_600_000) });
    const refused = await authenticateRequest(arrived(), fixture.key, fixture.runtime, PLANS);
    expect((refused as Refusal).answer.status).toBe(401);
    expect((refused as Refusal).answer.body).toMatchObject({ errorCode: 'EXPIRED_API_KEY', message: ERROR_MESSAGES.INVALID_API_KEY });
  });

  it('refuses a good key without the field in its scopes with 403, with the account quota state', async () => {
    const fixture = await pipelineFixture('FREE', { scopes: ['iban'] });
    const refused = await authenticateRequest(arrived('email'), fixture.key, fixture.runtime, PLANS);
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).answer).toEqual({
      status: 403,
      body: refusedBeforeValue('FORBIDDEN', forbiddenMessage('email')),
      headers: FREE_UNUSED,
    });
  });

  describe('of a suspended account', () => {
    const suspendedAnswer = {
      status: 401,
      body: refusedBeforeValue('ACCOUNT_SUSPENDED', ERROR_MESSAGES.ACCOUNT_SUSPENDED),
    };

    it('refuses a good key with 401 ACCOUNT_SUSPENDED, without the quota state, even for a field outside its scopes', async () => {
      const fixture = await pipelineFixture('GROWTH', { scopes: ['iban'] });
      await fixture.store.accounts.update(fixture.account.id, { suspended: true }, AT);
      for (const field of ['iban', 'email'] as const) {
        const refused = await authenticateRequest(arrived(field), fixture.key, fixture.runtime, PLANS);
        expect(refused).toBeInstanceOf(Refusal);
        expect((refused as Refusal).answer).toEqual(suspendedAnswer);
      }
    });

    it('still refuses its revoked, expired and unknown keys as before, saying nothing of the suspension', async () => {
      const expired = await pipelineFixture('PRO', { expires: '1h', now: new Date(AT.getTime() - 2 * 3_600_000) });
      const revoked = await pipelineFixture('PRO', { store: expired.store });
      await expired.store.keys.revoke(revoked.record.id, AT);
      for (const fixture of [expired, revoked]) await fixture.store.accounts.update(fixture.account.id, { suspended: true }, AT);

      const codeOf = async (fixture: typeof expired, key: string) =>
        ((await authenticateRequest(arrived(), key, fixture.runtime, PLANS)) as Refusal).answer.body;
      expect(await codeOf(expired, expired.key)).toMatchObject({ errorCode: 'EXPIRED_API_KEY', message: ERROR_MESSAGES.INVALID_API_KEY });
      expect(await codeOf(revoked, revoked.key)).toMatchObject({ errorCode: 'INVALID_API_KEY', message: ERROR_MESSAGES.INVALID_API_KEY });
      expect(await codeOf(revoked, `vf_${'0'.repeat(43)}`)).toMatchObject({ errorCode: 'INVALID_API_KEY' });
    });

    it('lets the key through again once the account is resumed', async () => {
      const fixture = await pipelineFixture('FREE');
      // Every lookup from the store: how soon a running service's key cache notices is test/server/pipeline/auth-suspension.test.ts.
      const runtime = { ...fixture.runtime, auth: createAuthenticator({ store: fixture.store, now: () => AT, cacheMs: 0 }) };
      await fixture.store.accounts.update(fixture.account.id, { suspended: true }, AT);
      expect(await authenticateRequest(arrived(), fixture.key, runtime, PLANS)).toBeInstanceOf(Refusal);
      await fixture.store.accounts.update(fixture.account.id, { suspended: false }, AT);
      const known = await authenticateRequest(arrived(), fixture.key, runtime, PLANS);
      expect(known).not.toBeInstanceOf(Refusal);
      expect(known instanceof Refusal ? null : known.account.suspendedAt).toBeNull();
    });
  });
});
