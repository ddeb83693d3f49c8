/**
 * Evidence capture (docs/service.md#evidence): the VAT registry seen through one validation, so
 * that every answer VIES gave it can be kept for the account that asked. The registry is wrapped
 * per call rather than once for the process, because an answer belongs to the account, the value
 * and the result of one validation; a cached verdict never reaches the registry, so it adds no record.
 */
import { randomUUID } from 'node:crypto';
import type { Clock, VatRegistry, VatRegistryAnswer, VatRegistryQuery } from '../../ports.js';
import type { VatValidationResult } from '../../result.js';
import type { VatEvidenceRecord } from '../storage/types.js';

/** One question the registry answered, and when the answer arrived. */
export interface RegistryExchange {
  query: VatRegistryQuery;
  answer: VatRegistryAnswer;
  at: Date;
}

/** A registry that notes what it answered, until `exchanges` is read. */
export interface RecordingRegistry {
  registry: VatRegistry;
  /**
   * The answers received so far; reading them ends the recording, so an answer that arrives after
   * the validation gave up on it (its time budget ran out) is not kept as if it had been used.
   */
  exchanges(): RegistryExchange[];
}

/** Wraps `registry` for one validation: answers pass through unchanged, failures too. */
export function recordingRegistry(registry: VatRegistry, now: Clock): RecordingRegistry {
  const seen: RegistryExchange[] = [];
  let open = true;
  return {
    registry: {
      async check(query, signal) {
        const answer = await registry.check(query, signal);
        if (open) seen.push({ query, answer, at: now() });
        return answer;
      },
    },
    exchanges() {
      open = false;
      return [...seen];
    },
  };
}

/**
 * The evidence records of one validation: one per registry answer it used. Nothing when the
 * verdict did not come live (a cached, stale or unverified verdict is not a registry answer).
 */
export function evidenceRecords(accountId: string, result: VatValidationResult, exchanges: readonly RegistryExchange[]): VatEvidenceRecord[] {
  if (result.vatDetails.source !== 'LIVE') return [];
  return exchanges.map(({ query, answer, at }) => ({
    id: randomUUID(),
    accountId,
    // The form a later ?value= look-up normalizes to (src/server/evidence/lookup.ts).
    value: result.normalizedValue ?? `${query.countryCode}${query.vatNumber}`,
    countryCode: query.countryCode,
    registered: answer.valid,
    name: answer.name ?? null,
    address: answer.address ?? null,
    requestDate: answer.requestDate,
    consultationNumber: answer.requestIdentifier ?? null,
    requester: query.requester === undefined ? null : `${query.requester.countryCode}${query.requester.vatNumber}`,
    checkedAt: at,
    // A registry other than the VIES clients (a test double, an embedder's own) may not see the raw
    // reply: the record is still kept, with no hash rather than an invented one.
    replySha256: answer.replySha256 ?? '',
  }));
}

/**
 * Stores the records of one validation. Rejects when the store does: the caller must not answer
 * a validation whose evidence was lost (src/server/pipeline/validators.ts).
 */
export async function keepEvidence(evidence: { add(record: VatEvidenceRecord): Promise<void> }, records: readonly VatEvidenceRecord[]): Promise<void> {
  for (const record of records) await evidence.add(record);
}
