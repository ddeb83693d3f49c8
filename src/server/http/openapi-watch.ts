/**
 * The watch endpoints' part of the OpenAPI document (./openapi.ts merges it): the paths of
 * src/server/http/routes/watch.ts and their schemas, tied to the JSON types of
 * src/server/watch/json.ts by objectOf so that a field added to the answer must be documented.
 */
import type { VatWatch, VatWatchList } from '../../account-api.js';
import { BODY_ERROR_CODES, WATCH_MESSAGES, WATCH_PATH, type WatchErrorCode } from './routes/watch.js';
import {
  accountOperation,
  KEY_SCOPED_ERRORS,
  always,
  enumOf,
  flag,
  json,
  objectOf,
  orNull,
  ref,
  responseRef,
  text,
  type OperationObject,
  type ParameterObject,
  type PathItemObject,
  type ResponseObject,
  type SchemaObject,
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

const time = (description: string): SchemaObject => text(description, { format: 'date-time' });

const watch = objectOf<VatWatch>('A watched VAT number with its last known verdict.', {
  id: always(text('Identifier of the watch.')),
  value: always(text('The normalized VAT number, prefix included (Greece is EL).')),
  traderName: always(orNull(text('The company name sent with each check (VIES compares it where the member state does); null when none.'))),
  registered: always({ ...orNull(flag('')), description: 'The last known verdict; null until a check brought one. VIES down never replaces a known verdict.' }),
  name: always(orNull(text('The registered name of the last known answer; null when not disclosed.'))),
  address: always(orNull(text('The registered address of the last known answer (may hold line breaks); null when not disclosed.'))),
  lastCheckedAt: always(orNull(time('The last check that brought a known answer; null before the first.'))),
  lastAttemptAt: always(orNull(time('The last check attempted, known answer or not.'))),
  nextCheckAt: always(time('When the number is next re-checked: every 7 days by default (serve --watch-interval, or the account’s own setting), spread by up to 10 %; within minutes after an attempt VIES did not answer.')),
  createdAt: always(time('When the number was first watched.')),
});

const list = objectOf<VatWatchList>("The account's watched numbers.", {
  watches: always({ type: 'array', items: ref('VatWatch'), description: 'The watches; empty when there are none.' }),
});

const CODES: readonly WatchErrorCode[] = ['INVALID_VAT_NUMBER', 'NOT_IN_VIES', 'WATCH_NOT_FOUND', 'QUOTA_EXCEEDED', ...BODY_ERROR_CODES];

const watchError: SchemaObject = {
  type: 'object',
  description: 'Why the request was refused.',
  properties: {
    errorCode: enumOf(CODES, 'Machine-readable reason.'),
    message: text('For the developer reading it (for INVALID_VAT_NUMBER: the validation’s own message).'),
    reason: text('INVALID_VAT_NUMBER only: the reason code /validate/vat gives the number (VAT_…).'),
  },
  required: ['errorCode', 'message'],
  additionalProperties: false,
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
            schema: {
              type: 'object',
              properties: { value: text('A VAT number of a member state or XI, as typed.', { maxLength: 1024 }), traderName: text('The company name expected.', { maxLength: 1024 }) },
              required: ['value'],
              additionalProperties: false,
            },
            examples: { one: { value: { value: 'LU 2637 5245', traderName: 'Acme' } } },
          },
        },
      },
      responses: {
        '201': { ...watchAnswer('The new watch.'), headers: { Location: { description: 'The watch’s URL.', required: true, schema: { type: 'string' } } } },
        '200': watchAnswer('The number was watched already: that watch.'),
        '400': {
          description:
            'The body is not a JSON object with a value string or has a member other than value and traderName (the validation endpoints’ codes), the number cannot exist (INVALID_VAT_NUMBER, with its reason), or VIES does not answer for its prefix (NOT_IN_VIES).',
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

/** The watch schemas. */
export const WATCH_SCHEMAS: Readonly<Record<string, SchemaObject>> = {
  VatWatch: watch,
  VatWatchList: list,
  VatWatchError: watchError,
};

/** The tag of the watch operations. */
export const WATCH_TAG = {
  name: 'VAT monitoring',
  description: 'Watched VAT numbers, re-checked on a schedule; changes are told to the account’s webhook, signed (Verifield-Signature).',
} as const;

export { WATCH_PATHS as paths, WATCH_SCHEMAS as schemas };
