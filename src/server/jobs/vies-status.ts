/**
 * The `vies-status` job (docs/service.md#periodic-jobs): a sample of the Commission's VIES status
 * feed every five minutes, into the store and the availability tracker; 30 days are kept. Samples
 * other instances stored are read first, so that a lost claim leaves no gap.
 */
import type { ViesStatusFeed, ViesStatusSnapshot } from '../../ports.js';
import type { AvailabilityTracker } from '../../vat/reference/availability.js';
import { RETENTION_MS, slotOf } from './calendar.js';
import { messageOf, type JobContext } from './context.js';

/** One sampling run, into `tracker`, from `statusFeed`. */
export function createStatusSampler(context: JobContext, tracker: AvailabilityTracker, statusFeed: ViesStatusFeed): () => Promise<void> {
  const { store, now, log, claim } = context;
  let lastSampleAt = tracker.newestSampleAt()?.getTime() ?? -Infinity;

  /** Samples other instances stored since the newest one this tracker holds. */
  async function readSavedSamples(): Promise<void> {
    const from = Number.isFinite(lastSampleAt) ? new Date(lastSampleAt) : new Date(now().getTime() - RETENTION_MS);
    for (const saved of await store.statusSamples.since(from)) {
      const time = saved.at.getTime();
      if (time <= lastSampleAt) continue;
      tracker.add({ at: saved.at, ...saved.snapshot });
      lastSampleAt = time;
    }
  }

  return async function sample(): Promise<void> {
    await readSavedSamples();
    const at = now();
    if (await claim('vies-status', slotOf('vies-status', at))) {
      let snapshot: ViesStatusSnapshot | null = null;
      try {
        snapshot = await statusFeed.fetchStatus(context.signal);
      } catch (error) {
        // A missed sample is a gap in the history, not a verdict: nothing is recorded.
        if (!context.stopped()) log(`jobs: VIES status feed not read (${messageOf(error)})`);
      }
      if (snapshot !== null) {
        await store.statusSamples.add(at, snapshot);
        tracker.add({ at, ...snapshot });
        lastSampleAt = Math.max(lastSampleAt, at.getTime());
      }
    }
    tracker.prune();
  };
}
