/** What the usage log keeps of a SSN value (docs/service.md#usage-log): never the value: it identifies a person. */
import type { UsageLogPolicy } from '../fields/manifest.js';

export const usageLog: UsageLogPolicy = 'masked';
