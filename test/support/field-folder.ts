/**
 * A minimal field folder, as a person adding a field writes it (docs/architecture.md, "How to add …
 * A field"): `src/eori/`, an EU EORI number told valid when it is two letters and 1 to 15
 * characters. test/fields/derivation.test.ts adds it to a copy of src/ and checks that every
 * aggregate picks it up.
 */

/** The catalog languages every field folder has a `messages/<lang>.ts` for. */
export const CATALOG_LANGUAGE_FILES = ['es', 'fr', 'de', 'it', 'pt', 'nl', 'pl'] as const;

const MANIFEST = "import type { FieldManifest } from '../fields/manifest.js';";

/** File path inside `src/eori/` → its text. */
export function eoriFolder(): Record<string, string> {
  const messages = Object.fromEntries(
    CATALOG_LANGUAGE_FILES.map((language) => [
      `messages/${language}.ts`,
      `import type { FieldMessages } from '../../fields/manifest.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = { EORI_EMPTY: '(${language}) EORI?', EORI_BAD_FORMAT: '(${language}) {code}?', EORI_VALID: '(${language}) EORI ok' };
`,
    ]),
  );
  return {
    'index.ts': `import type { EoriReason } from './reasons.js';
import { envelope, requireString } from '../result.js';
import type { EoriValidationResult } from './details.js';

export function validateEori(value: string): EoriValidationResult {
  requireString(value, 'validateEori');
  const compact = value.replace(/\\s/g, '').toUpperCase();
  const reason: EoriReason | null = compact === '' ? 'EORI_EMPTY' : /^[A-Z]{2}[A-Z0-9]{1,15}$/.test(compact) ? null : 'EORI_BAD_FORMAT';
  const result = envelope(value, reason === null, reason === null ? 'Valid EORI number' : 'Not an EORI number', compact, 'STANDARD', reason);
  return { ...result, eoriDetails: { country_code: compact.slice(0, 2) } };
}
`,
    'field.ts': `${MANIFEST}

export const field = {
  name: 'eori',
  operation: 'validateEori',
  requestMembers: {},
  answeredAtStart: false,
  label: 'EORI',
  colour: '#00607a',
  clientDoc: ' (EU EORI number).',
  detailsDoc: 'EORI findings; always on results of validateEori.',
  // Past every real field's ranks, so that it is last in every list whatever fields the tree has.
  order: { service: 900, scope: 900, check: 900 },
  subpath: 'eori',
  sizeBudget: { subpath: { measuredBytes: 500, limitBytes: 550 }, schemaLimitBytes: 2000 },
} as const satisfies FieldManifest;
`,
    'reasons.ts': `export const EORI_REASONS = ['EORI_EMPTY', 'EORI_BAD_FORMAT'] as const;
export type EoriReason = (typeof EORI_REASONS)[number];
`,
    'details.ts': `import type { ValidationEnvelope } from '../envelope.js';
import type { EoriReason } from './reasons.js';

/** Details of an EORI validation. */
export interface EoriDetails {
  /** The first two letters. */
  country_code: string;
}
export type EoriValidationResult = ValidationEnvelope & { eoriDetails: EoriDetails; reason: EoriReason | null };
`,
    'validators.ts': `import type { FieldValidators } from '../fields/manifest.js';
import type { EoriValidationResult } from './details.js';
import { validateEori } from './index.js';

export const validators: FieldValidators<EoriValidationResult> = { offline: validateEori };
`,
    'usage-log.ts': `import type { UsageLogPolicy } from '../fields/manifest.js';

export const usageLog: UsageLogPolicy = 'clear';
`,
    'openapi.ts': `import type { FieldOpenApi } from '../fields/manifest.js';

export const openapi: FieldOpenApi = {
  summary: 'Validate an EU EORI number',
  description: 'Two letters and up to 15 characters.',
  example: { value: 'DE123456789012345' },
  declaresForbidden: false,
  resultDescription: 'Answer of POST /api/v1/validate/eori.',
  detailsAlwaysPresent: true,
};
`,
    'schema.ts': `import type { MessageCatalog } from '../messages/catalog.js';
import { fieldSchema, type FieldSchema } from '../standard-schema/field-schema.js';
import { validateEori } from './index.js';
import type { EoriReason } from './reasons.js';

export function eoriSchema(catalog?: MessageCatalog): FieldSchema<EoriReason> {
  return fieldSchema(validateEori, catalog);
}
`,
    'examples.ts': `import type { FieldExamples } from '../fields/manifest.js';

export const examples: FieldExamples = { valid: ['DE123456789012345'], invalid: [{ value: '', reason: 'EORI_EMPTY' }], alphabet: 'ABCDE0123456789 ' };
`,
    'messages/facts.ts': `import type { FieldMessageFacts } from '../../fields/manifest.js';

export const messageFacts = { EORI_EMPTY: [], EORI_BAD_FORMAT: ['code'], EORI_VALID: [] } as const satisfies FieldMessageFacts;
export const validMessageKeys = ['EORI_VALID'] as const;
`,
    ...messages,
  };
}
