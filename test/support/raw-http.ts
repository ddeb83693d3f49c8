/**
 * HTTP/1.1 over a bare TCP socket (node:net), for requests no HTTP client would send: broken
 * framing, invalid bytes, lying lengths, bodies that never end, headers sent one byte at a time.
 * The exchange writes the request parts (optionally with pauses between them), reads until the
 * server closes the connection or the wait runs out, and parses the one answer it got.
 */
import net from 'node:net';

/** One request as bytes: parts written in order, `gapMs` apart. */
export interface RawRequest {
  parts: readonly (string | Uint8Array)[];
  /** Pause between two parts (a slow client). Default 0. */
  gapMs?: number;
  /** Half-close the sending side once every part is written. Default false: the server decides. */
  endAfterWrite?: boolean;
}

/** What came back. */
export interface RawAnswer {
  /** Status of the answer; null when the connection closed without one. */
  status: number | null;
  /** Header names in lower case; a repeated header keeps every value. */
  headers: Map<string, string[]>;
  /** The body, decoded from its Content-Length or chunked framing. */
  body: string;
  /** Whether the server closed the connection before `waitMs` ran out. */
  closedByServer: boolean;
  /** Time from connecting to the close (or to giving up). */
  elapsedMs: number;
}

function decodeChunked(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', offset);
    if (lineEnd === -1) break;
    const size = Number.parseInt(bytes.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Parses the first final answer of `raw` (a connection's whole input), skipping `100 Continue`. */
export function parseAnswer(input: Buffer): Pick<RawAnswer, 'status' | 'headers' | 'body'> {
  let raw = input;
  while (/^HTTP\/1\.[01] 1\d\d /.test(raw.subarray(0, 13).toString('latin1'))) {
    const interimEnd = raw.indexOf('\r\n\r\n');
    if (interimEnd === -1) break;
    raw = raw.subarray(interimEnd + 4);
  }
  const headEnd = raw.indexOf('\r\n\r\n');
  if (headEnd === -1) return { status: null, headers: new Map(), body: '' };
  const [statusLine = '', ...lines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  const headers = new Map<string, string[]>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  let body = raw.subarray(headEnd + 4);
  const length = headers.get('content-length')?.[0];
  if (headers.get('transfer-encoding')?.[0]?.toLowerCase() === 'chunked') body = decodeChunked(body);
  else if (length !== undefined) body = body.subarray(0, Number(length));
  return { status: match === null ? null : Number(match[1]), headers, body: body.toString('utf8') };
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends `request` to 127.0.0.1:`port` and waits up to `waitMs` for the server to answer and close
 * the connection (every request of the corpus asks for `Connection: close`, or the server closes
 * it itself). Never rejects: a reset is a closed connection.
 */
export function exchange(port: number, request: RawRequest, waitMs: number): Promise<RawAnswer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let settled = false;
    const finish = (closedByServer: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parseAnswer(Buffer.concat(received)), closedByServer, elapsedMs: performance.now() - started });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('connect', () => {
      void (async () => {
        for (const [index, part] of request.parts.entries()) {
          if (index > 0 && (request.gapMs ?? 0) > 0) await pause(request.gapMs ?? 0);
          if (settled || socket.destroyed) return;
          socket.write(part);
        }
        if (request.endAfterWrite === true && !socket.destroyed) socket.end();
      })();
    });
  });
}
