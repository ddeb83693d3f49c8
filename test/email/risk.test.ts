import { describe, expect, it } from 'vitest';
import { assessEmailRisk, riskLevelOf, type EmailRiskInput } from '../../src/email/risk.js';

const clean: EmailRiskInput = { syntaxValid: true, disposable: false, typoDetected: false, roleBased: false, relay: false };

describe('riskLevelOf (docs/fields/email.md#risk-model: LOW < 30 <= MEDIUM < 70 <= HIGH)', () => {
  it.each([
    [0, 'LOW'],
    [29, 'LOW'],
    [30, 'MEDIUM'],
    [69, 'MEDIUM'],
    [70, 'HIGH'],
    [100, 'HIGH'],
  ])('%i is %s', (score, level) => {
    expect(riskLevelOf(score)).toBe(level);
  });
});

describe('assessEmailRisk offline (no DNS)', () => {
  it('adds the documented points per signal', () => {
    expect(assessEmailRisk(clean).risk_score).toBe(0);
    expect(assessEmailRisk({ ...clean, disposable: true }).risk_score).toBe(60);
    expect(assessEmailRisk({ ...clean, typoDetected: true }).risk_score).toBe(40);
    expect(assessEmailRisk({ ...clean, roleBased: true }).risk_score).toBe(10);
    expect(assessEmailRisk({ ...clean, relay: true }).risk_score).toBe(5);
    expect(assessEmailRisk({ ...clean, roleBased: true, relay: true }).risk_score).toBe(15);
  });

  it('caps the score at 100', () => {
    const all = { ...clean, disposable: true, typoDetected: true, roleBased: true, relay: true };
    expect(assessEmailRisk(all)).toMatchObject({ risk_score: 100, risk_level: 'HIGH' });
  });

  it('answers UNKNOWN deliverability for a valid address, UNDELIVERABLE with 100 for an invalid one', () => {
    expect(assessEmailRisk({ ...clean, disposable: true }).deliverability).toBe('UNKNOWN');
    expect(assessEmailRisk({ ...clean, syntaxValid: false })).toEqual({
      risk_score: 100,
      risk_level: 'HIGH',
      deliverability: 'UNDELIVERABLE',
    });
  });
});

describe('assessEmailRisk with DNS findings (verifyEmail)', () => {
  it('is DELIVERABLE with MX records and no significant signal (a role or relay is not one)', () => {
    expect(assessEmailRisk({ ...clean, dns: 'MX' })).toEqual({ risk_score: 0, risk_level: 'LOW', deliverability: 'DELIVERABLE' });
    expect(assessEmailRisk({ ...clean, dns: 'MX', roleBased: true, relay: true }).deliverability).toBe('DELIVERABLE');
  });

  it('treats null MX, a missing domain, no records and the blocklist as hard failures', () => {
    for (const dns of ['NULL_MX', 'NO_DOMAIN', 'NO_RECORDS'] as const) {
      expect(assessEmailRisk({ ...clean, dns })).toMatchObject({ risk_score: 100, deliverability: 'UNDELIVERABLE' });
    }
    expect(assessEmailRisk({ ...clean, dns: 'MX', blocklisted: true })).toMatchObject({
      risk_score: 100,
      deliverability: 'UNDELIVERABLE',
    });
  });

  it('is RISKY for an A-record fallback, a DNS error, a disposable domain or a typo', () => {
    expect(assessEmailRisk({ ...clean, dns: 'A_FALLBACK' })).toMatchObject({ risk_score: 15, deliverability: 'RISKY' });
    expect(assessEmailRisk({ ...clean, dns: 'ERROR' })).toMatchObject({ risk_score: 15, deliverability: 'RISKY' });
    expect(assessEmailRisk({ ...clean, dns: 'MX', disposable: true })).toMatchObject({ risk_score: 60, deliverability: 'RISKY' });
    expect(assessEmailRisk({ ...clean, dns: 'MX', typoDetected: true })).toMatchObject({ risk_score: 40, deliverability: 'RISKY' });
  });

  it('is UNDELIVERABLE once the signals add up to a high risk (docs/fields/email.md#verdict: a typo domain with mail records)', () => {
    expect(assessEmailRisk({ ...clean, dns: 'MX', typoDetected: true, disposable: true })).toMatchObject({
      risk_score: 100,
      deliverability: 'UNDELIVERABLE',
    });
    expect(assessEmailRisk({ ...clean, dns: 'MX', typoDetected: true, domainAgeDays: 3, roleBased: true })).toMatchObject({
      risk_score: 75,
      risk_level: 'HIGH',
      deliverability: 'UNDELIVERABLE',
    });
  });

  it('never makes an address UNDELIVERABLE because of a DNS error', () => {
    const result = assessEmailRisk({ ...clean, dns: 'ERROR', disposable: true });
    expect(result).toMatchObject({ risk_score: 75, risk_level: 'HIGH', deliverability: 'RISKY' });
  });

  it('weighs the domain age: +25 under 30 days, +10 under a year, nothing when unknown', () => {
    expect(assessEmailRisk({ ...clean, dns: 'MX', domainAgeDays: 0 }).risk_score).toBe(25);
    expect(assessEmailRisk({ ...clean, dns: 'MX', domainAgeDays: 29 }).risk_score).toBe(25);
    expect(assessEmailRisk({ ...clean, dns: 'MX', domainAgeDays: 30 }).risk_score).toBe(10);
    expect(assessEmailRisk({ ...clean, dns: 'MX', domainAgeDays: 364 }).risk_score).toBe(10);
    expect(assessEmailRisk({ ...clean, dns: 'MX', domainAgeDays: 365 }).risk_score).toBe(0);
    expect(assessEmailRisk({ ...clean, dns: 'MX', domainAgeDays: null }).risk_score).toBe(0);
  });

  it('makes a young domain alone RISKY but not UNDELIVERABLE', () => {
    expect(assessEmailRisk({ ...clean, dns: 'MX', domainAgeDays: 2, roleBased: true })).toMatchObject({
      risk_score: 35,
      risk_level: 'MEDIUM',
      deliverability: 'RISKY',
    });
  });
});
