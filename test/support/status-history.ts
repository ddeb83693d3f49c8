/**
 * A month of hourly readings of the VIES status feed in `store` (the status page's history): every
 * member state of the feed available, but Germany two hours a day, Italy 9 hours in 97, Spain 3 in
 * 200 and a few others one hour in 500, so that each availability band of the strips shows.
 */
import type { Store } from '../../src/server/storage/types.js';
import { STATUS_COUNTRIES } from './fakes/vies-status.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export async function storeStatusHistory(store: Pick<Store, 'statusSamples'>, now = Date.now()): Promise<void> {
  for (let at = now - 30 * DAY + HOUR; at < now - HOUR; at += HOUR) {
    const hour = Math.floor(at / HOUR);
    const countries = STATUS_COUNTRIES.map((countryCode, index) => {
      const down = (countryCode === 'DE' && hour % 24 < 2) || (countryCode === 'IT' && hour % 97 < 9) || (countryCode === 'ES' && hour % 200 < 3) || (index % 11 === 5 && hour % 500 === 0);
      return { countryCode, availability: down ? 'Unavailable' : 'Available' };
    });
    await store.statusSamples.add(new Date(at), { vowAvailable: true, countries });
  }
}
