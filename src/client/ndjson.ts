/**
 * A streamed body read as it arrives, as text or as NDJSON (one parsed value per non-blank line), so
 * a caller can go through 100,000 results of a job without holding them all in memory.
 */

/** The values of `body`'s lines, in order; breaking out of the loop cancels the rest of the body. */
export async function* ndjsonValues(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown, void, undefined> {
  let buffer = '';
  for await (const piece of textPieces(body)) {
    const lines = (buffer + piece).split('\n');
    // The last piece is a line still arriving.
    buffer = lines.pop() as string;
    for (const line of lines) if (line.trim() !== '') yield JSON.parse(line);
  }
  if (buffer.trim() !== '') yield JSON.parse(buffer);
}

/** The text of `body` as it arrives, one decoded piece per chunk; breaking out of the loop cancels the rest. */
export async function* textPieces(body: ReadableStream<Uint8Array>): AsyncGenerator<string, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let finished = false;
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) yield decoder.decode(chunk.value, { stream: true });
    const rest = decoder.decode();
    if (rest !== '') yield rest;
    finished = true;
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}
