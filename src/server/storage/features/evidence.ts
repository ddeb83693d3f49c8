/**
 * VIES answers kept as evidence for the account that asked (docs/service.md#evidence): each one's
 * shape is the API's (src/account-api.ts), kept with its account.
 */
import type { VatEvidence } from '../../../account-api.js';

/**
 * A registry's answer kept as evidence for the account that asked: the record the API answers, with
 * its account, the time a Date; the registry is not stored, since the prefix names it (../../evidence/json.ts).
 */
export interface VatEvidenceRecord extends Omit<VatEvidence, 'checkedAt' | 'registry'> {
  /** The account that asked. */
  accountId: string;
  /** When the answer was received. */
  checkedAt: Date;
}

/** VIES answers kept as evidence, 10 years by default; never pruned with the usage log. Values, names and addresses are sealed. */
export interface EvidenceRepository {
  add(record: VatEvidenceRecord): Promise<void>;
  /** An account's records for one normalized value, newest first (found by a keyed hash of the value, not the value). */
  forValue(accountId: string, value: string): Promise<VatEvidenceRecord[]>;
  get(accountId: string, id: string): Promise<VatEvidenceRecord | null>;
  /** Deletes records checked before `before`; resolves with how many. */
  prune(before: Date): Promise<number>;
}

/** The store's evidence. */
export interface EvidenceRecords {
  /** VIES answers kept as evidence. */
  evidence: EvidenceRepository;
}
