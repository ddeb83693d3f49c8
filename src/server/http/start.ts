/**
 * `startServer`: the app of src/server/http/app.ts behind a Node listener (@hono/node-server 2), with a
 * fast path for the validation endpoints that skips the Web Request/Response translation. On both
 * paths, a body the service does not read is never read past 16 KiB (unread-body.ts). The
 * app is made ready (store open, migrations run, jobs started) before the port opens, so the first
 * connection is served by a complete service; closing stops listening first, lets the requests in
 * flight finish (their counts are committed by the app's meter), then closes the app.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { getRequestListener, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { assembleApp, type AppConfig, type AssembledApp, type VerifieldApp } from './app.js';
import type { ServerConfig } from '../config.js';
import type { ValidationResult } from '../../result.js';
import { ERROR_MESSAGES, errorEnvelope, refusalEnvelope } from '../answers/errors.js';
import { validationFastPath } from './fast-path.js';
import { answerAndClose, connectionFate } from './unread-body.js';

/** The port `startServer` and `verifield serve` listen on unless told. */
export const DEFAULT_PORT = 8080;
/** The interface `startServer` and `verifield serve` listen on unless told: loopback only. */
export const DEFAULT_HOST = '127.0.0.1';
/**
 * How long requests in flight may take to finish on close before their connections are cut: with
 * the app's own close after it (the meter's last commit, the store closed), a stop ends within 10 s.
 */
export const CLOSE_GRACE_MS = 8_000;

/** net.Server's close: stops accepting, leaves the open connections alone (see stopListening). */
const netClose = NetServer.prototype.close;

/**
 * How long a client may take, so that a slow or silent one cannot hold a connection (and its
 * memory) for ever. A request is small (headers, at most 16 KiB of body), so honest clients need
 * far less; the time the service takes to answer is not counted.
 */
export interface ServerTimeouts {
  /** From the start of a request (a new connection, or the end of the previous answer) to the end of its headers. Default 10 s. */
  headersMs: number;
  /** From the start of a request to the end of its body. Default 30 s; at least `headersMs`. */
  requestMs: number;
  /** How long an idle kept-alive connection stays open after an answer (Node adds a second of grace). Default 5 s. */
  keepAliveMs: number;
}

/** The client timeouts of {@link startServer} when none are given: 10 s, 30 s and 5 s. */
export const DEFAULT_TIMEOUTS: Readonly<ServerTimeouts> = Object.freeze({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 });

/** The settings of {@link startServer}: the app's, and the client timeouts of the listener. */
export interface StartConfig extends AppConfig {
  /** Client timeouts; each one left out keeps its default ({@link DEFAULT_TIMEOUTS}). */
  timeouts?: Partial<ServerTimeouts>;
}

function timeoutsOf(config: StartConfig): ServerTimeouts {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...config.timeouts };
  for (const [name, ms] of Object.entries(timeouts)) {
    if (!Number.isSafeInteger(ms) || ms <= 0) throw new RangeError(`timeouts.${name} must be a positive number of milliseconds, got ${String(ms)}`);
  }
  if (timeouts.requestMs < timeouts.headersMs) throw new RangeError('timeouts.requestMs must be at least timeouts.headersMs');
  return timeouts;
}

/** Status and message of a request Node's HTTP parser refused before the app saw it. */
function refusalOf(code: string | undefined): { status: number; reason: string; message: string } {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, reason: 'Request Timeout', message: 'The request did not arrive in time: send the headers and the body at once' };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, reason: 'Request Header Fields Too Large', message: 'The request headers are larger than 16 KiB' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, reason: 'Content Too Large', message: 'The chunk extensions of the request body are too large' };
    default:
      return { status: 400, reason: 'Bad Request', message: 'The request is not well-formed HTTP/1.1' };
  }
}

/** Writes a refusal with the error envelope straight to `socket`, then closes the connection. */
function refuseOnSocket(socket: Duplex, status: number, reason: string, envelope: ValidationResult, extraHeaders = ''): void {
  const body = JSON.stringify(envelope);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Language: en\r\n${extraHeaders}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Answers a request that Node's parser refused (broken framing, headers too large, a client too
 * slow) with the error envelope instead of Node's bare status line, then closes the connection.
 * As Node does, nothing is written once an answer has started on the connection, and a client
 * that is gone gets nothing.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && (inFlight === null || inFlight === undefined || !inFlight.headersSent) && error.code !== 'ECONNRESET') {
    const { status, reason, message } = refusalOf(error.code);
    refuseOnSocket(socket, status, reason, refusalEnvelope(message));
  }
  socket.destroySoon();
}

/**
 * The requests Node answers on its own with a bare status (or none) unless told otherwise: CONNECT
 * (no tunnels here) and an `Expect` other than 100-continue. Each gets the error envelope.
 */
function refuseOtherProtocols(server: Server): void {
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    refuseOnSocket(socket, 405, 'Method Not Allowed', errorEnvelope('METHOD_NOT_ALLOWED', ERROR_MESSAGES.METHOD_NOT_ALLOWED, ''), 'Allow: POST\r\n');
  });
  server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify(refusalEnvelope('Only "Expect: 100-continue" is supported'));
    response.writeHead(417, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Language': 'en', 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
    response.end(body);
  });
}

/** A listening service; see {@link startServer}. */
export interface RunningServer {
  /** Base address to call, e.g. `http://127.0.0.1:8080` (a wildcard host is given as loopback). */
  url: string;
  /** The port listened on (the one picked when the config asked for 0). */
  port: number;
  /** The running app (its `fetch` handler, `ready()` and `close()`). */
  app: VerifieldApp;
  /** Stops listening, waits for the requests in flight, then closes the app. Safe to call twice. */
  close(): Promise<void>;
}

/** How a client on this machine reaches `host`: wildcards become loopback, IPv6 gets brackets. */
export function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** What @hono/node-server must not write: the answer is on the socket already. */
const ALREADY_SENT_HEADER = 'x-hono-already-sent';

/**
 * The app's fetch for @hono/node-server, with the body limit of unread-body.ts: when the app
 * answered without reading a body that goes on past 16 KiB, the answer is written here, with
 * `Connection: close`, and the adapter is told it was sent.
 */
function fetchWithinBodyLimit(app: VerifieldApp): (request: Request, env: HttpBindings | Http2Bindings) => Promise<Response> {
  return async (request, env) => {
    const response = await app.fetch(request, env);
    // The listener is node:http's (HTTP/1.1): its bindings are always these.
    const { incoming, outgoing } = env as HttpBindings;
    if ((await connectionFate(incoming)) === 'keep') return response;
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    answerAndClose(incoming, outgoing, response.status, headers, new Uint8Array(await response.arrayBuffer()));
    return new Response(null, { headers: { [ALREADY_SENT_HEADER]: '1' } });
  };
}

/** How long a kept-alive connection must have been quiet, once closing, before it is closed unasked. */
export const CLOSE_QUIET_MS = 500;

/**
 * The connections of a listener and the answer last begun on each, so that a close can finish
 * what is in flight (docs/service.md#stopping): the last answer of each connection carries
 * `Connection: close` (an earlier one would cut the requests pipelined after it), a request that
 * arrives on a kept-alive connection while closing is answered and its connection closed, and a
 * connection with nothing in flight is closed once it has been quiet for {@link CLOSE_QUIET_MS}.
 * (Node's own server.close() closes idle connections at once, and a client that had just sent
 * its next request on one would see a reset: the cause of the resets of issue 29.)
 */
class Connections {
  /** Each open connection and the answer last begun on it (undefined before its first request). */
  readonly #open = new Map<Socket, ServerResponse | undefined>();
  /** performance.now() when each connection last had nothing in flight. */
  readonly #quietSince = new Map<Socket, number>();
  #sweep: ReturnType<typeof setInterval> | undefined;
  #closing = false;

  /** Notes a new connection. */
  opened(socket: Socket): void {
    this.#open.set(socket, undefined);
    this.#quietSince.set(socket, performance.now());
    socket.once('close', () => {
      this.#open.delete(socket);
      this.#quietSince.delete(socket);
      if (this.#open.size === 0) this.#stopSweeping();
    });
  }

  /** Notes the answer `outgoing` begun on its connection (a request just arrived). */
  begun(incoming: IncomingMessage, outgoing: ServerResponse): void {
    const { socket } = incoming;
    const previous = this.#open.get(socket);
    this.#open.set(socket, outgoing);
    outgoing.once('finish', () => {
      if (this.#open.get(socket) === outgoing) this.#quietSince.set(socket, performance.now());
    });
    if (!this.#closing) return;
    if (previous !== undefined && !previous.headersSent) previous.removeHeader('Connection');
    outgoing.setHeader('Connection', 'close');
  }

  /** From now on, each connection closes after its last answer, or once quiet. */
  close(): void {
    this.#closing = true;
    for (const outgoing of this.#open.values()) if (outgoing !== undefined && !outgoing.headersSent) outgoing.setHeader('Connection', 'close');
    if (this.#open.size === 0) return;
    this.#sweep = setInterval(() => this.#closeQuiet(), CLOSE_QUIET_MS / 5);
    this.#sweep.unref();
  }

  #closeQuiet(): void {
    const now = performance.now();
    for (const [socket, outgoing] of this.#open) {
      const inFlight = outgoing !== undefined && !outgoing.writableFinished;
      if (!inFlight && now - (this.#quietSince.get(socket) ?? now) >= CLOSE_QUIET_MS) socket.destroySoon();
    }
  }

  #stopSweeping(): void {
    if (this.#sweep !== undefined) clearInterval(this.#sweep);
    this.#sweep = undefined;
  }
}

function listen({ app, validation, trusted }: AssembledApp, port: number, hostname: string, timeouts: ServerTimeouts): Promise<{ server: Server; connections: Connections }> {
  return new Promise((resolve, reject) => {
    const serverOptions = {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // Node enforces the two timeouts above on this tick (default 30 s): keep it a fraction of them.
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(timeouts.headersMs / 4))),
      // Without a Host header Node answers a bare 400 itself; the routes do not depend on the host,
      // so the request goes on to get the service's own answer (with the envelope).
      requireHostHeader: false,
    };
    const fastPath = validationFastPath(validation, trusted);
    const connections = new Connections();
    // The adapter's own clean-up reads up to 64 MiB of an unread body; unread-body.ts reads 16 KiB.
    // Its lighter global Response would not honour the already-sent header: the global is left alone.
    const appListener = getRequestListener(fetchWithinBodyLimit(app), {
      hostname,
      autoCleanupIncoming: false,
      overrideGlobalObjects: false,
    });
    // Validation calls take the fast path (fast-path.ts); everything else goes through node-server to the app.
    const server = createServer(serverOptions, (incoming, outgoing) => {
      connections.begun(incoming, outgoing);
      if (!fastPath(incoming, outgoing)) void appListener(incoming, outgoing);
    });
    // A failure to bind (port taken, no such interface) comes as 'error'.
    server.listen(port, hostname, () => {
      server.off('error', reject);
      resolve({ server, connections });
    });
    server.on('connection', (socket: Socket) => connections.opened(socket));
    server.on('clientError', answerClientError);
    refuseOtherProtocols(server);
    server.once('error', reject);
  });
}

/**
 * Stops accepting connections, finishes the requests in flight on the open ones (each connection
 * closed after its last answer), and cuts whatever is still open after {@link CLOSE_GRACE_MS}.
 */
function stopListening(server: Server, connections: Connections): Promise<void> {
  return new Promise((resolve) => {
    const grace = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
    grace.unref();
    // net.Server's close, not http.Server's: the latter would cut the idle kept-alive connections at
    // once (Connections closes them once quiet). Calling http's close afterwards clears its timers.
    netClose.call(server, () => {
      clearTimeout(grace);
      server.close(() => undefined);
      resolve();
    });
    connections.close();
  });
}

/**
 * Starts the HTTP service: builds the app from `config` (a {@link ServerConfig}, plus the test and
 * embedding settings of AppConfig), waits until it is ready, then listens on `config.host`:`config.port`
 * (defaults 127.0.0.1:8080; port 0 picks a free one). Clients that are too slow are cut off
 * ({@link ServerTimeouts}), and requests Node's parser refuses get the error envelope too.
 * @example
 * ```ts
 * const store = await openEmbeddedStore();
 * const server = await startServer({ port: 0, store, jobs: false });
 * server.url.startsWith('http://127.0.0.1:'); // true
 * (await fetch(`${server.url}/healthz`)).status; // 200
 * await server.close();
 * await store.close();
 * ```
 */
export async function startServer(config: StartConfig): Promise<RunningServer> {
  const timeouts = timeoutsOf(config);
  const assembled = assembleApp(config);
  const { app } = assembled;
  const host = config.host ?? DEFAULT_HOST;
  let server: Server;
  let connections: Connections;
  try {
    await app.ready();
    ({ server, connections } = await listen(assembled, config.port ?? DEFAULT_PORT, host, timeouts));
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${reachableHost(host)}:${port}`,
    port,
    app,
    close() {
      closing ??= stopListening(server, connections).then(() => app.close());
      return closing;
    },
  };
}
