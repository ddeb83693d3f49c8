/**
 * The batch jobs' part of the OpenAPI document (./openapi.ts): the paths of routes/jobs.ts and
 * their schemas, each tied to its type in src/account-api.ts by objectOf. Every error is
 * `{ errorCode, message }`: the 401, 403 and 503 with the validation endpoints' codes (the same key
 * rules: routes/api-key.ts), the 500 the app's (ServerError), the others with the codes of routes/jobs.ts.
 */
import { FIELD_NAMES } from '../../fields/catalog.js';
import type { Job, JobList, JobResultLine, JobSubmission, SubmittedJob } from '../../account-api.js';
import { MAX_JOB_VALUES } from '../batch/input.js';
import { ACCOUNT_ERRORS, accountOperation, always, enumOf, errorBody, json, objectOf, orNull, ref, responseRef, sometimes, text, type OperationObject, type ParameterObject, type PathItemObject, type ResponseObject, type SchemaObject } from './openapi-schema.js';
import { JOBS_PATH, type JobErrorCode } from './routes/jobs.js';

/** The tag of the job operations. */
export const JOBS_TAG = {
  name: 'Jobs',
  description:
    'Lists of up to 100,000 values of one field, validated in the background with the same rules as the validation endpoints. ' +
    "Each line counts as one validation when it is performed; a FREE account's job must fit in the quota left. Another account's job answers 404.",
} as const;

const time = (description: string): SchemaObject => text(description, { format: 'date-time' });
const count = (description: string): SchemaObject => ({ type: 'integer', minimum: 0, description });
const STATUSES = ['queued', 'running', 'done', 'cancelled', 'failed'];
const FIELDS = [...FIELD_NAMES];

const job = objectOf<Job>('A batch job and its progress.', {
  id: always(text('Stable identifier.')),
  field: always(enumOf(FIELDS, 'The field every value is validated as.')),
  status: always(enumOf(STATUSES, 'queued, running, then done; or cancelled (DELETE) or failed (error says why).')),
  total: always(count('Values in the job.')),
  done: always(count('Lines answered so far (valid + invalid).')),
  valid: always(count('Lines answered valid.')),
  invalid: always(count('Lines answered not valid.')),
  createdAt: always(time('When the job was submitted.')),
  startedAt: always(orNull(time('When a worker first took it; null while queued.'))),
  finishedAt: always(orNull(time('When it ended; null while it runs.'))),
  error: always(orNull(text('Why it failed; null otherwise.'))),
});

/** The schemas of the job operations. */
export const schemas: Readonly<Record<string, SchemaObject>> = {
  Job: job,
  JobList: objectOf<JobList>("The account's newest 100 jobs, newest first.", { jobs: always({ type: 'array', items: ref('Job') }) }),
  JobRequest: objectOf<JobSubmission>('A job as JSON. CSV and NDJSON bodies name the field in the query instead.', {
    field: always(enumOf(FIELDS, 'The field to validate the values as; the key needs its scope.')),
    values: always({ type: 'array', items: { type: 'string', maxLength: 1024 }, minItems: 1, maxItems: MAX_JOB_VALUES, description: 'The values, one line each, in order.' }),
    webhookUrl: sometimes(text("Where job.completed is sent besides the account's webhook (http or https).", { format: 'uri' })),
  }),
  JobAccepted: objectOf<SubmittedJob>('The job, queued.', {
    id: always(text('The job id.')),
    status: always(enumOf(['queued'], 'Always queued.')),
    total: always(count('Values in the job.')),
  }),
  JobResultLine: objectOf<JobResultLine>('One answered line of the NDJSON results.', {
    line: always({ type: 'integer', minimum: 1, description: '1-based line of the input.' }),
    result: always(ref('ValidationResult')),
  }),
  JobError: errorBody(
    ['INVALID_JOB', 'UNKNOWN_MEMBER', 'BODY_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'QUOTA_EXCEEDED', 'TOO_MANY_JOBS', 'JOB_NOT_FOUND', 'JOB_ENDED'] satisfies JobErrorCode[],
    'A refused job request.',
  ),
};

const jobError = (description: string): ResponseObject => ({ description, content: json('JobError') });
const KEY_ERRORS = ACCOUNT_ERRORS;
const COMMON = accountOperation(JOBS_TAG.name);
const JOB_ID: ParameterObject = { name: 'id', in: 'path', required: true, description: 'The job id.', schema: { type: 'string' } };
function operation(op: Omit<OperationObject, 'tags' | 'security'>): OperationObject {
  return { ...op, ...COMMON };
}

/** The paths of the job operations. */
export const paths: Readonly<Record<string, PathItemObject>> = {
  [JOBS_PATH]: {
    post: operation({
      operationId: 'submitJob',
      summary: 'Submit a list of values to validate in the background',
      description:
        'JSON { field, values, webhookUrl? }; or text/csv (the first column of each record, RFC 4180 quotes) or application/x-ndjson (each line a JSON string or { "value": … }) with ?field= (and ?webhookUrl=). 1 to 100,000 values, bodies up to 16 MiB.',
      parameters: [
        { name: 'field', in: 'query', required: false, description: 'The field, for CSV and NDJSON bodies.', schema: enumOf(FIELDS, 'A field.') },
        { name: 'webhookUrl', in: 'query', required: false, description: 'For CSV and NDJSON bodies: where job.completed is also sent.', schema: { type: 'string' } },
      ],
      requestBody: {
        required: true,
        description: 'The values, at most 16 MiB.',
        content: {
          'application/json': { schema: ref('JobRequest'), examples: { vat: { value: { field: 'vat', values: ['FR40303265045', 'DE129273398'] } } } },
          'text/csv': { schema: { type: 'string' } },
          'application/x-ndjson': { schema: { type: 'string' } },
        },
      },
      responses: {
        '202': {
          description: 'Queued.',
          headers: { Location: { description: "The job's URL.", required: true, schema: { type: 'string', pattern: `^${JOBS_PATH}/` } } },
          content: json('JobAccepted'),
        },
        '400': jobError(
          'INVALID_JOB: the message says what is wrong (no values, a value not a string or too long, unknown field, bad CSV or NDJSON, a webhookUrl the account webhook rules refuse, such as one with a user name or password); UNKNOWN_MEMBER: a JSON body member other than field, values and webhookUrl.',
        ),
        '403': responseRef('KeyForbidden'),
        '413': jobError('BODY_TOO_LARGE: over 16 MiB or over 100,000 values, answered as soon as the limit is passed (the rest of the body unread).'),
        '415': jobError('UNSUPPORTED_MEDIA_TYPE: not JSON, CSV or NDJSON.'),
        '429': jobError(
          'QUOTA_EXCEEDED: a FREE account whose quota left is smaller than the job; TOO_MANY_JOBS: the account has as many jobs queued or running as the service allows (--max-queued-jobs, default 20).',
        ),
        ...KEY_ERRORS,
      },
    }),
    get: operation({
      operationId: 'jobs',
      summary: "The account's jobs",
      description: 'The newest 100, newest first.',
      responses: { '200': { description: 'The jobs.', content: json('JobList') }, ...KEY_ERRORS },
    }),
  },
  [`${JOBS_PATH}/{id}`]: {
    get: operation({
      operationId: 'job',
      summary: "A job's status and counts",
      description: "Another account's job answers 404.",
      parameters: [JOB_ID],
      responses: { '200': { description: 'The job.', content: json('Job') }, '404': jobError('JOB_NOT_FOUND.'), ...KEY_ERRORS },
    }),
    delete: operation({
      operationId: 'cancelJob',
      summary: 'Cancel a queued or running job',
      description: 'Lines answered so far stay (and were counted); no further line is validated.',
      parameters: [JOB_ID],
      responses: {
        '200': { description: 'The job, cancelled.', content: json('Job') },
        '404': jobError('JOB_NOT_FOUND.'),
        '409': jobError('JOB_ENDED: the job is done, failed or cancelled already.'),
        ...KEY_ERRORS,
      },
    }),
  },
  [`${JOBS_PATH}/{id}/results`]: {
    get: operation({
      operationId: 'jobResults',
      summary: "A job's answered lines, in input order",
      description: 'NDJSON, one { line, result } per answered line, streamed; CSV (line,valid,reason,message,normalizedValue,originalValue) with Accept: text/csv.',
      parameters: [JOB_ID],
      responses: {
        '200': {
          description: 'The answered lines so far.',
          content: { 'application/x-ndjson': { schema: ref('JobResultLine') }, 'text/csv': { schema: { type: 'string' } } },
        },
        '404': jobError('JOB_NOT_FOUND.'),
        ...KEY_ERRORS,
      },
    }),
  },
};
