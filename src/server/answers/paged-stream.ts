/**
 * A body streamed page by page from the store as the client takes it (a job's results, the usage
 * log's export): so that a large one never sits in memory nor holds the event loop.
 */

/**
 * `header`, then each item of each page as `line` writes it. `readPage(null)` gives the first page,
 * `readPage(last)` the one after the page whose last item is `last`; a page shorter than `pageSize`
 * is the last.
 */
export function pagedTextStream<T>(readPage: (last: T | null) => Promise<readonly T[]>, pageSize: number, line: (item: T) => string, header = ''): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let text = header;
  let last: T | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const page = await readPage(last);
      for (const item of page) text += line(item);
      if (text !== '') controller.enqueue(encoder.encode(text));
      text = '';
      last = page.at(-1) ?? null;
      if (page.length < pageSize || last === null) controller.close();
    },
  });
}
