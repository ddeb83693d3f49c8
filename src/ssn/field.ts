/** The SSN field as data (docs/architecture.md, "How to add … A field"): the generated registry copies it. */
import type { FieldManifest } from '../fields/manifest.js';

export const field = {
  name: 'ssn',
  operation: 'validateSsn',
  requestMembers: {},
  answeredAtStart: true,
  label: 'SSN',
  colour: '#4d4d4d',
  detailsDoc: 'SSN findings; present when nine digits were typed.',
  clientDoc: ' (US SSN).',
  order: { service: 70, scope: 70, check: 40 },
  subpath: 'ssn',
  sizeBudget: { subpath: { measuredBytes: 1176, limitBytes: 1293 }, schemaLimitBytes: 3100 },
} as const satisfies FieldManifest;
