/**
 * The email risk model: an additive score capped at 100,
 * its level, and the deliverability verdict. One pure function for the offline check and for
 * `verifyEmail`, which adds what DNS, RDAP and the blocklist found.
 */
import type { Deliverability, RiskLevel } from '../result.js';

/** What the DNS lookup of the domain found; absent when DNS was not consulted. */
export type EmailDnsFinding =
  /** MX records that accept mail. */
  | 'MX'
  /** No MX, but an A or AAAA record: mail goes to the implicit MX (RFC 5321 5.1). */
  | 'A_FALLBACK'
  /** A null MX (RFC 7505): the domain says it accepts no mail. */
  | 'NULL_MX'
  /** The domain does not exist (NXDOMAIN). */
  | 'NO_DOMAIN'
  /** The domain exists but has neither MX nor A/AAAA records. */
  | 'NO_RECORDS'
  /** The resolvers could not answer (timeout, SERVFAIL): never read as a negative answer. */
  | 'ERROR';

/** The findings the risk model weighs. */
export interface EmailRiskInput {
  /** The address passed the syntax checks; false is a hard failure (score 100). */
  syntaxValid: boolean;
  /** The domain is a known disposable provider. */
  disposable: boolean;
  /** A likely domain typo was found. */
  typoDetected: boolean;
  /** The local part is a role mailbox (info, admin, …). */
  roleBased: boolean;
  /** The domain is a forwarding (relay) service. */
  relay: boolean;
  /** Absent or null when DNS was not consulted. */
  dns?: EmailDnsFinding | null;
  /** The domain is on the integrator's blocklist. */
  blocklisted?: boolean;
  /** Age of the domain in days; null or absent when unknown (never read as young). */
  domainAgeDays?: number | null;
}

/** Score, level and deliverability of an address. */
export interface EmailRiskAssessment {
  /** 0 (low risk) to 100 (high risk). */
  risk_score: number;
  /** LOW under 30, MEDIUM under 70, HIGH from 70. */
  risk_level: RiskLevel;
  /** Whether mail to the address is expected to arrive; a DNS error gives RISKY, never UNDELIVERABLE. */
  deliverability: Deliverability;
}

/** Points each signal adds to the score. */
export const emailRiskWeights = {
  hardFailure: 100,
  disposable: 60,
  typo: 40,
  domainYoungerThan30Days: 25,
  domainYoungerThanAYear: 10,
  aRecordFallback: 15,
  dnsError: 15,
  role: 10,
  relay: 5,
} as const;

const MEDIUM_FROM = 30;
const HIGH_FROM = 70;
const MAX_SCORE = 100;

/**
 * LOW below 30, MEDIUM from 30, HIGH from 70.
 *
 * @example
 * ```ts
 * riskLevelOf(10); // 'LOW'
 * riskLevelOf(40); // 'MEDIUM'
 * riskLevelOf(70); // 'HIGH'
 * ```
 */
export function riskLevelOf(score: number): RiskLevel {
  return score >= HIGH_FROM ? 'HIGH' : score >= MEDIUM_FROM ? 'MEDIUM' : 'LOW';
}

/**
 * Scores an address. Hard failures (invalid syntax, blocklisted, null MX, no such domain, no MX
 * and no A record) score 100 and make it UNDELIVERABLE. Otherwise the signals add up, capped at
 * 100; without DNS the verdict is UNKNOWN; with DNS it is UNDELIVERABLE when the signals reach a
 * high risk, RISKY when any significant signal is present (disposable, typo, A-record fallback,
 * DNS error, or a medium score) and DELIVERABLE otherwise. A DNS error is never enough to make an
 * address UNDELIVERABLE: its points are left out of that decision.
 *
 * @example
 * ```ts
 * // A typo, and no DNS asked:
 * assessEmailRisk({ syntaxValid: true, disposable: false, typoDetected: true, roleBased: false, relay: false }); // { risk_score: 40, risk_level: 'MEDIUM', deliverability: 'UNKNOWN' }
 * // A role mailbox on a domain with MX records:
 * assessEmailRisk({ syntaxValid: true, disposable: false, typoDetected: false, roleBased: true, relay: false, dns: 'MX' }).deliverability; // 'DELIVERABLE'
 * // A domain that takes no mail:
 * assessEmailRisk({ syntaxValid: true, disposable: false, typoDetected: false, roleBased: false, relay: false, dns: 'NULL_MX' }).risk_score; // 100
 * ```
 */
export function assessEmailRisk(input: EmailRiskInput): EmailRiskAssessment {
  const dns = input.dns ?? null;
  const hardFailure =
    !input.syntaxValid ||
    input.blocklisted === true ||
    dns === 'NULL_MX' ||
    dns === 'NO_DOMAIN' ||
    dns === 'NO_RECORDS';
  if (hardFailure) {
    return { risk_score: MAX_SCORE, risk_level: 'HIGH', deliverability: 'UNDELIVERABLE' };
  }
  const w = emailRiskWeights;
  let score = 0;
  if (input.disposable) score += w.disposable;
  if (input.typoDetected) score += w.typo;
  if (input.roleBased) score += w.role;
  if (input.relay) score += w.relay;
  const age = input.domainAgeDays;
  if (typeof age === 'number' && age >= 0) {
    if (age < 30) score += w.domainYoungerThan30Days;
    else if (age < 365) score += w.domainYoungerThanAYear;
  }
  if (dns === 'A_FALLBACK') score += w.aRecordFallback;
  const scoreWithoutDnsError = Math.min(score, MAX_SCORE);
  if (dns === 'ERROR') score += w.dnsError;
  const riskScore = Math.min(score, MAX_SCORE);
  const riskLevel = riskLevelOf(riskScore);

  let deliverability: Deliverability;
  if (dns === null) deliverability = 'UNKNOWN';
  else if (scoreWithoutDnsError >= HIGH_FROM) deliverability = 'UNDELIVERABLE';
  else if (
    input.disposable ||
    input.typoDetected ||
    dns === 'A_FALLBACK' ||
    dns === 'ERROR' ||
    riskScore >= MEDIUM_FROM
  ) {
    deliverability = 'RISKY';
  } else deliverability = 'DELIVERABLE';
  return { risk_score: riskScore, risk_level: riskLevel, deliverability };
}
