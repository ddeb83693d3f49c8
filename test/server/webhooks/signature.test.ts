/** The Verifield-Signature header: what signPayload writes, verifySignature accepts, and nothing else. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from '../../../src/server/webhooks/signature.js';

const SECRET = 'whsec_test-secret';
const BODY = '{"id":"evt_1","type":"job.completed","createdAt":"2026-01-01T00:00:00.000Z","data":{}}';
const T = 1_767_225_600;

describe('webhook signatures', () => {
  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">, which anyone can recompute', () => {
    const expected = createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex');
    expect(signPayload(SECRET, BODY, T)).toBe(`t=${T},v1=${expected}`);
  });

  it('verifies its own signature within the tolerance, both ways in time', () => {
    const header = signPayload(SECRET, BODY, T);
    expect(verifySignature(header, BODY, SECRET, 300, T)).toBe(true);
    expect(verifySignature(header, BODY, SECRET, 300, T + 300)).toBe(true);
    expect(verifySignature(header, BODY, SECRET, 300, T - 300)).toBe(true);
    expect(verifySignature(header, BODY, SECRET, 300, T + 301)).toBe(false);
  });

  it('refuses another body, another secret, a changed time, and malformed headers, without throwing', () => {
    const header = signPayload(SECRET, BODY, T);
    expect(verifySignature(header, `${BODY} `, SECRET, 300, T)).toBe(false);
    expect(verifySignature(header, BODY, 'whsec_other', 300, T)).toBe(false);
    expect(verifySignature(header.replace(`t=${T}`, `t=${T + 1}`), BODY, SECRET, 300, T)).toBe(false);
    for (const bad of [undefined, null, '', 'garbage', `t=${T}`, `v1=${'0'.repeat(64)}`, `t=x,v1=${'0'.repeat(64)}`, `t=${T},v1=zz`, 'x'.repeat(10_000)]) {
      expect(verifySignature(bad, BODY, SECRET, 300, T)).toBe(false);
    }
  });

  it('accepts the matching one among several v1 values (a sender rotating its secret)', () => {
    const good = signPayload(SECRET, BODY, T).split(',v1=')[1] as string;
    expect(verifySignature(`t=${T},v1=${'a'.repeat(64)},v1=${good}`, BODY, SECRET, 300, T)).toBe(true);
  });
});
