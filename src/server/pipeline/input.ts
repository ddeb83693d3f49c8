/**
 * A validation request as the pipeline reads it, whatever carries it (a Web-standard Request or
 * Node's IncomingMessage): the one interface the listener, the Hono route and the stages share.
 */
/** A body as read within the limit: its bytes, or why it could not be had. */
export type BodyBytes = Uint8Array | 'too-large' | 'unreadable';

/**
 * A validation request as the pipeline reads it, whatever carries it: a Web-standard Request (the
 * Hono app, {@link webInput}) or Node's IncomingMessage (the listener's fast path, node-input.ts).
 */
export interface ValidationInput {
  /** A request header by its lower-case name, or null when absent. */
  header(name: string): string | null;
  /** The body, never more than MAX_BODY_BYTES (policy/limits.ts) read (see body.ts readLimitedBody). */
  readBody(): Promise<BodyBytes>;
  /**
   * The client's address, for the budget of failed authentications (failure-budget.ts); absent
   * where the transport does not know it (an app's fetch called directly), and then no budget applies.
   */
  source?(): string;
}

