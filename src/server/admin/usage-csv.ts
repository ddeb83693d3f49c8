/**
 * An account's usage log as CSV (docs/service.md#usage-log), for the dashboard's download and the
 * admin API's `Accept: text/csv`: every entry the filter selects, newest first, read from the store
 * a page at a time as the client takes them, so a large log never sits in memory nor holds the
 * event loop. Values a client sent are written so that no spreadsheet runs them as formulas.
 */
import { csvField, spreadsheetField } from '../answers/csv.js';
import { pagedTextStream } from '../answers/paged-stream.js';
import type { UsageEntry } from '../storage/types.js';
import type { LogSearch } from './service.js';

/** Entries read per page: the administration's largest page. */
export const CSV_PAGE = 500;

export const USAGE_CSV_HEADER = 'at,requestId,keyId,field,value,status,valid,errorCode,reason,latencyMs\r\n';

/** The CSV media type the export answers with. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** One entry as a CSV line; `valid` is empty for a refusal, which has no verdict. */
export function usageCsvLine(entry: UsageEntry): string {
  const refused = entry.errorCode !== undefined;
  const fields = [
    csvField(entry.at.toISOString()),
    spreadsheetField(entry.requestId),
    spreadsheetField(entry.keyId),
    spreadsheetField(entry.endpoint),
    spreadsheetField(entry.value),
    String(entry.status),
    refused ? '' : String(entry.valid),
    spreadsheetField(entry.errorCode ?? ''),
    spreadsheetField(entry.reason ?? ''),
    String(entry.latencyMs),
  ];
  return `${fields.join(',')}\r\n`;
}

/** The file name of an account's export, as Content-Disposition gives it. */
export function usageCsvDisposition(accountId: string): string {
  return `attachment; filename="usage-${accountId.replace(/[^0-9A-Za-z-]/g, '')}.csv"`;
}

/**
 * The CSV of the entries `search` selects (its `limit` ignored: every entry), read through `read`.
 * The first page is read before the stream is made, so that a filter the administration refuses,
 * or an unknown account, rejects here and is answered as such, not as a broken download.
 */
export async function usageLogCsv(read: (search: LogSearch) => Promise<UsageEntry[]>, search: LogSearch): Promise<ReadableStream<Uint8Array>> {
  const { limit: _limit, ...filter } = search;
  const first = await read({ ...filter, limit: CSV_PAGE });
  const readPage = (last: UsageEntry | null): Promise<UsageEntry[]> =>
    last === null ? Promise.resolve(first) : read({ ...filter, before: last.at, beforeRequestId: last.requestId, limit: CSV_PAGE });
  return pagedTextStream(readPage, CSV_PAGE, usageCsvLine, USAGE_CSV_HEADER);
}
