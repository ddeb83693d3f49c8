/**
 * One HTTP call of the SOAP adapters (soap.ts), the VIES status feed (vies-status.ts) and the JSON
 * registries (registry-http.ts): the exchange under a time budget, and the error of a call that
 * brought back no usable answer, which each adapter names as its own (SoapTransportError,
 * ViesStatusError, RegistryHttpError).
 */

/** Why a call brought back no usable answer. */
export type HttpFailureKind =
  /** The time budget ran out (no answer, or the answer stalled). */
  | 'timeout'
  /** The caller's AbortSignal fired. */
  | 'aborted'
  /** The connection failed or was reset. */
  | 'network'
  /** A non-2xx status without an answer the protocol defines for it (a SOAP Fault, say). */
  | 'http'
  /** A 2xx status whose body cannot be read as the protocol's answer (truncated, HTML, empty). */
  | 'malformed';

/** A call that brought back no usable answer. */
export class HttpCallError extends Error {
  constructor(
    /** Why the call failed. */
    readonly kind: HttpFailureKind,
    message: string,
    /** HTTP status, when a response arrived. */
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A response read in full. */
export interface TextResponse {
  status: number;
  text: string;
  /** The response's headers (HMRC's throttling says in `Retry-After` how long to wait). */
  headers: Headers;
}

/**
 * Fetches `url` with `init` and reads the body as text, all within `timeoutMs`: a server can send
 * its headers and then stall the body. `signal` aborts the call too.
 * @throws `Failure` (the adapter's HttpCallError): `aborted` when `signal` fired (before the start
 * too), `timeout` when the budget ran out, `network` when the connection failed.
 */
export async function timedFetch(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  Failure: typeof HttpCallError,
): Promise<TextResponse> {
  if (signal?.aborted) throw new Failure('aborted', 'The call was aborted before it started');
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = (): void => controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await fetchImpl(url, { ...init, signal: controller.signal });
    // Still under the budget: a server can send headers and then stall the body.
    return { status: response.status, text: await response.text(), headers: response.headers };
  } catch (error) {
    if (timedOut) throw new Failure('timeout', `No answer from ${url} within ${timeoutMs} ms`, null, { cause: error });
    if (signal?.aborted) throw new Failure('aborted', 'The call was aborted', null, { cause: error });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Failure('network', `Could not reach ${url}: ${reason}`, null, { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}
