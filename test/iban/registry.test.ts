/**
 * The registry table itself (src/iban/registry.ts): src/iban/countries.ts compiles each layout
 * without checking it (every byte of validateIban counts), so the table is checked here.
 */
import { describe, expect, it } from 'vitest';
import { IBAN_REGISTRY } from '../../src/iban/registry.js';

describe('IBAN_REGISTRY', () => {
  it('holds 89 countries, each a length of 5 to 34 and a layout of digit, letter or mixed groups that fills the BBAN', () => {
    const entries = Object.entries(IBAN_REGISTRY);
    expect(entries).toHaveLength(89);
    for (const [code, [length, layout]] of entries) {
      expect(code, code).toMatch(/^[A-Z]{2}$/);
      expect(length, code).toBeGreaterThanOrEqual(5);
      expect(length, code).toBeLessThanOrEqual(34);
      const groups = layout.split(',');
      for (const group of groups) expect(group, code).toMatch(/^[1-9]\d*[nac]$/);
      expect(groups.reduce((sum, group) => sum + Number.parseInt(group, 10), 4), code).toBe(length);
    }
  });
});
