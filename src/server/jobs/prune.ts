/**
 * The `prune` job (docs/service.md#periodic-jobs), hourly: drops VIES answers older than the
 * 30-day stale limit, old status samples, usage log rows older than the usage log retention
 * (the per-day totals stay), dashboard sessions idle past their limit, expired login links and
 * the expired secrets a dashboard form kept for their one showing (never shown, they never will be),
 * and VIES evidence older than its own retention (`evidenceYears`, 10 by default): a separate limit,
 * never the usage log's, since evidence is kept for a tax audit years after the usage log is gone.
 * It also discards job uploads begun over an hour before and never finished: their process died
 * while the body arrived (a live upload is cut by the HTTP server's request timeout long before).
 */
import { SESSION_IDLE_MS } from '../policy/sessions.js';
import { DAY_MS, RETENTION_MS, slotOf } from './calendar.js';
import type { JobContext } from './context.js';

/** How many years VIES evidence is kept when the configuration does not say (ServerConfig `evidenceYears`). */
export const DEFAULT_EVIDENCE_YEARS = 10;
/** An upload begun this long ago and not finished was left by a process that died. */
export const ABANDONED_UPLOAD_MS = 60 * 60 * 1000;
/** Abandoned uploads discarded per run (each in short statements); the next run takes the rest. */
const ABANDONED_PER_RUN = 100;

/** The first moment still within `years` calendar years before `at` (UTC; 29 February steps to 1 March). */
export function evidenceCutoff(at: Date, years: number): Date {
  const cutoff = new Date(at.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/**
 * One pruning run; `usageLogDays` is how long the usage log keeps its raw rows, `evidenceYears`
 * how long VIES evidence is kept.
 */
export function createPruning(context: JobContext, usageLogDays: number, evidenceYears = DEFAULT_EVIDENCE_YEARS): () => Promise<void> {
  const { store, now, log, claim } = context;
  return async function prune(): Promise<void> {
    const at = now();
    if (!(await claim('prune', slotOf('prune', at)))) return;
    const before = new Date(at.getTime() - RETENTION_MS);
    const answers = await store.viesCache.prune(before);
    const samples = await store.statusSamples.prune(before);
    if (answers + samples > 0) log(`jobs: pruned ${answers} VIES answers and ${samples} status samples older than 30 days`);
    const usageRows = (await store.usage.prune?.(new Date(at.getTime() - usageLogDays * DAY_MS))) ?? 0;
    if (usageRows > 0) log(`jobs: pruned ${usageRows} usage log rows older than ${usageLogDays} days`);
    // Neither can sign anyone in any more (the session layer refuses them already): only the rows go.
    const sessions = await store.sessions.prune(new Date(at.getTime() - SESSION_IDLE_MS));
    const links = await store.loginLinks.prune(at);
    if (sessions + links > 0) log(`jobs: pruned ${sessions} idle dashboard sessions and ${links} expired login links`);
    const reveals = await store.secretReveals.prune(at);
    if (reveals > 0) log(`jobs: pruned ${reveals} expired secrets a dashboard form kept for their one showing`);
    const evidence = await store.evidence.prune(evidenceCutoff(at, evidenceYears));
    if (evidence > 0) log(`jobs: pruned ${evidence} VIES evidence records older than ${evidenceYears} year${evidenceYears === 1 ? '' : 's'}`);
    const abandoned = await store.batchJobs.abandonedUploads(new Date(at.getTime() - ABANDONED_UPLOAD_MS), ABANDONED_PER_RUN);
    for (const id of abandoned) await store.batchJobs.discard(id);
    if (abandoned.length > 0) log(`jobs: discarded ${abandoned.length} job uploads a stopped process left unfinished`);
  };
}
