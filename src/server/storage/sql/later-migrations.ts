/**
 * The migrations written once for both engines, oldest first: each engine applies them after its
 * own released ones (../sqlite/schema.ts, ../postgres/schema.ts), each step rendered by ./ddl.ts.
 * A table or column added to the declaration (./tables/) is added here too, by a step naming the
 * same declaration (`{ addTable: X }`, `{ addColumn: { table, column: X.columns[i] } }`); the
 * schema contract tests fail while the two disagree. Never edited once released.
 */
import type { MigrationStep } from './ddl.js';
import { ACCOUNT_MEMBERS, LINK_MEMBER, SECRET_REVEALS, SESSION_MEMBER } from './tables/sign-ins.js';

export const LATER_MIGRATIONS: readonly (readonly MigrationStep[])[] = [
  // The dashboard's secrets kept sealed for their one showing after a form (issue 31).
  [{ addTable: SECRET_REVEALS }],
  // The accounts' members, who sign in by email, and the member each session and link signs in (issue 31).
  [
    { addTable: ACCOUNT_MEMBERS },
    { addColumn: { table: 'dashboard_sessions', column: SESSION_MEMBER } },
    { addColumn: { table: 'login_links', column: LINK_MEMBER } },
  ],
];
