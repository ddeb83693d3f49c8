/**
 * A job's answered lines as a streamed body, page by page from the store, in input order: NDJSON
 * (`{"line":1,"result":{…}}` per line) or CSV (line,valid,reason,message,normalizedValue,originalValue).
 */
import { csvField } from '../answers/csv.js';
import type { BatchJobLine, Store } from '../storage/types.js';

const PAGE = 500;

export const CSV_HEADER = 'line,valid,reason,message,normalizedValue,originalValue\r\n';

export function csvLine({ line, result }: BatchJobLine): string {
  const fields = [String(line), String(result.valid), result.reason ?? '', result.message, result.normalizedValue ?? '', result.originalValue];
  return `${fields.map(csvField).join(',')}\r\n`;
}

export function ndjsonLine(line: BatchJobLine): string {
  return `${JSON.stringify({ line: line.line, result: line.result })}\n`;
}

/** The stream of a job's answered lines, written by `format`, after `header`. */
export function resultStream(store: Pick<Store, 'batchJobs'>, jobId: string, format: (line: BatchJobLine) => string, header = ''): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let text = started ? '' : header;
      started = true;
      const page = await store.batchJobs.lines(jobId, after, PAGE);
      for (const line of page) text += format(line);
      if (text !== '') controller.enqueue(encoder.encode(text));
      if (page.length < PAGE) controller.close();
      else after = (page[page.length - 1] as BatchJobLine).line;
    },
  });
}
