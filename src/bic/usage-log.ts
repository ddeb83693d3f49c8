/** What the usage log keeps of a BIC (docs/service.md#usage-log): the value as sent, since a BIC names an institution, never a person. */
import type { UsageLogPolicy } from '../fields/manifest.js';

export const usageLog: UsageLogPolicy = 'clear';
