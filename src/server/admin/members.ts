/**
 * The accounts' members (docs/service.md#dashboard): people who sign in to an account by email,
 * each with a role. The operator adds the first (CLI, admin API); an owner adds more from the
 * dashboard. Shared by the admin API, the dashboard and the CLI, so that each checks the address,
 * the role and the last owner the same way.
 */
import { randomUUID } from 'node:crypto';
import type { Store } from '../storage/types.js';
import { MEMBER_ROLES, type MemberRecord, type MemberRole } from '../storage/types.js';
import { UnknownAccountError } from './key-admin.js';

/** The longest address taken (RFC 5321's limit of a path). */
const MAX_EMAIL_LENGTH = 254;
/** Something@something.tld, no spaces, no second @: the mail server says the rest. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A member change refused: the address is a member already, the change would leave no owner, or no such member. */
export class MemberChangeError extends Error {
  /** Always `MemberChangeError`. */
  override readonly name = 'MemberChangeError';
  constructor(
    /** Why: `exists` (the address is a member already), `last-owner`, or `not-found`. */
    readonly reason: 'exists' | 'last-owner' | 'not-found',
    message: string,
  ) {
    super(message);
  }
}

/**
 * An address as members are kept: trimmed and lower-cased. Rejects with a RangeError what cannot be
 * an address.
 * @example
 * ```ts
 * normalizeEmail('  Ana@Example.COM '); // 'ana@example.com'
 * ```
 */
export function normalizeEmail(text: string): string {
  const email = text.trim().toLowerCase();
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_SHAPE.test(email)) throw new RangeError(`email must be an address such as ana@example.com (at most ${MAX_EMAIL_LENGTH} characters)`);
  return email;
}

/**
 * A role as written (any case), or a RangeError naming the roles.
 * @example
 * ```ts
 * parseRole('Owner'); // 'owner'
 * ```
 */
export function parseRole(text: string): MemberRole {
  const role = text.trim().toLowerCase();
  const known = MEMBER_ROLES.find((r) => r === role);
  if (known === undefined) throw new RangeError(`role must be one of ${MEMBER_ROLES.join(', ')}`);
  return known;
}

async function requireAccount(store: Store, accountId: string): Promise<void> {
  if ((await store.accounts.get(accountId)) === null) throw new UnknownAccountError(accountId);
}

const LAST_OWNER = 'An account keeps at least one owner: make another member owner first';
const NO_MEMBER = 'No member with this id';

/** Adds `email` (normalized) to the account with `role`; a MemberChangeError `exists` when it is a member already. */
export async function addMember(store: Store, accountId: string, email: string, role: MemberRole, now: Date): Promise<MemberRecord> {
  const record: MemberRecord = { id: randomUUID(), accountId, email: normalizeEmail(email), role, createdAt: now };
  await requireAccount(store, accountId);
  const added = await store.members.add(record);
  if (added === null) throw new MemberChangeError('exists', `${record.email} is a member of this account already`);
  return added;
}

/** The account's members, oldest first; an UnknownAccountError for an unknown account. */
export async function listMembers(store: Store, accountId: string): Promise<MemberRecord[]> {
  await requireAccount(store, accountId);
  return store.members.list(accountId);
}

/** Changes a member's role; a MemberChangeError when there is no such member or it would leave no owner. */
export async function setMemberRole(store: Store, accountId: string, memberId: string, role: MemberRole): Promise<MemberRecord> {
  await requireAccount(store, accountId);
  const outcome = await store.members.setRole(accountId, memberId, role);
  if (outcome === 'last-owner') throw new MemberChangeError('last-owner', LAST_OWNER);
  const member = outcome === 'done' ? await store.members.get(accountId, memberId) : null;
  if (member === null) throw new MemberChangeError('not-found', NO_MEMBER);
  return member;
}

/** Removes a member (its sessions and links end with it); a MemberChangeError as {@link setMemberRole}. */
export async function removeMember(store: Store, accountId: string, memberId: string): Promise<void> {
  await requireAccount(store, accountId);
  const outcome = await store.members.remove(accountId, memberId);
  if (outcome === 'last-owner') throw new MemberChangeError('last-owner', LAST_OWNER);
  if (outcome === 'not-found') throw new MemberChangeError('not-found', NO_MEMBER);
}
