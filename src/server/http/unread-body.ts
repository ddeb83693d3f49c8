/**
 * The body of a request answered without reading it all (a 401, 403, 405, 429, 404 … given before
 * the body, or a body refused as too large): never more than 16 KiB of it is read
 * (docs/service.md#request-bodies). Node's HTTP server would otherwise read such a body to its
 * end after the answer, to keep the connection for the next request: 15 GB in 30 s for a client
 * that keeps sending.
 * - A body known to be small (Content-Length at most 16 KiB) is left to Node, which drains it after
 *   the answer and keeps the connection.
 * - A chunked body is read on for a moment (up to 16 KiB, {@link CHUNKED_WAIT_MS}): one that ends
 *   within that keeps the connection too.
 * - Otherwise more is coming: the answer is written straight to the socket with `Connection:
 *   close`, reading stops, the sending side is closed after the answer, and the connection is cut
 *   {@link LINGER_MS} later, which gives the client time to read the answer before it is reset.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { MAX_BODY_BYTES } from '../pipeline/body.js';

/** What becomes of the connection of a request whose body was not read to its end. */
export type ConnectionFate = 'keep' | 'close';

/** How long a chunked body left unread may take to end within 16 KiB before the connection is given up. */
export const CHUNKED_WAIT_MS = 250;
/** How long a connection stays half-closed after its answer, unread, before it is cut. */
export const LINGER_MS = 1_000;

/**
 * Whether the connection of `incoming` can be kept once it is answered: yes when its body has
 * been read, or is small enough for Node to drain; for a chunked body, once it ends within 16 KiB
 * (no longer than {@link CHUNKED_WAIT_MS}). No when the body was given up on part-way, or more
 * than 16 KiB of it is coming.
 */
export function connectionFate(incoming: IncomingMessage): ConnectionFate | Promise<ConnectionFate> {
  if (incoming.complete) return 'keep';
  // Read part-way and no further: the rest must not be taken for the next request.
  if (incoming.readableDidRead || incoming.destroyed) return 'close';
  const declared = incoming.headers['content-length'];
  if (declared !== undefined) return Number(declared) <= MAX_BODY_BYTES ? 'keep' : 'close';
  return drainChunked(incoming);
}

/** Reads a chunked body on, discarding it: 'keep' when it ends within 16 KiB in time, else 'close'. */
function drainChunked(incoming: IncomingMessage): Promise<ConnectionFate> {
  return new Promise((resolve) => {
    let total = 0;
    const settle = (fate: ConnectionFate): void => {
      clearTimeout(timer);
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onGone);
      incoming.off('close', onGone);
      if (fate === 'close') incoming.pause();
      resolve(fate);
    };
    const onData = (chunk: Buffer): void => {
      total += chunk.byteLength;
      if (total > MAX_BODY_BYTES) settle('close');
    };
    const onEnd = (): void => settle('keep');
    const onGone = (): void => settle('close');
    const timer = setTimeout(onGone, CHUNKED_WAIT_MS);
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('error', onGone);
    incoming.once('close', onGone);
  });
}

/** A header value that cannot break out of its line. */
const SAFE_VALUE = /^[^\r\n]*$/;

/** The answer as bytes on the wire: status line, headers (with Date and Connection: close), body. */
function rawAnswer(status: number, headers: Readonly<Record<string, string | number>>, body: Uint8Array | string, withBody: boolean): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Unknown'}\r\nDate: ${new Date().toUTCString()}\r\n`;
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'connection' || lower === 'content-length' || lower === 'transfer-encoding' || lower === 'date') continue;
    const text = String(value);
    if (SAFE_VALUE.test(text) && SAFE_VALUE.test(name)) head += `${name}: ${text}\r\n`;
  }
  head += `Content-Length: ${bytes.byteLength}\r\nConnection: close\r\n\r\n`;
  return withBody ? Buffer.concat([Buffer.from(head, 'latin1'), bytes]) : Buffer.from(head, 'latin1');
}

/**
 * Writes the answer to `incoming` and closes its connection without reading any more of it: the
 * answer goes straight to the socket (so that Node's server, which would read the rest of the body
 * once a response finishes, never sees one finish), reading stops at once, the sending side closes
 * after the answer, and the socket is destroyed {@link LINGER_MS} later.
 */
export function answerAndClose(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string | number>>,
  body: Uint8Array | string,
): void {
  // A request stream destroyed under the adapter has let go of its socket: nothing to answer on.
  const socket = incoming.socket as typeof incoming.socket | null;
  if (socket === null || socket.destroyed) return;
  socket.pause();
  incoming.pause();
  if (outgoing.socket !== socket) {
    // An earlier answer on this connection is still being written (pipelined requests): this one
    // waits its turn as Node queues it, and the connection is cut right after it.
    outgoing.writeHead(status, { ...headers, Connection: 'close' });
    outgoing.end(body, () => socket.destroy());
    return;
  }
  socket.end(rawAnswer(status, headers, body, incoming.method !== 'HEAD'));
  const linger = setTimeout(() => socket.destroy(), LINGER_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
}
