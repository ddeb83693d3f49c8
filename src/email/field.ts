/** The EMAIL field as data (docs/architecture.md, "How to add … A field"): the generated registry copies it. */
import type { FieldManifest } from '../fields/manifest.js';

export const field = {
  name: 'email',
  operation: 'validateEmail',
  requestMembers: {},
  answeredAtStart: false,
  label: 'Email',
  labels: { es: 'Correo electrónico', fr: 'E-mail', de: 'E-Mail', it: 'Email', pt: 'Email', nl: 'E-mail', pl: 'E-mail' },
  colour: '#1b7a3d',
  detailsDoc: 'Email findings; on results of validateEmail / verifyEmail.',
  clientDoc: ", at the depth of the account's plan.",
  order: { service: 30, scope: 30, check: 60 },
  subpath: 'email',
  sizeBudget: { subpath: { measuredBytes: 85412, limitBytes: 93953 }, schemaLimitBytes: 9800 },
} as const satisfies FieldManifest;
