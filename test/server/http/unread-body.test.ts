/**
 * A request answered before its body is read (401 without a key, 405, 404 …) never has more than
 * 16 KiB of its body read (src/server/http/unread-body.ts), over real sockets to startServer, on the
 * validation fast path and on the Hono app's path alike:
 * - a client that declares 1 GB and keeps sending gets its answer, the server closes its side at
 *   once and cuts the connection within a second or so, having read at most 16 KiB of the body
 *   (counted on the server's socket), while the client pushed far more into the connection;
 * - a chunked body that goes on past 16 KiB gets the same;
 * - a small body (Content-Length up to 16 KiB, or a chunked body that ends within it) is drained
 *   and the connection kept: a second request on it is answered.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import net, { type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/server/http/start.js';
import type { Store } from '../../../src/server/storage/types.js';
import { LINGER_MS } from '../../../src/server/http/unread-body.js';
import { parseAnswer } from '../../support/raw-http.js';
import { openTestStore } from '../../support/store/test-store.js';

const KIB = 1024;
/** Long enough that a server reading the body on would still be reading when the test gives up. */
const REQUEST_TIMEOUT_MS = 20_000;

let store: Store;
let server: RunningServer;
/** The server's side of each connection, by the client's port. */
const serverSockets = new Map<number, Socket>();
const onRequest = (message: unknown): void => {
  const { socket } = message as { socket: Socket };
  if (socket.remotePort !== undefined) serverSockets.set(socket.remotePort, socket);
};

beforeAll(async () => {
  subscribe('http.server.request.start', onRequest);
  store = await openTestStore();
  server = await startServer({ port: 0, host: '127.0.0.1', jobs: false, store, log: () => undefined, timeouts: { requestMs: REQUEST_TIMEOUT_MS } });
});

afterAll(async () => {
  unsubscribe('http.server.request.start', onRequest);
  await server?.close();
  await store?.close();
});

interface Flood {
  status: number | null;
  connection: string | undefined;
  /** From connecting to the answer, to the server's FIN, and to the connection's end. */
  answeredMs: number | null;
  halfClosedMs: number | null;
  closedMs: number;
  /** Bytes of the body the kernel took from the client. */
  sent: number;
  /** Bytes of the body the server's socket read. */
  readByServer: number;
}

/**
 * Sends `head`, then `chunk` every `gapMs` for as long as the connection lets it (writing on after
 * the server's FIN, as a careless client does), up to `capMs`.
 */
function sendForever(head: string, chunk: string, gapMs: number, capMs = 8_000): Promise<Flood> {
  const started = performance.now();
  const since = (): number => performance.now() - started;
  return new Promise((resolve) => {
    const socket = net.connect({ port: server.port, host: '127.0.0.1', allowHalfOpen: true });
    const received: Buffer[] = [];
    let answeredMs: number | null = null;
    let halfClosedMs: number | null = null;
    let done = false;
    let localPort = -1;
    const finish = (): void => {
      if (done) return;
      done = true;
      clearInterval(writer);
      clearTimeout(cap);
      const closedMs = since();
      const sent = socket.bytesWritten - socket.writableLength - Buffer.byteLength(head);
      const serverSide = serverSockets.get(localPort);
      socket.destroy();
      const answer = parseAnswer(Buffer.concat(received));
      resolve({
        status: answer.status,
        connection: answer.headers.get('connection')?.[0],
        answeredMs,
        halfClosedMs,
        closedMs,
        sent,
        readByServer: (serverSide?.bytesRead ?? Number.NaN) - Buffer.byteLength(head),
      });
    };
    let writer: ReturnType<typeof setInterval> | undefined;
    const cap = setTimeout(finish, capMs);
    socket.on('connect', () => {
      localPort = socket.localPort ?? -1;
      socket.write(head);
      writer = setInterval(() => {
        // Never more than 256 KiB waiting in this process: what counts is what the kernel took.
        if (!socket.destroyed && socket.writable && socket.writableLength < 256 * KIB) socket.write(chunk);
      }, gapMs);
    });
    socket.on('data', (data: Buffer) => {
      received.push(data);
      answeredMs ??= since();
    });
    socket.on('end', () => {
      halfClosedMs = since();
    });
    socket.on('error', finish);
    socket.on('close', finish);
  });
}

const declared = (requestLine: string, extra = ''): string =>
  `${requestLine}\r\nHost: x\r\nContent-Type: application/json\r\n${extra}Content-Length: ${1024 * 1024 * 1024}\r\n\r\n`;

function expectCut(flood: Flood, status: number): void {
  expect(flood.status).toBe(status);
  expect(flood.connection).toBe('close');
  expect(flood.answeredMs).not.toBeNull();
  // The server's side closed with the answer, and the connection was cut soon after.
  expect((flood.halfClosedMs ?? Infinity) - (flood.answeredMs ?? 0)).toBeLessThan(500);
  expect(flood.closedMs).toBeLessThan((flood.answeredMs ?? 0) + LINGER_MS + 2_000);
}

describe('a refused body that goes on', () => {
  it('401 without a key (fast path): answered, cut, no more than 16 KiB of a 1 GB body read', async () => {
    const flood = await sendForever(declared('POST /api/v1/validate/iban HTTP/1.1'), 'x'.repeat(KIB), 2);
    expectCut(flood, 401);
    expect(flood.readByServer).toBeLessThanOrEqual(16 * KIB);
    // The client pushed far more into the connection than the server read.
    expect(flood.sent).toBeGreaterThan(64 * KIB);
  });

  it('405 on the app path (PUT on a validation endpoint) and 404 on an unknown path: the same', async () => {
    for (const [requestLine, status] of [
      ['PUT /api/v1/validate/iban HTTP/1.1', 405],
      ['POST /api/v1/nothing-here HTTP/1.1', 404],
    ] as const) {
      const flood = await sendForever(declared(requestLine), 'x'.repeat(KIB), 2);
      expectCut(flood, status);
      expect(flood.readByServer, requestLine).toBeLessThanOrEqual(16 * KIB);
      expect(flood.sent, requestLine).toBeGreaterThan(64 * KIB);
    }
  });

  it('a chunked body past 16 KiB: read up to 16 KiB, then answered and cut', async () => {
    const head = 'POST /api/v1/validate/vat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    const chunk = `400\r\n${'x'.repeat(KIB)}\r\n`;
    const flood = await sendForever(head, chunk, 2);
    expectCut(flood, 401);
    // 16 KiB of body, the network read that crossed the limit (a chunk or a few), the chunk framing.
    expect(flood.readByServer).toBeGreaterThan(16 * KIB);
    expect(flood.readByServer).toBeLessThan(24 * KIB);
    expect(flood.sent).toBeGreaterThan(64 * KIB);
  });

  it('a chunked body that neither ends nor grows is answered after a moment, and cut', async () => {
    const head = 'POST /api/v1/validate/vat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    const flood = await sendForever(head, '1\r\nx\r\n', 100, 5_000);
    expectCut(flood, 401);
    expect(flood.answeredMs).toBeLessThan(1_500);
  });
});

describe('a refused body that is small', () => {
  /** Sends `request` twice on one connection and returns the statuses of the answers, in order. */
  function sendTwice(request: string): Promise<{ statuses: number[]; closed: boolean }> {
    return new Promise((resolve) => {
      const socket = net.connect(server.port, '127.0.0.1');
      let text = '';
      let closed = false;
      const timer = setTimeout(() => {
        socket.destroy();
        resolve({ statuses: [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1])), closed });
      }, 1_000);
      socket.on('connect', () => socket.write(request + request));
      socket.on('data', (data: Buffer) => {
        text += data.toString('latin1');
      });
      socket.on('close', () => {
        closed = true;
      });
      socket.on('error', () => clearTimeout(timer));
    });
  }

  it('Content-Length within 16 KiB: drained, the connection kept (fast path and app path)', async () => {
    const body = JSON.stringify({ value: 'x'.repeat(15 * KIB) });
    for (const [requestLine, status] of [
      ['POST /api/v1/validate/iban HTTP/1.1', 401],
      ['PUT /api/v1/validate/iban HTTP/1.1', 405],
    ] as const) {
      const request = `${requestLine}\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
      expect(await sendTwice(request), requestLine).toEqual({ statuses: [status, status], closed: false });
    }
  });

  it('a chunked body that ends within 16 KiB: drained, the connection kept', async () => {
    const chunked = `POST /api/v1/validate/iban HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"val\r\n8\r\nue":"x"}\r\n0\r\n\r\n`;
    expect(await sendTwice(chunked)).toEqual({ statuses: [401, 401], closed: false });
  });
});
