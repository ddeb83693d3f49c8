/**
 * The batch jobs' part of the OpenAPI document (./openapi.ts): the paths of routes/jobs.ts and
 * their refusal's schema (the job shapes are generated from src/account-api.ts). Every error is
 * `{ errorCode, message }`: the 401, 403 and 503 with the validation endpoints' codes (the same key
 * rules: routes/api-key.ts), the 500 the app's (ServerError), the others with the codes of routes/jobs.ts.
 */
import { ACCOUNT_ERRORS, accountOperation, errorBody, json, ref, responseRef, type OperationObject, type ParameterObject, type PathItemObject, type ResponseObject, type SchemaObject } from './openapi-schema.js';
import { JOBS_PATH, type JobErrorCode } from './routes/jobs.js';

/** The tag of the job operations. */
export const JOBS_TAG = {
  name: 'Jobs',
  description:
    'Lists of up to 100,000 values of one field, validated in the background with the same rules as the validation endpoints. ' +
    "Each line counts as one validation when it is performed; a FREE account's job must fit in the quota left. Another account's job answers 404.",
} as const;

/**
 * The schemas of the job operations that are not generated from their types (Job, JobList,
 * JobRequest, JobAccepted and JobResultLine are: src/account-api.ts, ./shapes.ts): the refusal,
 * with the codes of routes/jobs.ts.
 */
export const schemas: Readonly<Record<string, SchemaObject>> = {
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
        'JSON { field, values, webhookUrl? }; or text/csv (the first column of each record, RFC 4180 quotes; a first record named value is a header, not validated or counted) or application/x-ndjson (each line a JSON string or { "value": … }) with ?field= (and ?webhookUrl=). Without ?field=, a job of mixed fields: a CSV whose header is field,value (each record a field and its value), or NDJSON lines { "field": …, "value": … }; the key needs the scope of every field named. 1 to 100,000 values, bodies up to 16 MiB.',
      parameters: [
        { name: 'field', in: 'query', required: false, description: 'The field, for CSV and NDJSON bodies; left out, each line names its own (a mixed job).', schema: ref('FieldName') },
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
      description: "NDJSON, one { line, result } per answered line (and field, on a mixed job's lines), streamed; CSV with Accept: text/csv: line,valid,reason,message,normalizedValue,originalValue,field, then one column per member of the field's details (vatDetails.registered, vatDetails.consultationNumber …; every field's on a mixed job).",
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
