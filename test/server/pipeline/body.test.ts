/**
 * The body stage (src/server/pipeline/body.ts, readRequestBody) on its own: the request's body in,
 * `{ value, options? }` out (the members the field declares), or the 400 refusal with the account's quota state. The reading
 * rules themselves (sizes, encodings, JSON shapes) are tested in test/server/pipeline/request.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, memberNotStringMessage } from '../../../src/server/answers/errors.js';
import { readRequestBody } from '../../../src/server/pipeline/body.js';
import { Refusal } from '../../../src/server/pipeline/context.js';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import { jsonInput, knownRequest, pipelineFixture } from '../../support/pipeline.js';
import { refusedBeforeValue } from '../../support/envelopes.js';

const QUOTA_STATE = {
  'RateLimit-Policy': '"monthly";q=10000;w=2678400;verifield-over-quota=billed',
  RateLimit: '"monthly";r=10000;t=1166400',
};

describe('the body stage', () => {
  it('hands on the value, and the trader name only on the fields that take one (elsewhere 400 UNKNOWN_MEMBER, with the quota state)', async () => {
    const fixture = await pipelineFixture('STARTER');
    const body = '{"value":"NL 8560.59.140 B01","traderName":"ACME"}';
    expect(await readRequestBody(knownRequest(fixture, jsonInput(body), 'vat'))).toEqual({ value: 'NL 8560.59.140 B01', options: { traderName: 'ACME' } });
    expect(((await readRequestBody(knownRequest(fixture, jsonInput(body), 'iban'))) as Refusal).answer).toEqual({
      status: 400,
      body: {
        valid: false,
        message: 'Unknown member "traderName" in the request body: this endpoint takes value, nationalCheck',
        reason: null,
        normalizedValue: null,
        originalValue: 'NL 8560.59.140 B01',
        validationLevel: 'STANDARD',
        errorCode: 'UNKNOWN_MEMBER',
      },
      headers: QUOTA_STATE,
    });
    expect(await readRequestBody(knownRequest(fixture, jsonInput('{"value":"020 7946 0958","defaultCountry":"GB"}'), 'phone'))).toEqual({ value: '020 7946 0958', options: { defaultCountry: 'GB' } });
    expect(await readRequestBody(knownRequest(fixture, jsonInput('{"value":"x","traderName":null}'), 'vat'))).toEqual({ value: 'x' });
  });

  it('refuses a malformed body with 400 and its error code, telling the quota state', async () => {
    const fixture = await pipelineFixture('STARTER');
    const refused = await readRequestBody(knownRequest(fixture, jsonInput('{"value":')));
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).answer).toEqual({
      status: 400,
      body: refusedBeforeValue('INVALID_JSON', ERROR_MESSAGES.INVALID_JSON),
      headers: QUOTA_STATE,
    });
  });

  it('echoes a value that arrived, cut to 1,024 characters when too long', async () => {
    const fixture = await pipelineFixture('STARTER');
    const refused = await readRequestBody(knownRequest(fixture, jsonInput(JSON.stringify({ value: 'x'.repeat(2_000) }))));
    expect((refused as Refusal).answer.body).toMatchObject({ errorCode: 'VALUE_TOO_LONG', originalValue: 'x'.repeat(1_024) });
    const notString = await readRequestBody(knownRequest(fixture, jsonInput('{"value":"DE89","traderName":7}'), 'vat'));
    expect((notString as Refusal).answer.body).toMatchObject({ errorCode: 'VALUE_NOT_STRING', message: memberNotStringMessage('traderName'), originalValue: 'DE89' });
  });

  it('refuses without the quota state when the count cannot be read', async () => {
    const real = await openEmbeddedStore();
    const store = { ...real, usage: { ...real.usage, used: () => Promise.reject(new Error('disk I/O error')) } };
    const fixture = await pipelineFixture('STARTER', { store });
    const refused = await readRequestBody(knownRequest(fixture, jsonInput('[]')));
    expect((refused as Refusal).answer).toEqual({
      status: 400,
      body: refusedBeforeValue('MISSING_VALUE', ERROR_MESSAGES.MISSING_VALUE),
    });
  });
});
