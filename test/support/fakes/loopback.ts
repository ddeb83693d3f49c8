/**
 * What the loopback fakes share (vies.ts, tedb.ts, vies-status.ts, hmrc.ts, swiss-uid.ts,
 * brreg.ts, and the client's stand-in of the API): listening on 127.0.0.1 on a free port, closing
 * with the clients' kept-alive connections cut, the SOAP endpoints' refusals before they read a
 * request, hanging or cutting the connection, answering slowly or with the test's body, and a
 * misbehaviour set by the test for the next N requests.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts `server` on 127.0.0.1 and a free port; resolves with the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Closes `server`, cutting the connections its clients keep alive, which would hold the close. */
export function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

/** A request listener that reads the whole body (as UTF-8) before `handle` sees the request. */
export function withBody(handle: (req: IncomingMessage, res: ServerResponse, body: string) => void | Promise<void>): RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void handle(req, res, Buffer.concat(chunks).toString('utf8')));
  };
}

/**
 * What a SOAP 1.1 endpoint of the Commission answers before reading the envelope: 405 to anything
 * but a POST, 415 to a body that is not `text/xml`. Returns whether it answered.
 */
export function refusedBeforeSoap(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'POST') {
    res.writeHead(405).end();
    return true;
  }
  if (!req.headers['content-type']?.toLowerCase().startsWith('text/xml')) {
    res.writeHead(415).end();
    return true;
  }
  return false;
}

/**
 * The two misbehaviours every fake has: 'hang' (never answer) and 'reset' (cut the connection).
 * Returns whether `behaviour` was one of them, now carried out.
 */
export function hungOrReset(behaviour: unknown, req: IncomingMessage): boolean {
  if (behaviour === 'reset') req.socket.destroy();
  return behaviour === 'hang' || behaviour === 'reset';
}

/** A misbehaviour the test sets for the next `times` requests; `normal` the rest of the time. */
export interface ScriptedBehaviour<B> {
  /** Misbehave as `next` for the next `times` requests (every one by default). */
  set(next: B, times?: number): void;
  /** The behaviour of the request that just came, counting it. */
  take(): B;
}

export function scriptedBehaviour<B>(normal: B): ScriptedBehaviour<B> {
  let behaviour = normal;
  let left = Infinity;
  return {
    set(next, times = Infinity) {
      behaviour = next;
      left = times;
    },
    take() {
      if (left <= 0 || behaviour === normal) return normal;
      left -= 1;
      return behaviour;
    },
  };
}

/** The misbehaviours the registry fakes (hmrc.ts, swiss-uid.ts, brreg.ts) share. */
export type LoopbackMisbehaviour =
  /** Accepts the request and never answers. */
  | { kind: 'hang' }
  /** Closes the connection without an answer. */
  | { kind: 'reset' }
  /** Answers normally after `ms`. */
  | { kind: 'slow'; ms: number }
  /** Any answer the test writes. */
  | { kind: 'body'; status: number; body: string; contentType?: string };

/**
 * Carries out `behaviour` when it is one of {@link LoopbackMisbehaviour}: returns true when the
 * request is dealt with (hung, cut, answered with the test's body), false when the fake is to
 * answer it normally (after the delay of `slow`; at once for anything else).
 */
export async function misbehaved(
  behaviour: { kind: string } | null,
  req: IncomingMessage,
  res: ServerResponse,
  defaultContentType: string,
): Promise<boolean> {
  if (behaviour === null) return false;
  if (hungOrReset(behaviour.kind, req)) return true;
  const common = behaviour as LoopbackMisbehaviour;
  if (common.kind === 'body') {
    res.writeHead(common.status, { 'Content-Type': common.contentType ?? defaultContentType });
    res.end(common.body);
    return true;
  }
  if (common.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, common.ms));
  return false;
}
