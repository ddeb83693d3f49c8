/**
 * When the periodic jobs run (docs/service.md#periodic-jobs), and the slot each run claims so that
 * one slot runs once across instances (docs/architecture.md#job-slots): the VAT rates daily
 * shortly after 00:00 Europe/Brussels, the VIES status sample every five minutes, pruning hourly.
 */
import { brusselsDate } from '../../vat/reference/rates.js';

/** The jobs, by the name their slots are claimed under. */
export type JobName = 'rates' | 'vies-status' | 'prune';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** docs/fields/vat.md#constants: availability sampling every five minutes. */
export const STATUS_INTERVAL_MS = 5 * MINUTE_MS;
/** The daily rates run waits this long after midnight in Brussels, when the new day's rates are in force. */
export const RATES_DELAY_AFTER_MIDNIGHT_MS = 5 * MINUTE_MS;
/** docs/fields/vat.md#constants: stale VIES answers are usable up to 30 days; the availability window is 30 days. */
export const RETENTION_MS = 30 * DAY_MS;

/** UTC instant of 00:00 in Brussels on `day` (YYYY-MM-DD). */
export function brusselsMidnight(day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // Brussels is UTC+2 in summer and UTC+1 in winter; the clocks change at 02:00/03:00, never at midnight.
  const summer = utcMidnight - 2 * HOUR_MS;
  return brusselsDate(new Date(summer)) === day ? summer : utcMidnight - HOUR_MS;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** When the daily rates run is due next after `at` (strictly later). */
export function nextRatesRun(at: Date): number {
  const today = brusselsDate(at);
  const due = brusselsMidnight(today) + RATES_DELAY_AFTER_MIDNIGHT_MS;
  return due > at.getTime() ? due : brusselsMidnight(nextDay(today)) + RATES_DELAY_AFTER_MIDNIGHT_MS;
}

/** The last daily rates run due at or before `at`. */
export function lastRatesRun(at: Date): number {
  const today = brusselsDate(at);
  const due = brusselsMidnight(today) + RATES_DELAY_AFTER_MIDNIGHT_MS;
  return due <= at.getTime() ? due : brusselsMidnight(previousDay(today)) + RATES_DELAY_AFTER_MIDNIGHT_MS;
}

/** The slot a run at `at` claims: a Brussels day for rates, a five-minute mark for the sampler, an hour for pruning. */
export function slotOf(job: JobName, at: Date): string {
  switch (job) {
    case 'rates':
      return brusselsDate(new Date(lastRatesRun(at)));
    case 'vies-status':
      return new Date(Math.floor(at.getTime() / STATUS_INTERVAL_MS) * STATUS_INTERVAL_MS).toISOString();
    case 'prune':
      return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS).toISOString();
  }
}

/** When the sampler or the pruning runs next after `at`: the next five-minute mark or hour. */
export function nextRun(job: Exclude<JobName, 'rates'>, at: Date): number {
  const interval = job === 'vies-status' ? STATUS_INTERVAL_MS : HOUR_MS;
  return (Math.floor(at.getTime() / interval) + 1) * interval;
}
