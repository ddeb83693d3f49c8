/**
 * The evidence endpoints' part of the OpenAPI document (./openapi.ts merges it): the paths of
 * src/server/http/routes/evidence.ts and their refusals' schemas (VatEvidence and VatEvidenceList
 * are generated from src/account-api.ts; ./shapes.ts names them).
 */
import type { VatEvidence, VatEvidenceList } from '../../account-api.js';
import { EVIDENCE_CSV_COLUMNS } from '../evidence/json.js';
import type { ErrorCode } from '../../result.js';
import type { ServiceErrorCode } from '../answers/errors.js';
import { EVIDENCE_MESSAGES } from './routes/evidence.js';
import {
  accountOperation,
  KEY_SCOPED_ERRORS,
  errorBody,
  json,
  ref,
  text,
  type PathItemObject,
  type ResponseObject,
  type SchemaObject,
} from './openapi-schema.js';

const EXAMPLE: VatEvidence = {
  id: '0192f1a4-6c1e-7d3a-9b2f-4e5d6c7b8a90',
  value: 'LU24231759',
  countryCode: 'LU',
  registry: 'VIES',
  registered: true,
  name: 'EXEMPLE SARL',
  address: '1 RUE DE L’EXEMPLE\nL-1111 LUXEMBOURG',
  requestDate: '2026-11-22',
  consultationNumber: 'WAPIAAAAAAAAAAA1',
  requester: 'BE0999888777',
  checkedAt: '2026-11-22T09:30:00.000Z',
  replySha256: '9f2c7a0b3e1d4c5b6a7980f1e2d3c4b5a69788f9e0d1c2b3a4958677e6d5c4b3',
};

const csv: SchemaObject = text(
  `RFC 4180 CSV with a header row, one row per record, CRLF line ends; columns ${EVIDENCE_CSV_COLUMNS.join(', ')} (the JSON names). ` +
    'Texts are kept exactly as VIES sent them: import the file as text.',
);

const notFound: ResponseObject = {
  description: "No such record for this account: an unknown id and another account's id answer the same.",
  content: json('EvidenceNotFound', { notFound: { value: { errorCode: 'NOT_FOUND', message: EVIDENCE_MESSAGES.NOT_FOUND } } }),
};

const common = accountOperation('VAT evidence');
const errors = KEY_SCOPED_ERRORS;

/** The evidence paths. */
export const EVIDENCE_PATHS: Readonly<Record<string, PathItemObject>> = {
  '/api/v1/vat/evidence': {
    get: {
      ...common,
      operationId: 'evidence',
      summary: "The account's VIES evidence for one VAT number",
      description:
        'Every live VIES answer a validation of this account received for the number (requests, jobs and watch re-checks), newest first. ' +
        'The value is normalized as the validation endpoint does (`be 0986.375.479` finds BE0986375479). CSV with Accept: text/csv. Spends no quota. ' +
        'Records are kept 10 years by default (serve --evidence-years), never pruned with the usage log.',
      parameters: [
        { name: 'value', in: 'query', required: true, description: 'The VAT number, as typed or normalized.', schema: text('A VAT number.', { maxLength: 1024 }) },
      ],
      responses: {
        '200': {
          description: 'The records (an empty list when there are none).',
          content: { 'application/json': { schema: ref('VatEvidenceList'), examples: { one: { value: { evidence: [EXAMPLE] } } } }, 'text/csv': { schema: csv } },
        },
        '400': { description: 'No value was named (MISSING_VALUE).', content: json('EvidenceMissingValue') },
        ...errors,
      },
    },
  },
  '/api/v1/vat/evidence/{id}': {
    get: {
      ...common,
      operationId: 'evidenceRecord',
      summary: 'One VIES evidence record',
      description: 'One record of the account, by id; CSV (one row) with Accept: text/csv. Spends no quota.',
      parameters: [{ name: 'id', in: 'path', required: true, description: 'The record id.', schema: text('A record id.') }],
      responses: {
        '200': { description: 'The record.', content: { 'application/json': { schema: ref('VatEvidence'), examples: { one: { value: EXAMPLE } } }, 'text/csv': { schema: csv } } },
        '404': notFound,
        ...errors,
      },
    },
  },
};

/** The evidence schemas. */
export const EVIDENCE_SCHEMAS: Readonly<Record<string, SchemaObject>> = {
  EvidenceNotFound: errorBody(['NOT_FOUND'] satisfies ServiceErrorCode[], 'Why nothing was found.'),
  EvidenceMissingValue: errorBody(['MISSING_VALUE'] satisfies ErrorCode[], 'The query names no VAT number.', { const: EVIDENCE_MESSAGES.MISSING_VALUE }),
};

/** The tag of the evidence operations. */
export const EVIDENCE_TAG = {
  name: 'VAT evidence',
  description: 'The VIES answers kept as proof for the tax audit: value, verdict, name and address as returned, consultation number and the hash of the reply.',
} as const;

export { EVIDENCE_PATHS as paths, EVIDENCE_SCHEMAS as schemas };
