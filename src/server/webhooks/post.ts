/**
 * One signed POST to a webhook receiver: node:http(s) rather than fetch, because the destination
 * guard must see the addresses the socket connects to (destination.ts), and no redirect is followed
 * (a 3xx is a failed attempt: a redirect could point anywhere, the guard's check included).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import { DestinationRefusedError, guardedLookup, literalHostRefusal, type Resolve } from './destination.js';

/** How long a receiver has to answer (headers included), unless told otherwise. */
export const DELIVERY_TIMEOUT_MS = 5_000;

/** What one attempt came to: the status, or why none came. */
export interface PostOutcome {
  /** The HTTP status answered; null when none came. */
  status: number | null;
  /** Why the attempt failed (a few words, never the body or a secret); null for a 2xx. */
  error: string | null;
  durationMs: number;
  /** The destination guard refused the address (destination.ts): no retry can change that. */
  refused: boolean;
}

export interface PostOptions {
  /** Deliver to loopback and private addresses too (`--allow-private-webhooks`). */
  allowPrivate: boolean;
  /** Default {@link DELIVERY_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Host resolution for the guard (tests); default node:dns. */
  resolve?: Resolve;
}

/** A network error in a few words, the same for every repeat (no address or port unless it helps). */
function errorText(error: unknown, timeoutMs: number, timedOut: boolean): string {
  if (timedOut) return `no answer within ${timeoutMs / 1000} s`;
  if (error instanceof DestinationRefusedError) return `destination refused: ${error.message}`;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND') return 'host not found';
  if (code === 'ECONNRESET') return 'connection reset';
  if (code !== '') return `network error ${code}`;
  return error instanceof Error ? error.message.slice(0, 200) : 'network error';
}

/**
 * POSTs `body` (JSON) to `url` with `headers`, and resolves with the outcome; never rejects.
 */
export function postWebhook(url: string, body: string, headers: Record<string, string>, options: PostOptions): Promise<PostOutcome> {
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve({ status: null, error: 'not a URL', durationMs: 0, refused: false });
  }
  const refusal = literalHostRefusal(target, options.allowPrivate);
  if (refusal !== null) return Promise.resolve({ status: null, error: `destination refused: ${refusal}`, durationMs: 0, refused: true });

  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'durationMs' | 'refused'>, refused = false): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed(), refused });
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      agent: false,
      ...(options.allowPrivate ? {} : { lookup: guardedLookup(options.resolve) }),
    });
    // One deadline for the whole exchange, not per socket event: a receiver trickling bytes cannot hold a delivery longer.
    const timer = setTimeout(() => {
      req.destroy();
      finish({ status: null, error: errorText(null, timeoutMs, true) });
    }, timeoutMs);
    req.on('response', (res: IncomingMessage) => {
      const status = res.statusCode ?? null;
      finish({ status, error: status !== null && status >= 200 && status < 300 ? null : `answered ${status ?? 'nothing'}` });
      // The answer's body means nothing to the service: it is read and dropped, for as long as the deadline allows.
      res.resume();
      setTimeout(() => res.destroy(), timeoutMs).unref();
    });
    req.on('error', (error) => finish({ status: null, error: errorText(error, timeoutMs, false) }, error instanceof DestinationRefusedError));
    req.end(body);
  });
}
