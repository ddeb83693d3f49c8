/**
 * The JSON shapes of the account endpoints (docs/service.md#jobs, #vat-monitoring, #evidence),
 * declared once: the server's json.ts files build them, the client (src/client/background.ts)
 * reads them and publishes them under these names, and the OpenAPI document's schemas are generated
 * from them with their TSDoc (src/server/http/shapes.ts). Types only, so a browser bundle of the
 * client pays nothing for them. Times are the ISO 8601 strings the service sends.
 */
import type { FieldName } from './fields/catalog.js';
import type { ValidationResult } from './result.js';

/** Where a job stands: queued, running, then done; or cancelled (DELETE) or failed (`error` says why). */
export type JobStatus = 'queued' | 'running' | 'done' | 'cancelled' | 'failed';

/**
 * @maxLength 1024
 */
type JobValue = string;

/** The JSON body of POST /api/v1/jobs: a job as JSON. CSV and NDJSON bodies name the field in the query instead. */
export interface JobSubmission {
  /** The field every value is validated as (`vat`, `iban` …); the key needs its scope. */
  field: FieldName;
  /**
   * 1 to 100,000 values, each validated once: one line each, in order.
   * @minItems 1
   * @maxItems 100000
   */
  values: readonly JobValue[];
  /**
   * Also receives the job's `job.completed` event (http or https), signed with the account's webhook secret.
   * @format uri
   */
  webhookUrl?: string;
}

/** The answer to a submission (202): the job, queued. */
export interface SubmittedJob {
  /** The job's id, for GET /api/v1/jobs/{id} and the job's other endpoints. */
  id: string;
  /** Always `queued` at submission. */
  status: 'queued';
  /**
   * How many values the job holds (its lines).
   * @asType integer
   * @minimum 0
   */
  total: number;
}

/** A batch job and its progress, as GET /api/v1/jobs/{id} tells it (and the `job.completed` event's data carries it). */
export interface Job extends Omit<SubmittedJob, 'status'> {
  /** Where the job stands. */
  status: JobStatus;
  /** The field its values are validated as; `mixed` when each line names its own (a CSV with a `field,value` header, NDJSON `{ field, value }` lines). */
  field: FieldName | 'mixed';
  /**
   * Lines answered so far: `valid` + `invalid`.
   * @asType integer
   * @minimum 0
   */
  done: number;
  /**
   * Lines answered valid so far.
   * @asType integer
   * @minimum 0
   */
  valid: number;
  /**
   * Lines answered invalid so far (unverified included).
   * @asType integer
   * @minimum 0
   */
  invalid: number;
  /**
   * When it was submitted.
   * @format date-time
   */
  createdAt: string;
  /**
   * When a worker first took it; null while queued.
   * @format date-time
   */
  startedAt: string | null;
  /**
   * When it ended (done, cancelled or failed); null before.
   * @format date-time
   */
  finishedAt: string | null;
  /** Why a job failed; null otherwise. */
  error: string | null;
}

/** GET /api/v1/jobs: the account's newest 100 jobs, newest first. */
export interface JobList {
  /** The jobs, newest first. */
  jobs: Job[];
}

/** One answered line of a job (GET /api/v1/jobs/{id}/results, one NDJSON line each). */
export interface JobResultLine {
  /**
   * The value's line in the submission, from 1.
   * @asType integer
   * @minimum 1
   */
  line: number;
  /** The line's field: on the lines of a `mixed` job only. */
  field?: FieldName;
  /** What a validation request for that value would have answered. */
  result: ValidationResult;
}

/** A watched VAT number with its last known verdict (and what the `vat.*` events carry). */
export interface VatWatch {
  /** The watch's id, for DELETE /api/v1/vat/watch/{id} and its `/check`. */
  id: string;
  /** The normalized VAT number, prefix included (Greece is EL). */
  value: string;
  /** The company name expected, as given when watching, and sent with each check (VIES compares it where the member state does); null when none was. */
  traderName: string | null;
  /** The last known verdict; null until a check brought one. VIES down is never a verdict, and never replaces a known one. */
  registered: boolean | null;
  /** The trader's name VIES last gave; null when unknown or not disclosed. */
  name: string | null;
  /** The trader's address VIES last gave (may hold line breaks); null when unknown or not disclosed. */
  address: string | null;
  /**
   * The last check that brought a verdict; null before the first.
   * @format date-time
   */
  lastCheckedAt: string | null;
  /**
   * The last check tried, whether VIES answered or not; null before the first.
   * @format date-time
   */
  lastAttemptAt: string | null;
  /**
   * When the number is next re-checked: every 7 days by default (serve --watch-interval, or the account's own setting),
   * spread by up to 10 %; within minutes after an attempt VIES did not answer.
   * @format date-time
   */
  nextCheckAt: string;
  /**
   * When the number was first watched.
   * @format date-time
   */
  createdAt: string;
}

/** GET /api/v1/vat/watch. */
export interface VatWatchList {
  /** The account's watched numbers; empty when there are none. */
  watches: VatWatch[];
}

/**
 * A VIES answer kept as evidence for the tax audit (GET /api/v1/vat/evidence/{id}, and each item of
 * the list): one live answer a validation of the account received (a cached verdict adds no record).
 */
export interface VatEvidence {
  /** The record's id, for GET /api/v1/vat/evidence/{id}. */
  id: string;
  /** The normalized VAT number asked about, prefix included (Greece is EL). */
  value: string;
  /** The prefix the registry answered for (`EL` for Greece, `XI` for Northern Ireland; `GB`, `CH`, `NO` beyond VIES). */
  countryCode: string;
  /** The registry that answered: `VIES`, or `HMRC` (GB), `UID` (CH), `BRREG` (NO) (VatRegistryName of `verifield/adapters`). */
  registry: 'VIES' | 'HMRC' | 'UID' | 'BRREG';
  /** What the registry answered: registered (for VIES: valid for intra-EU transactions) or not. */
  registered: boolean;
  /** The trader's name as the registry gave it; null when it does not disclose it. */
  name: string | null;
  /** The trader's address as the registry gave it (may hold line breaks); null when not disclosed. */
  address: string | null;
  /**
   * The day the registry wrote in its answer (VIES `requestDate`, HMRC `processingDate`; the day of the answer for UID and BRREG).
   * @format date
   */
  requestDate: string;
  /** Consultation number (VIES `requestIdentifier`, HMRC `consultationNumber`); only when the account's own VAT number was sent as requester. */
  consultationNumber: string | null;
  /** The requester's VAT number sent with the query (the account's), prefix included; null when none was. */
  requester: string | null;
  /**
   * When the answer was received.
   * @format date-time
   */
  checkedAt: string;
  /**
   * Hex SHA-256 of the registry's reply body, byte for byte as received: whoever kept the reply can show it is the one
   * behind this record. Empty only for a registry adapter that does not report it (none of verifield's).
   * @pattern ^([0-9a-f]{64})?$
   */
  replySha256: string;
}

/** GET /api/v1/vat/evidence?value=…. */
export interface VatEvidenceList {
  /** The account's records for the number, newest first; empty when there are none. */
  evidence: VatEvidence[];
}
