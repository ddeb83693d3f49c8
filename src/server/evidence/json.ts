/**
 * An evidence record as the API shows it (docs/service.md#evidence): JSON with ISO times, or CSV
 * for an auditor's spreadsheet. The account id is left out: a caller only ever sees its own.
 */
import type { VatRegistryName } from '../../ports.js';
import { registryNameOf } from '../../vat/registry/registries.js';
import type { VatEvidence } from '../../account-api.js';
import type { VatEvidenceRecord } from '../storage/types.js';

export function evidenceJson(record: VatEvidenceRecord): VatEvidence {
  return {
    id: record.id,
    value: record.value,
    countryCode: record.countryCode,
    registry: registryOfPrefix(record.countryCode),
    registered: record.registered,
    name: record.name,
    address: record.address,
    requestDate: record.requestDate,
    consultationNumber: record.consultationNumber,
    requester: record.requester,
    checkedAt: record.checkedAt.toISOString(),
    replySha256: record.replySha256,
  };
}


/** The registry of a record's prefix: every prefix outside VIES's has its own (src/vat/registry/registries.ts). */
function registryOfPrefix(countryCode: string): VatRegistryName {
  return registryNameOf(countryCode) ?? 'VIES';
}

/** The CSV columns, in order (the JSON names). */
export const EVIDENCE_CSV_COLUMNS = [
  'id',
  'value',
  'countryCode',
  'registry',
  'registered',
  'name',
  'address',
  'requestDate',
  'consultationNumber',
  'requester',
  'checkedAt',
  'replySha256',
] as const satisfies readonly (keyof VatEvidence)[];

/**
 * One RFC 4180 field: quoted when it holds a comma, a quote or a line break (addresses do). The
 * text is kept exactly as VIES sent it, even one starting with `=`: this is evidence, and a
 * spreadsheet that runs formulas from a CSV should be told to import it as text.
 */
function csvField(value: string | boolean | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Records as CSV: a header row, then one row per record, CRLF line ends (RFC 4180). */
export function evidenceCsv(records: readonly VatEvidenceRecord[]): string {
  const rows = [EVIDENCE_CSV_COLUMNS.join(',')];
  for (const record of records) {
    const json = evidenceJson(record);
    rows.push(EVIDENCE_CSV_COLUMNS.map((column) => csvField(json[column])).join(','));
  }
  return rows.join('\r\n') + '\r\n';
}
