/** The BIC field as data (docs/architecture.md, "How to add … A field"): the generated registry copies it. */
import type { FieldManifest } from '../fields/manifest.js';

export const field = {
  name: 'bic',
  operation: 'validateBic',
  requestMembers: { iban: 'offline' },
  // Offline and small, but answered through the registry like every field not needed at start.
  answeredAtStart: false,
  label: 'BIC',
  // 5.6:1 against white, apart from the other fields' hues.
  colour: '#00747a',
  detailsDoc: 'BIC findings; present when the value reads as a BIC (valid, or an unknown country).',
  clientDoc: ' (ISO 9362 business identifier code, SWIFT code).',
  // After the first seven fields (ranks 10 to 70) in every list; 80 is the rank test/fields/derivation.test.ts gives the folder it adds.
  order: { service: 75, scope: 75, check: 75 },
  subpath: 'bic',
  // Measured with esbuild, minified and gzipped: src/bic/index.ts alone 1,401 bytes, bicSchema alone 3,037; the limits leave about 10%.
  sizeBudget: { subpath: { measuredBytes: 1401, limitBytes: 1541 }, schemaLimitBytes: 3400 },
} as const satisfies FieldManifest;
