/**
 * What the usage log keeps of each field's values, as the registry says (src/fields/usage-log.ts),
 * and the store's names for it derived from there. The VAT personal-number cases are in
 * test/server/storage/usage-log-value.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { FIELD_NAMES } from '../../src/fields/catalog.js';
import { FIELDS_ALWAYS_MASKED, USAGE_LOG_MASK, USAGE_LOG_POLICIES, usageLogValue } from '../../src/fields/usage-log.js';
import { usageLogValue as storedUsageLogValue } from '../../src/server/storage/usage-log-value.js';
import { MASKED_IN_USAGE_LOG, USAGE_LOG_MASK as STORE_MASK } from '../../src/server/storage/types.js';
import { embedsPersonalNumber } from '../../src/vat/number/personal-number.js';

describe('the usage log, per field', () => {
  it('has a policy for every field of the catalog', () => {
    expect(Object.keys(USAGE_LOG_POLICIES).sort()).toEqual([...FIELD_NAMES].sort());
  });

  it('never keeps NIF, SIN and SSN values, valid or not', () => {
    expect(FIELDS_ALWAYS_MASKED).toEqual(['nif', 'nas', 'ssn']);
    for (const field of FIELDS_ALWAYS_MASKED) {
      for (const value of ['12345678Z', '046 454 286', '234-56-7890', 'anything', '']) expect(usageLogValue(field, value), `${field} ${value}`).toBe('***');
    }
  });

  it('keeps IBAN, email and phone values as sent', () => {
    for (const field of ['iban', 'email', 'phone'] as const) {
      expect(USAGE_LOG_POLICIES[field]).toBe('clear');
      for (const value of ['DE89 3704 0044 0532 0130 00', 'jane@example.com', '+34 600 000 000', '73914682L']) expect(usageLogValue(field, value)).toBe(value);
    }
  });

  it('masks a VAT value exactly when it embeds a personal identity number', () => {
    for (const value of ['ES73914682L', '73914682L', 'CZ7103192746', 'ESB12345674', 'DE123456789', '12345', '']) {
      expect(usageLogValue('vat', value), value).toBe(embedsPersonalNumber(value) ? '***' : value);
    }
    expect(usageLogValue('vat', 'ES73914682L')).toBe('***');
    expect(usageLogValue('vat', 'ESB12345674')).toBe('ESB12345674');
  });

  it('is what the store applies, under the names the store has always exported', () => {
    expect(storedUsageLogValue).toBe(usageLogValue);
    expect([...MASKED_IN_USAGE_LOG]).toEqual(FIELDS_ALWAYS_MASKED);
    expect(STORE_MASK).toBe(USAGE_LOG_MASK);
    expect(USAGE_LOG_MASK).toBe('***');
  });
});
