/**
 * The in-process VIES answer cache and circuit breaker store, for one process, tests and scripts
 * (`verifield/adapters`). They live with the service's other storage backends
 * (src/server/storage/memory/vies.ts); this module only gives them their public place.
 */
export { memoryBreakerStore, memoryVatCache, type MemoryVatCacheOptions } from '../server/storage/memory/vies.js';
