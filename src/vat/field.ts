/** The VAT field as data (docs/architecture.md, "How to add … A field"): the generated registry copies it. */
import type { FieldManifest } from '../fields/manifest.js';

export const field = {
  name: 'vat',
  operation: 'validateVat',
  requestMembers: { traderName: 'verified' },
  answeredAtStart: false,
  label: 'VAT',
  labels: { es: 'IVA', fr: 'TVA', de: 'USt-IdNr.', it: 'Partita IVA', pt: 'IVA', nl: 'Btw', pl: 'VAT' },
  colour: '#1f5fad',
  detailsDoc: 'VAT findings; on results of validateVat / verifyVat.',
  clientDoc: ': structure, check digits and registration in VIES.',
  order: { service: 10, scope: 20, check: 50 },
  subpath: 'vat',
  sizeBudget: { subpath: { measuredBytes: 12067, limitBytes: 13273 }, schemaLimitBytes: 7100 },
} as const satisfies FieldManifest;
