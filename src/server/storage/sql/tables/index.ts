/**
 * Every table of the SQL store, declared once (./declare.ts), in an order where a table comes after
 * those it refers to. A table or column added here needs a migration too (../ddl.ts, ../later-migrations.ts).
 */
import { ACCOUNTS, API_KEYS, KEYS_VERSION } from './accounts.js';
import { BATCH_JOB_LINES, BATCH_JOBS } from './batch-jobs.js';
import type { TableDeclaration } from './declare.js';
import { VAT_EVIDENCE } from './evidence.js';
import { JOB_RUNS, VAT_RATES } from './housekeeping.js';
import { ACCOUNT_MEMBERS, DASHBOARD_SESSIONS, LOGIN_LINKS, SECRET_REVEALS } from './sign-ins.js';
import { USAGE_COUNTERS, USAGE_DAILY, USAGE_KEY_LAST, USAGE_LOG } from './usage.js';
import { CIRCUIT_BREAKERS, VIES_CACHE, VIES_STATUS_SAMPLES } from './vies.js';
import { VAT_WATCHES } from './watches.js';
import { WEBHOOK_ATTEMPTS, WEBHOOK_DELIVERIES, WEBHOOK_ENDPOINTS } from './webhooks.js';

export const DECLARED_TABLES: readonly TableDeclaration[] = [
  ACCOUNTS,
  API_KEYS,
  KEYS_VERSION,
  USAGE_COUNTERS,
  USAGE_LOG,
  USAGE_DAILY,
  USAGE_KEY_LAST,
  VIES_CACHE,
  CIRCUIT_BREAKERS,
  VIES_STATUS_SAMPLES,
  VAT_RATES,
  JOB_RUNS,
  // Before the sessions and links, which refer to it (PostgreSQL checks a reference when it is made).
  ACCOUNT_MEMBERS,
  DASHBOARD_SESSIONS,
  LOGIN_LINKS,
  BATCH_JOBS,
  BATCH_JOB_LINES,
  VAT_WATCHES,
  WEBHOOK_ENDPOINTS,
  WEBHOOK_DELIVERIES,
  WEBHOOK_ATTEMPTS,
  VAT_EVIDENCE,
  SECRET_REVEALS,
];
