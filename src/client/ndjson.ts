/**
 * NDJSON read as it arrives: one parsed value per non-blank line of a streamed body, so a caller
 * can go through 100,000 results of a job without holding them all in memory.
 */

/** The values of `body`'s lines, in order; breaking out of the loop cancels the rest of the body. */
export async function* ndjsonValues(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let finished = false;
  try {
    for (;;) {
      const chunk = await reader.read();
      buffer += chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      const lines = buffer.split('\n');
      // The last piece is a line still arriving, unless the body ended.
      buffer = chunk.done ? '' : (lines.pop() as string);
      for (const line of lines) if (line.trim() !== '') yield JSON.parse(line);
      if (chunk.done) break;
    }
    finished = true;
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}
