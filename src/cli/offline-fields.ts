import { validateEmail } from '../email/index.js';
import { validateIban } from '../iban/index.js';
import { validateNas } from '../nas/index.js';
import { validateNif } from '../nif/index.js';
import { validatePhone } from '../phone/index.js';
import type { ValidationResult } from '../result.js';
import { validateSsn } from '../ssn/index.js';
import { validateVat } from '../vat/index.js';

/** The offline validator behind each field name that `verifield check` accepts. */
export const offlineValidators: Readonly<Record<string, (value: string) => ValidationResult>> = {
  iban: validateIban,
  nif: validateNif,
  nas: validateNas,
  ssn: validateSsn,
  vat: validateVat,
  email: (value) => validateEmail(value),
  phone: validatePhone,
};
