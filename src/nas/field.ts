/** The NAS field as data (docs/architecture.md, "How to add … A field"): the generated registry copies it. */
import type { FieldManifest } from '../fields/manifest.js';

export const field = {
  name: 'nas',
  operation: 'validateNas',
  requestMembers: {},
  answeredAtStart: true,
  label: 'NAS (SIN)',
  colour: '#5b4bb7',
  detailsDoc: 'SIN findings; present when nine digits were typed.',
  clientDoc: ' (Canadian SIN); 403 for a key without the `nas` scope.',
  order: { service: 60, scope: 60, check: 30 },
  subpath: 'nas',
  sizeBudget: { subpath: { measuredBytes: 831, limitBytes: 914 }, schemaLimitBytes: 2800 },
} as const satisfies FieldManifest;
