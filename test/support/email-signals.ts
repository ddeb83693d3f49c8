/** The email signals of an address that carries no risk: no typo, not disposable, no role, no relay. */
export const NO_RISK_SIGNALS = {
  typo_detected: false,
  suggested_domain: null,
  disposable: false,
  role_based: false,
  relay: false,
} as const;
