/**
 * Node's IncomingMessage as a ValidationInput (../pipeline/body.ts), for the listener's fast path
 * (fast-path.ts): the headers Node already parsed, and the body read straight from the stream
 * with the same limits as readLimitedBody, without building a Web Request around it.
 */
import type { IncomingMessage } from 'node:http';
import { requestSource, type TrustedProxies } from './client-source.js';
import { declaresTooLarge, MAX_BODY_BYTES } from '../pipeline/body.js';
import type { BodyBytes, ValidationInput } from '../pipeline/input.js';

/**
 * The body of `incoming`, at most {@link MAX_BODY_BYTES}: a declared Content-Length over the limit
 * is refused before reading, a chunked body is cut off at the limit (reading stops there; the
 * fast path then closes the connection rather than read the rest: unread-body.ts).
 */
export function readNodeBody(incoming: IncomingMessage): Promise<BodyBytes> {
  if (declaresTooLarge(rawHeader(incoming.rawHeaders, 'content-length'))) return Promise.resolve('too-large');
  if (incoming.readableEnded) return Promise.resolve(new Uint8Array(0));
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const finish = (outcome: BodyBytes): void => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('aborted', onError);
      resolve(outcome);
    };
    const onData = (chunk: Buffer): void => {
      total += chunk.byteLength;
      if (total > MAX_BODY_BYTES) {
        incoming.pause();
        finish('too-large');
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      finish(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total));
    };
    // The client went away or sent a broken chunked encoding.
    const onError = (): void => finish('unreadable');
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('aborted', onError);
  });
}

/**
 * A header by its lower-case name, read as a Web Request reads it: every occurrence, joined with
 * ", ". (Node's `headers` object keeps only the first Content-Type, so two conflicting ones would
 * pass for one.)
 */
export function rawHeader(rawHeaders: readonly string[], name: string): string | null {
  let value: string | null = null;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const candidate = rawHeaders[index] as string;
    if (candidate.length !== name.length || candidate.toLowerCase() !== name) continue;
    const text = rawHeaders[index + 1] as string;
    value = value === null ? text : `${value}, ${text}`;
  }
  return value;
}

/** `incoming` as a {@link ValidationInput}; its source is the peer, or the client a trusted proxy names (client-source.ts). */
export function nodeInput(incoming: IncomingMessage, trusted: TrustedProxies): ValidationInput {
  return {
    readBody: () => readNodeBody(incoming),
    header: (name) => rawHeader(incoming.rawHeaders, name),
    source: () => nodeSource(incoming, trusted),
  };
}

/** The source of `incoming` (client-source.ts): the X-Forwarded-For headers are read only when its peer is a trusted proxy. */
export function nodeSource(incoming: IncomingMessage, trusted: TrustedProxies): string {
  const peer = incoming.socket.remoteAddress;
  return requestSource(peer, peer !== undefined && trusted(peer) ? rawHeader(incoming.rawHeaders, 'x-forwarded-for') : null, trusted);
}
