/**
 * VIES answers kept as evidence for the account that asked (docs/service.md#evidence).
 */
/** A VIES answer kept as evidence for the account that asked (docs/service.md#evidence). */
export interface VatEvidenceRecord {
  id: string;
  accountId: string;
  /** The normalized VAT number asked about. */
  value: string;
  countryCode: string;
  registered: boolean;
  name: string | null;
  address: string | null;
  /** VIES `requestDate`, YYYY-MM-DD. */
  requestDate: string;
  /** VIES `requestIdentifier`, when a requester was sent. */
  consultationNumber: string | null;
  /** The requester VAT number sent, when one was. */
  requester: string | null;
  checkedAt: Date;
  /** Hex SHA-256 of the raw SOAP reply. */
  replySha256: string;
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
