/**
 * The watch endpoints' part of the OpenAPI document (./openapi.ts merges it): the paths of
 * src/server/http/routes/watch.ts. Their schemas are generated from the types (VatWatch and
 * VatWatchList in src/account-api.ts, VatWatchError in routes/watch.ts; ./shapes.ts names them).
 */
import type { VatWatch, VatWatchList } from '../../account-api.js';
import { WATCH_MESSAGES, WATCH_PATH } from './routes/watch.js';
import {
  accountOperation,
  KEY_SCOPED_ERRORS,
  json,
  ref,
  text,
  type ParameterObject,
  type PathItemObject,
  type ResponseObject,
} from './openapi-schema.js';

const EXAMPLE: VatWatch = {
  id: '0192f1a4-6c1e-7d3a-9b2f-4e5d6c7b8a90',
  value: 'LU26375245',
  traderName: 'Acme',
  registered: true,
  name: 'ACME SARL',
  address: '1 RUE DU MARCHE\nL-1234 LUXEMBOURG',
  lastCheckedAt: '2026-11-22T09:30:00.000Z',
  lastAttemptAt: '2026-11-22T09:30:00.000Z',
  nextCheckAt: '2026-11-29T21:04:12.000Z',
  createdAt: '2026-11-01T08:00:00.000Z',
};

const notFound: ResponseObject = {
  description: "No such watch for this account: an unknown id and another account's id answer the same.",
  content: json('VatWatchError', { notFound: { value: { errorCode: 'WATCH_NOT_FOUND', message: WATCH_MESSAGES.WATCH_NOT_FOUND } } }),
};

const common = accountOperation('VAT monitoring');
const errors = KEY_SCOPED_ERRORS;

const idParameter: ParameterObject = { name: 'id', in: 'path', required: true, description: 'The watch id.', schema: text('A watch id.') };

const watchAnswer = (description: string): ResponseObject => ({ description, content: json('VatWatch', { one: { value: EXAMPLE } }) });

/** The watch paths. */
export const WATCH_PATHS: Readonly<Record<string, PathItemObject>> = {
  [WATCH_PATH]: {
    post: {
      ...common,
      operationId: 'watchVat',
      summary: 'Watch a VAT number: re-checked on a schedule, events when its registration or details change',
      description:
        'The number is checked at once, then every interval. Each re-check asks VIES itself and counts one validation when VIES answers; an attempt without an answer counts nothing and is retried within minutes (1, 2, 4 … up to 60) (paced per member state as jobs are). ' +
        'A known verdict that differs from the last one raises vat.registration_changed (registered flipped) or vat.details_changed (name or address changed) to the account’s webhook. ' +
        'Watching a number already watched answers the existing watch (200).',
      requestBody: {
        required: true,
        description: 'application/json, at most 16 KiB (another Content-Type: 415); the body of /validate/vat, and no other member (400 UNKNOWN_MEMBER).',
        content: {
          'application/json': {
            // The body of /validate/vat, read by the same reader (a number of a member state or XI).
            schema: ref('VatValidationRequest'),
            examples: { one: { value: { value: 'LU 2637 5245', traderName: 'Acme' } } },
          },
        },
      },
      responses: {
        '201': { ...watchAnswer('The new watch.'), headers: { Location: { description: 'The watch’s URL.', required: true, schema: { type: 'string' } } } },
        '200': watchAnswer('The number was watched already: that watch.'),
        '400': {
          description:
            'The body is not a JSON object with a value string or has a member other than value and traderName (the validation endpoints’ codes), the number cannot exist (INVALID_VAT_NUMBER, with its reason), or no registry of the service answers for its prefix (NOT_IN_VIES: VIES answers for the member states and XI; GB, CH and NO need their registry configured).',
          content: json('VatWatchError'),
        },
        '415': { description: 'The body is not sent as application/json (UNSUPPORTED_MEDIA_TYPE).', content: json('VatWatchError') },
        ...errors,
      },
    },
    get: {
      ...common,
      operationId: 'watches',
      summary: "The account's watched numbers, with last verdict and last check",
      description: 'Spends no quota.',
      responses: { '200': { description: 'The watches.', content: json('VatWatchList', { one: { value: { watches: [EXAMPLE] } } }) }, ...errors },
    },
  },
  [`${WATCH_PATH}/{id}`]: {
    delete: {
      ...common,
      operationId: 'unwatchVat',
      summary: 'Stop watching a number',
      description: 'Its evidence records stay.',
      parameters: [idParameter],
      responses: { '204': { description: 'No longer watched.' }, '404': notFound, ...errors },
    },
  },
  [`${WATCH_PATH}/{id}/check`]: {
    post: {
      ...common,
      operationId: 'checkWatch',
      summary: 'Re-check a watched number now',
      description: 'Counts one validation when VIES answers, nothing otherwise (a FREE account whose quota is used up gets 429), may raise an event as a scheduled check does, and answers the watch as recorded.',
      parameters: [idParameter],
      responses: {
        '200': watchAnswer('The watch after the check.'),
        '404': notFound,
        '429': { description: 'FREE plan: the quota of the billing period is used up (QUOTA_EXCEEDED).', content: json('VatWatchError') },
        ...errors,
      },
    },
  },
};

/** The tag of the watch operations. */
export const WATCH_TAG = {
  name: 'VAT monitoring',
  description: 'Watched VAT numbers, re-checked on a schedule; changes are told to the account’s webhook, signed (Verifield-Signature).',
} as const;

export { WATCH_PATHS as paths };
