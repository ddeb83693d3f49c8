/**
 * VIES answers kept as evidence in SQL (Store.evidence). The number, the name and address VIES
 * gave and the requester sent are sealed (../sealing.ts); the records of a number are found by
 * its keyed hash (`value_index`), never by the number. The consultation number, the country, the
 * verdict, the dates and the SHA-256 of the reply stay clear: they say nothing of whom alone.
 *
 * Records added together (the lines of a VAT job in flight, concurrent requests) are written in
 * one transaction with the VIES answers cached meanwhile (./vies.ts groupedWrites): each `add`
 * still resolves only once its record committed.
 */

import type { Sealer } from '../sealing.js';
import type { Store, VatEvidenceRecord } from '../types.js';
import type { SqlClient } from './client.js';
import { groupedWrites } from './vies.js';
import { dateColumn } from './values.js';

interface EvidenceRow {
  id: string;
  account_id: string;
  value: string;
  country_code: string;
  registered: unknown;
  name: string | null;
  address: string | null;
  request_date: string;
  consultation_number: string | null;
  requester: string | null;
  checked_at: unknown;
  reply_sha256: string;
}

const COLUMNS = 'id, account_id, value, country_code, registered, name, address, request_date, consultation_number, requester, checked_at, reply_sha256';

/** Evidence over `sql`, sealed by `sealer`. */
export function sqlEvidence(sql: SqlClient, sealer: Sealer): Store['evidence'] {
  const d = sql.dialect;
  const sealed = (text: string | null): string | null => (text === null ? null : sealer.seal(text));
  const opened = (text: string | null): string | null => (text === null ? null : sealer.open(text));

  const toRecord = (row: EvidenceRow): VatEvidenceRecord => ({
    id: row.id,
    accountId: row.account_id,
    value: sealer.open(row.value),
    countryCode: row.country_code,
    registered: d.readBoolean(row.registered),
    name: opened(row.name),
    address: opened(row.address),
    requestDate: row.request_date,
    consultationNumber: row.consultation_number,
    requester: opened(row.requester),
    checkedAt: dateColumn(row.checked_at),
    replySha256: row.reply_sha256,
  });

  const INSERT = `INSERT INTO vat_evidence (id, account_id, value_index, value, country_code, registered, name, address, request_date,
      consultation_number, requester, checked_at, reply_sha256)
    VALUES ($1, $2, $3, $4, $5, ${d.param(6, 'boolean')}, $7, $8, $9, $10, $11, ${d.param(12, 'time')}, $13)`;
  const FOR_VALUE = `SELECT ${COLUMNS} FROM vat_evidence WHERE account_id = $1 AND value_index = $2 ORDER BY checked_at DESC, id DESC`;
  const GET = `SELECT ${COLUMNS} FROM vat_evidence WHERE account_id = $1 AND id = $2`;
  const PRUNE = `DELETE FROM vat_evidence WHERE checked_at < ${d.param(1, 'time')}`;

  const paramsOf = (record: VatEvidenceRecord): unknown[] => [
    record.id,
    record.accountId,
    sealer.index(record.value),
    sealer.seal(record.value),
    record.countryCode,
    record.registered,
    sealed(record.name),
    sealed(record.address),
    record.requestDate,
    record.consultationNumber,
    sealed(record.requester),
    d.time(record.checkedAt),
    record.replySha256,
  ];
  const write = groupedWrites(sql);

  return {
    add(record) {
      return write(INSERT, paramsOf(record));
    },
    async forValue(accountId, value) {
      const { rows } = await sql.query<EvidenceRow>(FOR_VALUE, [accountId, sealer.index(value)]);
      return rows.map(toRecord);
    },
    async get(accountId, id) {
      const { rows } = await sql.query<EvidenceRow>(GET, [accountId, id]);
      return rows[0] === undefined ? null : toRecord(rows[0]);
    },
    async prune(before) {
      return (await sql.query(PRUNE, [d.time(before)])).rowCount;
    },
  };
}
