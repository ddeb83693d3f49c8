/** What the usage log keeps of a VAT number: not the number when it embeds a person's identity number (./number/personal-number.ts). */
import type { UsageLogPolicy } from '../fields/manifest.js';
import { embedsPersonalNumber } from './number/personal-number.js';

export const usageLog: UsageLogPolicy = { maskedWhen: embedsPersonalNumber };
