/**
 * A byte stream cut into lines for `verifield check --file`. Every `\n` ends a line and a `\r`
 * before it is dropped (files saved on Windows), as is a byte-order mark at the start; a last line
 * without `\n` still counts, and blank lines are kept, so element N is line N of the input. Only
 * the current line is held (at most {@link MAX_LINE_CHARACTERS}), never the whole input.
 */
import { StringDecoder } from 'node:string_decoder';

/**
 * A longer line is cut here. No field's value comes near it (the service refuses values over
 * 1,024 characters), so the cut line is answered as invalid all the same, and a file without line
 * breaks cannot fill the memory.
 */
export const MAX_LINE_CHARACTERS = 65_536;

/** The lines that one chunk of input completed, and the chunk's size in bytes. */
export interface LineBatch {
  lines: string[];
  bytes: number;
}

function withoutCarriageReturn(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/** Reads `input` chunk by chunk, yielding after each chunk the lines it completed (maybe none). */
export async function* lineBatches(input: AsyncIterable<Buffer>): AsyncGenerator<LineBatch> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let atStart = true;
  const append = (piece: string): void => {
    const room = MAX_LINE_CHARACTERS - pending.length;
    if (room > 0) pending += piece.length > room ? piece.slice(0, room) : piece;
  };
  const split = (decoded: string): string[] => {
    let text = decoded;
    if (atStart && text !== '') {
      atStart = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const lines: string[] = [];
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      append(text.slice(start, end));
      lines.push(withoutCarriageReturn(pending));
      pending = '';
      start = end + 1;
    }
    append(text.slice(start));
    return lines;
  };
  for await (const chunk of input) yield { lines: split(decoder.write(chunk)), bytes: chunk.length };
  const lines = split(decoder.end());
  if (pending !== '') lines.push(withoutCarriageReturn(pending));
  if (lines.length > 0) yield { lines, bytes: 0 };
}
