/**
 * What each member's role allows in the dashboard (docs/service.md#dashboard), in one table that the
 * routes enforce (./routes/context.ts, for every page and form) and the views read to leave out the
 * buttons of what is refused: a viewer reads; a developer also manages keys, webhooks and jobs; an
 * owner also the members, the account's settings and its sessions. The operator may do everything.
 */
import type { MemberRole } from '../storage/types.js';
import type { Frame, Viewer } from './views/models.js';
import { LOGOUT_PATH } from './views/paths.js';

const RANK: Readonly<Record<MemberRole, number>> = { viewer: 0, developer: 1, owner: 2 };

/** The pages and forms of an owner only: the members, the account's VAT number, sign out everywhere. */
const OWNER_PATHS = /^\/dashboard\/accounts\/[^/]+\/(?:members(?:\/.*)?|vat-number|sign-out-everywhere)$/;
/** Confirmation pages of a change (revoke, rotate, cancel): a developer's, even as a GET, since they are its first step. */
const CHANGE_PAGES = /\/(?:revoke|rotate|cancel)$/;

/**
 * The least role a request needs: an owner's page or form, any other form (a developer's; signing
 * out is anyone's), a confirmation page (a developer's), or any other page (a viewer's).
 * @example
 * ```ts
 * roleNeeded('POST', '/dashboard/accounts/a1/keys'); // 'developer'
 * roleNeeded('GET', '/dashboard/accounts/a1/members'); // 'owner'
 * roleNeeded('GET', '/dashboard/accounts/a1/usage'); // 'viewer'
 * ```
 */
export function roleNeeded(method: string, path: string): MemberRole {
  if (OWNER_PATHS.test(path)) return 'owner';
  if (method === 'POST' && path !== LOGOUT_PATH) return 'developer';
  if (CHANGE_PAGES.test(path)) return 'developer';
  return 'viewer';
}

/** Whether `viewer` (the operator, or a member with its role) has at least `role`. */
export function hasRole(viewer: Viewer | null, role: MemberRole): boolean {
  if (viewer === null) return false;
  return viewer.kind === 'operator' || RANK[viewer.role] >= RANK[role];
}

/** Whether the page's viewer may use a form that needs `role`: the views show its buttons only then. */
export function frameMay(frame: Frame, role: MemberRole): boolean {
  return hasRole(frame.viewer, role);
}
