/** The IBAN field as data (docs/architecture.md, "How to add … A field"): the generated registry copies it. */
import type { FieldManifest } from '../fields/manifest.js';

export const field = {
  name: 'iban',
  operation: 'validateIban',
  requestMembers: { nationalCheck: 'offline' },
  answeredAtStart: true,
  label: 'IBAN',
  colour: '#b35900',
  detailsDoc: 'IBAN findings; always on results of validateIban.',
  clientDoc: " (`nationalCheck: 'report'` reports a failing national check without rejecting).",
  order: { service: 20, scope: 10, check: 10 },
  subpath: 'iban',
  sizeBudget: { subpath: { measuredBytes: 4592, limitBytes: 5051 }, schemaLimitBytes: 6700 },
} as const satisfies FieldManifest;
