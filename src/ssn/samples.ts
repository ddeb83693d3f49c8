/**
 * SSNs printed on sample cards and in advertisements, then typed into real forms by thousands of
 * people. Only numbers with a documented story are listed (docs/fields/ssn.md#sample-numbers): a longer list
 * of unknown provenance would reject real holders.
 */
const WELL_KNOWN_SAMPLES: ReadonlySet<string> = new Set([
  // Sample card sold in Woolworth wallets (1938); used by more than 40,000 people.
  '078051120',
  // Sample printed in a Social Security Administration pamphlet.
  '219099999',
  // Published in LifeLock's advertising campaign.
  '457555462',
  // The block the Social Security Administration reserves for advertisements.
  '987654320',
  '987654321',
  '987654322',
  '987654323',
  '987654324',
  '987654325',
  '987654326',
  '987654327',
  '987654328',
  '987654329',
]);

/**
 * Whether the nine digits are a well-known sample SSN.
 * @example
 * ```ts
 * isWellKnownSample('078051120'); // true
 * isWellKnownSample('536904399'); // false
 * ```
 */
export function isWellKnownSample(digits: string): boolean {
  return WELL_KNOWN_SAMPLES.has(digits);
}
