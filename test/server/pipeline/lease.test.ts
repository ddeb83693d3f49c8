/**
 * The lease stage (src/server/pipeline/lease.ts) on its own: the slots of a request taken from
 * the limiter of its services and given back, or the 429 refusal when the account's limit or the shared pool is full.
 */
import { describe, expect, it } from 'vitest';
import { concurrencyMessage, ERROR_MESSAGES } from '../../../src/server/answers/errors.js';
import { createLogThrottle } from '../../../src/server/answers/log-throttle.js';
import { Refusal } from '../../../src/server/pipeline/context.js';
import { acquireLease, releaseLease } from '../../../src/server/pipeline/lease.js';
import type { Lease } from '../../../src/server/storage/limiter.js';
import { createMemoryLimiter } from '../../../src/server/storage/memory/limiter.js';
import { jsonInput, knownRequest, pipelineFixture } from '../../support/pipeline.js';

describe('the lease stage', () => {
  it('holds a slot of the account (and of the shared pool) until the lease is given back', async () => {
    const limiter = createMemoryLimiter();
    const fixture = await pipelineFixture('FREE', { limiter });
    const request = knownRequest(fixture, jsonInput('{}'));
    const lease = await acquireLease(request, 'DE89');
    expect(lease).not.toBeInstanceOf(Refusal);
    expect([limiter.inFlight(fixture.account.id), limiter.sharedInUse]).toEqual([1, 1]);
    await releaseLease(lease as Lease, request.requestId, createLogThrottle({ log: (line) => fixture.logs.push(line) }));
    expect([limiter.inFlight(fixture.account.id), limiter.sharedInUse]).toEqual([0, 0]);
    expect(fixture.logs).toEqual([]);
  });

  it("refuses a request beyond the plan's maximum with 429 and Retry-After: 1, telling the quota state", async () => {
    const limiter = createMemoryLimiter();
    const fixture = await pipelineFixture('FREE', { limiter });
    const request = knownRequest(fixture, jsonInput('{}'));
    for (let i = 0; i < 3; i++) expect(await acquireLease(request, 'DE89')).not.toBeInstanceOf(Refusal);
    const refused = await acquireLease(request, 'DE89');
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).answer).toEqual({
      status: 429,
      body: { valid: false, message: concurrencyMessage(3), reason: null, normalizedValue: null, originalValue: 'DE89', validationLevel: 'STANDARD', errorCode: 'CONCURRENCY_LIMIT' },
      headers: {
        'RateLimit-Policy': '"monthly";q=250;w=2678400;verifield-over-quota=refused',
        RateLimit: '"monthly";r=250;t=1166400',
        'Retry-After': '1',
      },
    });
    expect(limiter.inFlight(fixture.account.id)).toBe(3);
  });

  it('refuses a non-PRO request when the shared pool is full; a PRO request does not use the pool', async () => {
    const limiter = createMemoryLimiter({ sharedPoolSize: 1 });
    const free = await pipelineFixture('FREE', { limiter });
    const pro = await pipelineFixture('PRO', { limiter });
    expect(await acquireLease(knownRequest(free, jsonInput('{}')), '')).not.toBeInstanceOf(Refusal);
    const refused = await acquireLease(knownRequest(free, jsonInput('{}')), '');
    expect((refused as Refusal).answer.body).toMatchObject({ errorCode: 'CONCURRENCY_LIMIT', message: ERROR_MESSAGES.CONCURRENCY_POOL });
    expect(await acquireLease(knownRequest(pro, jsonInput('{}')), '')).not.toBeInstanceOf(Refusal);
  });

  it('logs a lease that fails to go back, and never rejects: the lease expires by itself', async () => {
    const logs: string[] = [];
    const failing: Lease = { release: () => Promise.reject(new Error('redis gone')) };
    await expect(releaseLease(failing, 'r-7', createLogThrottle({ log: (line) => logs.push(line) }))).resolves.toBeUndefined();
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0] as string)).toMatchObject({ level: 'warn', msg: 'lease release failed', requestId: 'r-7' });
    expect(logs[0]).toContain('redis gone');
  });
});
