/** The PHONE field as data (docs/architecture.md, "How to add … A field"): the generated registry copies it. */
import type { FieldManifest } from '../fields/manifest.js';

export const field = {
  name: 'phone',
  operation: 'validatePhone',
  requestMembers: { defaultCountry: 'offline' },
  answeredAtStart: false,
  label: 'Phone',
  labels: { es: 'Teléfono', fr: 'Téléphone', de: 'Telefon', it: 'Telefono', pt: 'Telefone', nl: 'Telefoon', pl: 'Telefon' },
  colour: '#a3307a',
  detailsDoc: 'Phone findings; present when the number could be read as international.',
  clientDoc: ' (international form, + or 00; or national, with `defaultCountry`).',
  order: { service: 40, scope: 40, check: 70 },
  subpath: 'phone',
  sizeBudget: { subpath: { measuredBytes: 51267, limitBytes: 56393 }, schemaLimitBytes: 54500 },
} as const satisfies FieldManifest;
