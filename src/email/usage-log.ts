/** What the usage log keeps of a EMAIL value (docs/service.md#usage-log): the value as sent. */
import type { UsageLogPolicy } from '../fields/manifest.js';

export const usageLog: UsageLogPolicy = 'clear';
