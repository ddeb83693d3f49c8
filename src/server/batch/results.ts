/**
 * A job's answered lines as a streamed body, page by page from the store, in input order: NDJSON
 * (`{"line":1,"result":{…}}` per line, `"field"` too on a mixed job's) or CSV
 * (line,valid,reason,message,normalizedValue,originalValue,field, then the details of the job's
 * field, or of every field on a mixed job, one column per member: `vatDetails.registered` …).
 */
import { FIELD_NAMES, type FieldName } from '../../fields/catalog.js';
import { csvField, spreadsheetField } from '../answers/csv.js';
import { FIELD_OPERATIONS } from '../../fields/operations.js';
import type { ValidationResult } from '../../result.js';
import { SHAPE_SCHEMAS, type ShapeName } from '../shapes/generated/schemas.js';
import { pagedTextStream } from '../answers/paged-stream.js';
import type { BatchJobLine, BatchJobRecord, JobField, Store } from '../storage/types.js';
import { MIXED } from './mixed.js';

const PAGE = 500;

/** The columns every job's CSV starts with. */
const ENVELOPE_COLUMNS = ['line', 'valid', 'reason', 'message', 'normalizedValue', 'originalValue', 'field'] as const;

/** One details column: the field's details member and one of its members, as the generated schema lists them. */
interface DetailsColumn {
  member: string;
  name: string;
}

/** The details columns of `field`, in the order its details type declares them. */
function detailsColumns(field: FieldName): DetailsColumn[] {
  const { detailsMember, detailsSchemaName } = FIELD_OPERATIONS[field];
  const schema = SHAPE_SCHEMAS[detailsSchemaName as ShapeName];
  return Object.keys(schema.properties ?? {}).map((name) => ({ member: detailsMember, name }));
}

/** A details value as a CSV cell: text as is, numbers and booleans written out, lists and objects as JSON. */
function cellOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The CSV of a job whose field is `jobField`: its header, and the writer of one answered line. */
export function csvResults(jobField: JobField): { header: string; line(answered: BatchJobLine): string } {
  const columns = (jobField === MIXED ? FIELD_NAMES : [jobField]).flatMap(detailsColumns);
  return {
    header: `${[...ENVELOPE_COLUMNS, ...columns.map((column) => `${column.member}.${column.name}`)].map(csvField).join(',')}\r\n`,
    line({ line, field, result }) {
      const details = result as ValidationResult & Record<string, Record<string, unknown> | undefined>;
      const cells = [
        String(line), String(result.valid), result.reason ?? '', result.message, result.normalizedValue ?? '', result.originalValue, field ?? jobField,
        ...columns.map((column) => cellOf(details[column.member]?.[column.name])),
      ];
      // Values a client sent, and what registries answered, are never run by a spreadsheet.
      return `${cells.map(spreadsheetField).join(',')}\r\n`;
    },
  };
}

export function ndjsonLine(line: BatchJobLine): string {
  // JSON leaves `field` out where it is undefined: a one-field job's lines have none.
  return `${JSON.stringify({ line: line.line, field: line.field, result: line.result })}\n`;
}

/** The formats a job's results are read in, and their media types. */
export const RESULT_TYPES = { ndjson: 'application/x-ndjson; charset=UTF-8', csv: 'text/csv; charset=UTF-8' } as const;

/** A job's answered lines in `format`, streamed page by page from the store, in input order. */
export function jobResults(store: Pick<Store, 'batchJobs'>, job: Pick<BatchJobRecord, 'id' | 'field'>, format: keyof typeof RESULT_TYPES): ReadableStream<Uint8Array> {
  const { line, header } = format === 'csv' ? csvResults(job.field) : { line: ndjsonLine, header: '' };
  return pagedTextStream((last: BatchJobLine | null) => store.batchJobs.lines(job.id, last?.line ?? 0, PAGE), PAGE, line, header);
}
