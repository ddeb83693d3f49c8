/**
 * The dashboard's sessions and sign-in links (../../features/sign-ins.ts), kept as the SHA-256 of
 * their tokens only; an operator's session has no account. The secrets kept for their one showing
 * are sealed, and go with the session that made them.
 */
import { accountId, column, optional, type TableDeclaration } from './declare.js';

// Who may ask for a sign-in link by email; an address once per account. A member removed takes
// its sessions and links with it (their member_id refers here).
export const ACCOUNT_MEMBERS: TableDeclaration = {
  name: 'account_members',
  columns: [
    accountId(),
    column('id', 'text', { primaryKey: true }),
    column('email', 'text'),
    column('role', 'text', { check: "role IN ('owner', 'developer', 'viewer')" }),
    column('created_at', 'time'),
  ],
  unique: [['account_id', 'email']],
  indexes: [{ name: 'account_members_email', columns: ['email'] }],
};

/** The member a session or link signs in, added after the sessions and links were (a later migration). */
export const SESSION_MEMBER = optional('member_id', 'text', { references: { table: 'account_members', column: 'id' } });
export const LINK_MEMBER = optional('member_id', 'text', { references: { table: 'account_members', column: 'id' } });

export const DASHBOARD_SESSIONS: TableDeclaration = {
  name: 'dashboard_sessions',
  columns: [
    column('hash', 'digest', { primaryKey: true }),
    accountId({ nullable: true }),
    column('created_at', 'time'),
    column('last_seen_at', 'time'),
    SESSION_MEMBER,
  ],
  clustered: true,
  indexes: [{ name: 'dashboard_sessions_last_seen', columns: ['last_seen_at'] }],
};

// A used link keeps its row (used_at set) until it expires, so that it cannot be used again.
export const LOGIN_LINKS: TableDeclaration = {
  name: 'login_links',
  columns: [
    column('hash', 'digest', { primaryKey: true }),
    accountId({ nullable: true }),
    column('created_at', 'time'),
    column('expires_at', 'time'),
    optional('used_at', 'time'),
    LINK_MEMBER,
  ],
  clustered: true,
  indexes: [{ name: 'login_links_expires', columns: ['expires_at'] }],
};

// Taken out by one DELETE when shown; an expired row is left for the prune job.
export const SECRET_REVEALS: TableDeclaration = {
  name: 'secret_reveals',
  columns: [
    column('hash', 'digest', { primaryKey: true }),
    column('session_hash', 'digest', { references: { table: 'dashboard_sessions', column: 'hash' } }),
    accountId(),
    column('kind', 'text', { check: "kind IN ('api-key', 'webhook-secret', 'login-link')" }),
    column('secret', 'sealed'),
    optional('label', 'text'),
    column('created_at', 'time'),
    column('expires_at', 'time'),
  ],
  clustered: true,
  indexes: [{ name: 'secret_reveals_expires', columns: ['expires_at'] }],
};
