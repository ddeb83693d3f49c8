/** The NIF field as data (docs/architecture.md, "How to add … A field"): the generated registry copies it. */
import type { FieldManifest } from '../fields/manifest.js';

export const field = {
  name: 'nif',
  operation: 'validateNif',
  requestMembers: {},
  answeredAtStart: true,
  label: 'NIF',
  colour: '#8c6d00',
  detailsDoc: 'NIF findings; present when the NIF shape was recognised.',
  clientDoc: ' (Spanish NIF).',
  order: { service: 50, scope: 50, check: 20 },
  subpath: 'nif',
  sizeBudget: { subpath: { measuredBytes: 2017, limitBytes: 2218 }, schemaLimitBytes: 3900 },
} as const satisfies FieldManifest;
