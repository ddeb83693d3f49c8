/**
 * The JSON shapes of the account endpoints (docs/service.md#jobs, #vat-monitoring, #evidence),
 * declared once: the server's json.ts files build them, the client (src/client/background.ts)
 * reads them and publishes them under these names. Types only, so a browser bundle of the client
 * pays nothing for them. Times are the ISO 8601 strings the service sends.
 */
import type { FieldName } from './fields/catalog.js';
import type { ValidationResult } from './result.js';

/** Where a job stands. */
export type JobStatus = 'queued' | 'running' | 'done' | 'cancelled' | 'failed';

/** The JSON body of POST /api/v1/jobs. */
export interface JobSubmission {
  /** The field every value is validated as (`vat`, `iban` …). */
  field: FieldName;
  /** 1 to 100,000 values, each validated once. */
  values: readonly string[];
  /** Also receives the job's `job.completed` event, signed with the account's webhook secret. */
  webhookUrl?: string;
}

/** The answer to a submission (202). */
export interface SubmittedJob {
  /** The job's id, for GET /api/v1/jobs/{id} and the job's other endpoints. */
  id: string;
  /** `queued` at submission. */
  status: JobStatus;
  /** How many values the job holds (its lines). */
  total: number;
}

/** A job as GET /api/v1/jobs/{id} tells it (and the `job.completed` event's data carries it). */
export interface Job extends SubmittedJob {
  /** The field its values are validated as. */
  field: FieldName;
  /** Lines answered so far: `valid` + `invalid`. */
  done: number;
  /** Lines answered valid so far. */
  valid: number;
  /** Lines answered invalid so far (unverified included). */
  invalid: number;
  /** When it was submitted. */
  createdAt: string;
  /** When a worker first took it; null while queued. */
  startedAt: string | null;
  /** When it ended (done, cancelled or failed); null before. */
  finishedAt: string | null;
  /** Why a job failed; null otherwise. */
  error: string | null;
}

/** GET /api/v1/jobs: the account's newest jobs, newest first. */
export interface JobList {
  /** The jobs, newest first. */
  jobs: Job[];
}

/** One answered line of a job (GET /api/v1/jobs/{id}/results, one NDJSON line each). */
export interface JobResultLine {
  /** The value's line in the submission, from 1. */
  line: number;
  /** What a validation request for that value would have answered. */
  result: ValidationResult;
}

/** A watched VAT number with its last known verdict (and what the `vat.*` events carry). */
export interface VatWatch {
  /** The watch's id, for DELETE /api/v1/vat/watch/{id} and its `/check`. */
  id: string;
  /** The normalized number. */
  value: string;
  /** The company name expected, as given when watching; null when none was. */
  traderName: string | null;
  /** The last known verdict; null until a check brought one (VIES down is never a verdict). */
  registered: boolean | null;
  /** The trader's name VIES last gave; null when unknown or not given. */
  name: string | null;
  /** The trader's address VIES last gave; null when unknown or not given. */
  address: string | null;
  /** The last check that brought a verdict; null before the first. */
  lastCheckedAt: string | null;
  /** The last check tried, whether VIES answered or not; null before the first. */
  lastAttemptAt: string | null;
  /** When the next scheduled check is due. */
  nextCheckAt: string;
  /** When the number was first watched. */
  createdAt: string;
}

/** GET /api/v1/vat/watch. */
export interface VatWatchList {
  /** The account's watched numbers. */
  watches: VatWatch[];
}

/** A VIES answer kept as evidence (GET /api/v1/vat/evidence/{id}, and each item of the list). */
export interface VatEvidence {
  /** The record's id, for GET /api/v1/vat/evidence/{id}. */
  id: string;
  /** The normalized number asked about. */
  value: string;
  /** The member state VIES answered for (`EL` for Greece, `XI` for Northern Ireland). */
  countryCode: string;
  /** Whether VIES said the number is registered. */
  registered: boolean;
  /** The trader's name as VIES gave it; null when it gave none. */
  name: string | null;
  /** The trader's address as VIES gave it; null when it gave none. */
  address: string | null;
  /** VIES `requestDate`, YYYY-MM-DD. */
  requestDate: string;
  /** VIES consultation number (`requestIdentifier`), when the account's requester was sent. */
  consultationNumber: string | null;
  /** The requester's VAT number sent with the query (the account's); null when none was. */
  requester: string | null;
  /** When the answer was received. */
  checkedAt: string;
  /** Hex SHA-256 of VIES's raw reply. */
  replySha256: string;
}

/** GET /api/v1/vat/evidence?value=…. */
export interface VatEvidenceList {
  /** The account's records for the number, newest first. */
  evidence: VatEvidence[];
}
