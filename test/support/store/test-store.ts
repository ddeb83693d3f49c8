/** The real SQL store on an in-memory SQLite, for tests where persistence is not under test. */
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import type { Store } from '../../../src/server/storage/types.js';

export function openTestStore(): Promise<Store> {
  return openEmbeddedStore();
}
