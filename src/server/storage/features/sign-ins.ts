/**
 * The dashboard's sign-ins: the accounts' members (who may ask for a link by email, and with which
 * role), sessions and one-time links, both kept as the SHA-256 of their tokens, and the secrets a
 * session's form made, kept sealed until the page after the form shows them once.
 */
/** What a member may do in the dashboard: `viewer` reads, `developer` also manages keys, webhooks and jobs, `owner` also the members. */
export type MemberRole = 'owner' | 'developer' | 'viewer';

/** The roles, from the most to the least allowed. */
export const MEMBER_ROLES: readonly MemberRole[] = ['owner', 'developer', 'viewer'];

/** A person who may sign in to an account by email. */
export interface MemberRecord {
  /** The member's id (a UUID). */
  id: string;
  /** The account it is a member of. */
  accountId: string;
  /** The address, trimmed and lower-cased: unique within the account. */
  email: string;
  /** What it may do in the dashboard. */
  role: MemberRole;
  /** When it was added. */
  createdAt: Date;
}

/** What a change that could leave an account without an owner did. */
export type MemberChange = 'done' | 'not-found' | 'last-owner';

/** The accounts' members. */
export interface MemberRepository {
  /**
   * Adds a member (`email` as given: the caller normalizes it); resolves with the record, or null
   * when the account has a member with that address already. Rejects for an unknown account.
   */
  add(member: MemberRecord): Promise<MemberRecord | null>;
  /** The account's members, oldest first. */
  list(accountId: string): Promise<MemberRecord[]>;
  /** The member `memberId` of account `accountId`, or null. */
  get(accountId: string, memberId: string): Promise<MemberRecord | null>;
  /** Every account's member with address `email` (normalized), oldest first. */
  findByEmail(email: string): Promise<MemberRecord[]>;
  /**
   * Changes a member's role; 'last-owner' (and nothing changed) when that would leave the account
   * without an owner. Checked and changed holding the account's row lock, so two concurrent changes
   * cannot each remove one of the last two owners.
   */
  setRole(accountId: string, memberId: string, role: MemberRole): Promise<MemberChange>;
  /** Removes a member, and with it its sessions and links; 'last-owner' as {@link setRole}. */
  remove(accountId: string, memberId: string): Promise<MemberChange>;
}

/** A dashboard session as stored: never the session token, only its SHA-256 (lower-case hex). */
export interface SessionRecord {
  /** SHA-256 of the session token, lower-case hex. */
  hash: string;
  /** The account it signs in; null: the operator. */
  accountId: string | null;
  /** The member it signs in (whose role it has); null: the operator, or an account's owner by a link the operator made. */
  memberId?: string | null;
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
  /** The member it signs in; null: the operator, or the account's owner (a link the operator made). */
  memberId?: string | null;
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
  /** Deletes every session of account `accountId` (sign out everywhere); resolves with how many. */
  deleteForAccount(accountId: string): Promise<number>;
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

/** What a secret kept for its one showing is: a new API key, a new webhook signing secret, or a sign-in link the operator made for an account. */
export type RevealKind = 'api-key' | 'webhook-secret' | 'login-link';

/**
 * A secret a dashboard form made, kept until the page the form leads to shows it once: found by
 * the SHA-256 of a random reference (the page's `?reveal=`), for the session that made it only.
 */
export interface SecretRevealRecord {
  /** SHA-256 of the reference, lower-case hex. */
  hash: string;
  /** SHA-256 of the token of the session that made it (its row in the sessions): no other session takes it. */
  sessionHash: string;
  /** The account whose key or webhook it is. */
  accountId: string;
  kind: RevealKind;
  /** The secret itself: sealed at rest (../sealing.ts), in clear only in this record. */
  secret: string;
  /** What the page calls it (a key's name); null when it has no name. */
  label: string | null;
  createdAt: Date;
  /** After this it is never shown. */
  expiresAt: Date;
}

/** Secrets kept for their one showing. */
export interface SecretRevealRepository {
  create(reveal: SecretRevealRecord): Promise<void>;
  /**
   * Takes the secret out, atomically (one DELETE: two concurrent takers cannot both get it):
   * resolves with the record when it exists, was made by session `sessionHash` and has not expired
   * at `now`, and deletes it; null otherwise (and then a row of another session stays).
   */
  take(hash: string, sessionHash: string, now: Date): Promise<SecretRevealRecord | null>;
  /** Deletes those that expired before `before`; resolves with how many. */
  prune(before: Date): Promise<number>;
}

/** The store's dashboard sign-ins. */
export interface SignIns {
  /** The accounts' members, who sign in by email. */
  members: MemberRepository;
  /** Dashboard sessions, stored as hashes. */
  sessions: SessionRepository;
  /** One-time sign-in links, stored as hashes. */
  loginLinks: LoginLinkRepository;
  /** Secrets kept sealed for their one showing, by the SHA-256 of their reference. */
  secretReveals: SecretRevealRepository;
}
