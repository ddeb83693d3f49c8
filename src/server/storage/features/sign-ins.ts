/**
 * The dashboard's sign-ins: sessions and one-time links, both kept as the SHA-256 of their tokens.
 */
/** A dashboard session as stored: never the session token, only its SHA-256 (lower-case hex). */
export interface SessionRecord {
  /** SHA-256 of the session token, lower-case hex. */
  hash: string;
  /** The account it signs in; null: the operator. */
  accountId: string | null;
  /** When the session started. */
  createdAt: Date;
  /** Last request seen (sessions expire after SESSION_IDLE_MS without one). */
  lastSeenAt: Date;
}

/** A one-time sign-in link as stored: its token's SHA-256 only. */
export interface LoginLinkRecord {
  /** SHA-256 of the link's token, lower-case hex. */
  hash: string;
  /** The account it signs in; null: the operator. */
  accountId: string | null;
  /** When the link was made. */
  createdAt: Date;
  /** After this the link no longer signs in. */
  expiresAt: Date;
}

/** Dashboard sessions, stored as hashes. */
export interface SessionRepository {
  create(session: SessionRecord): Promise<void>;
  find(hash: string): Promise<SessionRecord | null>;
  /** Records a request at `at` (callers call it at most once a minute per session). */
  touch(hash: string, at: Date): Promise<void>;
  delete(hash: string): Promise<void>;
  /** Deletes sessions last seen before `idleBefore`; resolves with how many. */
  prune(idleBefore: Date): Promise<number>;
}

/** One-time sign-in links, stored as hashes. */
export interface LoginLinkRepository {
  create(link: LoginLinkRecord): Promise<void>;
  /**
   * Uses a link once, atomically (one statement: two concurrent consumers cannot both win):
   * resolves with the record when it exists, was never used and has not expired at `now`, and
   * marks it used; null otherwise.
   */
  consume(hash: string, now: Date): Promise<LoginLinkRecord | null>;
  /** Deletes links that expired before `before`; resolves with how many. */
  prune(before: Date): Promise<number>;
}

/** The store's dashboard sign-ins. */
export interface SignIns {
  /** Dashboard sessions, stored as hashes. */
  sessions: SessionRepository;
  /** One-time sign-in links, stored as hashes. */
  loginLinks: LoginLinkRepository;
}
