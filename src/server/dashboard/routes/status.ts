/**
 * GET /status: the public VIES status page. No key and no session: per member state the 30-day
 * availability by day, availability now and who decided it (the report of GET
 * /api/v1/status/vies, ../../answers/vies-status-report.ts), and the age of the VAT rates.
 * Cacheable for a minute; a failure is not cached.
 */
import type { Hono } from 'hono';
import { statesWithoutRates } from '../../../vat/reference/rates.js';
import { failingCountries } from '../../../vat/registry/policy.js';
import { viesStatusReport } from '../../answers/vies-status-report.js';
import { registryStates } from '../../registries/overview.js';
import { CACHE_CONTROL } from '../page-headers.js';
import { renderStatusPage } from '../views/index.js';
import type { StatusPageModel } from '../views/models.js';
import { STATUS_PATH } from '../views/paths.js';
import { failurePage, htmlPage, nobody, readyServices, wordsOf, type DashboardDeps } from './context.js';

/** Mounts GET /status. */
export function mountStatusPage(app: Hono, deps: DashboardDeps): void {
  app.get(STATUS_PATH, async (c) => {
    try {
      const services = await readyServices(deps);
      const now = services.now();
      const [report, failing] = await Promise.all([viesStatusReport(services), failingCountries(services.store.breaker).catch(() => [])]);
      const model: StatusPageModel = {
        report,
        daily: services.tracker.daily(),
        ratesFetchedAt: services.rates.fetchedAt,
        statesWithoutRates: statesWithoutRates(services.rates.all()),
        registries: registryStates(services.nationalRegistries, new Set(failing)),
        now,
      };
      return htmlPage(200, renderStatusPage(wordsOf(c), model), { 'Cache-Control': CACHE_CONTROL.status });
    } catch (error) {
      return failurePage(error, nobody(c), deps, c.req.path);
    }
  });
}
