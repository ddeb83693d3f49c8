/**
 * A byte stream cut into lines for `verifield check --file` and `jobs submit`, and the opening of the file. Every `\n` ends a line and a `\r`
 * before it is dropped (files saved on Windows), as is a byte-order mark at the start; a last line
 * without `\n` still counts, and blank lines are kept, so element N is line N of the input. Only
 * the current line is held (at most {@link MAX_LINE_CHARACTERS}), never the whole input.
 */
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** An input file that cannot be read (missing, a directory, no permission): a wrong call, exit 2, in one sentence. */
export class UnreadableInput extends Error {
  override readonly name = 'UnreadableInput';
  constructor(path: string, cause: unknown) {
    super(`cannot read ${path}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/**
 * Opens a file to read, with its size when it is a regular file (not a FIFO or a device); an
 * {@link UnreadableInput} when it cannot be read.
 */
export async function openInput(path: string): Promise<{ input: Readable; totalBytes: number | null }> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new UnreadableInput(path, error);
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw new Error('it is a directory');
    return { input: handle.createReadStream(), totalBytes: stats.isFile() ? stats.size : null };
  } catch (error) {
    await handle.close();
    throw new UnreadableInput(path, error);
  }
}

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
